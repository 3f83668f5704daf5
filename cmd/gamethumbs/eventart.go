package main

import (
	"context"
	"log/slog"
	"time"

	"gamethumbs/internal/config"
	"gamethumbs/internal/scene"
	"gamethumbs/internal/xcproxy/eventart"
)

// Event art answers are remembered this long, for this many names.
const (
	eventArtTTL   = 30 * time.Minute
	eventArtNames = 50_000
	// eventArtWait bounds one name's reading (a roster download the first
	// time); a name not read in time keeps its guide logo.
	eventArtWait = 5 * time.Second
)

// newEventArt builds the XC proxy's event art from XC_EVENT_ART and
// XC_EVENT_ART_GUIDE. backend returns the image service once it is built
// (nil in APP_MODE=xcproxy, where event art is off). It returns nil when
// event art is off.
func newEventArt(cfg config.Config, log *slog.Logger, backend func() *scene.Service) *eventart.Art {
	kind, _ := eventart.ParseKind(cfg.EventArt.Kind)
	if kind == eventart.Off && !cfg.EventArt.Guide {
		return nil
	}
	if cfg.Mode != config.ModeStandard {
		log.Warn("XC_EVENT_ART and XC_EVENT_ART_GUIDE need the image service; ignored in APP_MODE=xcproxy")
		return nil
	}
	namer := func(ctx context.Context, name string) (string, bool, error) {
		svc := backend()
		if svc == nil {
			return "", false, nil
		}
		ctx, cancel := context.WithTimeout(ctx, eventArtWait)
		defer cancel()
		res, _, err := svc.Event(ctx, name, "")
		if err != nil {
			return "", false, err
		}
		if res == nil || res.Teams != 2 {
			return "", false, nil
		}
		return res.Canonical(), true, nil
	}
	return &eventart.Art{
		Kind:                kind,
		Guide:               cfg.EventArt.Guide,
		Namer:               eventart.Memo(namer, eventArtNames, eventArtTTL, nil),
		PublicRoot:          eventart.RootFromProxyURL(cfg.XCPublicURL),
		TrustForwardedProto: cfg.TrustProxy > 0,
	}
}
