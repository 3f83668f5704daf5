package xcproxy

import (
	"fmt"
	"strings"

	"gamethumbs/internal/xcproxy/m3u"
	"gamethumbs/internal/xcproxy/xmltv"
)

// LogoMode is what the proxy does with channel logos (XC_LOGO_MODE).
type LogoMode int

const (
	// LogoReplace sets the logo of every channel a source knows.
	LogoReplace LogoMode = iota
	// LogoFill sets a logo only for channels that have none.
	LogoFill
	// LogoKeep changes no logo (the guide is not fetched).
	LogoKeep
)

// ParseLogoMode reads XC_LOGO_MODE: replace (or empty), fill or keep.
func ParseLogoMode(s string) (LogoMode, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "replace":
		return LogoReplace, nil
	case "fill":
		return LogoFill, nil
	case "keep":
		return LogoKeep, nil
	}
	return 0, fmt.Errorf("XC_LOGO_MODE %q: want replace, fill or keep", s)
}

// ChannelRef is what a channel list says about one channel when its logo
// is chosen: the guide id (tvg-id, epg_channel_id), the channel number
// (tvg-chno; the JSON num only with MatchNumber) and the display name.
type ChannelRef struct {
	ID, Number, Name string
}

// logoSource finds the logo of a channel; ok is false when it knows none.
// Sources are asked in order and the first answer wins, so another source
// (event art, say) plugs in by adding itself to logoSources.
type logoSource func(ChannelRef) (logo string, ok bool)

// logoSources returns the sources of an exchange: the panel's guide.
func (x *exchange) logoSources(g *xmltv.Guide) []logoSource {
	return []logoSource{guideSource(g)}
}

// guideSource looks channels up in a guide: id, then number, then name.
func guideSource(g *xmltv.Guide) logoSource {
	return func(ch ChannelRef) (string, bool) {
		logo, tier := g.Lookup(ch.ID, ch.Number, ch.Name)
		return logo, tier != xmltv.NoMatch
	}
}

// lookupLogo asks the sources in order.
func lookupLogo(ch ChannelRef, sources []logoSource) (string, bool) {
	for _, src := range sources {
		if logo, ok := src(ch); ok && logo != "" {
			return logo, true
		}
	}
	return "", false
}

// playlistLogo is the m3u.Options.Logo of an exchange under its LogoMode.
func (x *exchange) playlistLogo(g *xmltv.Guide) func(m3u.Channel) (string, bool) {
	sources := x.logoSources(g)
	fill := x.h.cfg.LogoMode == LogoFill
	return func(ch m3u.Channel) (string, bool) {
		if fill && ch.Logo != "" {
			return "", false
		}
		return lookupLogo(ChannelRef{ID: ch.ID, Number: ch.Number, Name: ch.Name}, sources)
	}
}
