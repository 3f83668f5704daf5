package xcproxy

import (
	"net/http"
	"strings"

	"gamethumbs/internal/xcproxy/eventart"
)

// Event art (XC_EVENT_ART, XC_EVENT_ART_GUIDE): a logo source asked
// before the guide, and the streaming guide rewrite. Package eventart
// does the work; these are the hooks.

// eventArt returns the handler's event art, or nil when it is off.
func (x *exchange) eventArt() *eventart.Art { return x.h.cfg.EventArt }

// guideArt reports whether this exchange's xmltv.php is rewritten.
func (x *exchange) guideArt() bool { return x.rt.kind == kindGuide && x.eventArt().Guides() }

// artRoot is the absolute root for picture URLs in this exchange's answer.
func (x *exchange) artRoot() string {
	a := x.eventArt()
	if a.PublicRoot == "" && x.h.publicBase != "" {
		return x.h.publicBase
	}
	return a.Root(x.in)
}

// eventArtSource is the logo source of event art: an entry whose name
// reads as a matchup gets our picture. Nil when event art is off.
func (x *exchange) eventArtSource() logoSource {
	a := x.eventArt()
	if !a.Channels() {
		return nil
	}
	root := x.artRoot()
	return func(ch ChannelRef) (string, bool) {
		return a.Logo(x.in.Context(), root, strings.TrimSpace(ch.Name))
	}
}

// rewriteGuideArt streams xmltv.php through the event-art rewrite.
func (x *exchange) rewriteGuideArt(resp *http.Response) {
	body, ok := plainBody(resp)
	if !ok {
		return
	}
	resp.Body = x.eventArt().GuideBody(x.in.Context(), x.artRoot(), body)
	ct := strings.ToLower(resp.Header.Get("Content-Type"))
	if strings.Contains(ct, "gzip") || strings.Contains(ct, "octet-stream") {
		ct = "application/xml; charset=utf-8" // a .gz guide is sent decompressed
	} else {
		ct = resp.Header.Get("Content-Type")
	}
	setRewrittenHeaders(resp, ct)
}
