package xcproxy

import (
	"net/http"
	"strings"

	"gamethumbs/internal/xcproxy/eventart"
	"gamethumbs/internal/xcproxy/m3u"
	"gamethumbs/internal/xcproxy/xmltv"
)

// Event art (XC_EVENT_ART, XC_EVENT_ART_GUIDE): the hooks the playlist,
// live-stream and guide paths call. Package eventart does the work.

// eventArt returns the handler's event art, or nil when it is off.
func (x *exchange) eventArt() *eventart.Art { return x.h.cfg.EventArt }

// artRoot is the absolute root for picture URLs in this exchange's answer.
func (x *exchange) artRoot() string {
	a := x.eventArt()
	if a.PublicRoot == "" && x.h.publicBase != "" {
		return x.h.publicBase
	}
	return a.Root(x.in)
}

// channelLogo is the playlist's logo lookup: an entry whose name reads as
// a matchup gets our picture, any other the guide's logo (g may be nil when
// only event art applies).
func (x *exchange) channelLogo(g *xmltv.Guide) func(m3u.Channel) (string, bool) {
	a := x.eventArt()
	root := ""
	if a.Channels() {
		root = x.artRoot()
	}
	return func(ch m3u.Channel) (string, bool) {
		if root != "" {
			if u, ok := a.Logo(x.in.Context(), root, ch.Name); ok {
				return u, true
			}
		}
		if g == nil {
			return "", false
		}
		logo, tier := g.Lookup(ch.ID, ch.Number, ch.Name)
		return logo, tier != xmltv.NoMatch
	}
}

// streamLogo is the same lookup for get_live_streams items.
func (x *exchange) streamLogo(g *xmltv.Guide) func(epgID, num, name string) (string, bool) {
	lookup := x.channelLogo(g)
	return func(epgID, num, name string) (string, bool) {
		return lookup(m3u.Channel{ID: epgID, Number: num, Name: strings.TrimSpace(name)})
	}
}

// rewriteGuideArt streams xmltv.php through the event-art rewrite.
func (x *exchange) rewriteGuideArt(resp *http.Response) {
	body, ok := plainBody(resp)
	if !ok {
		return
	}
	resp.Body = x.eventArt().GuideBody(x.in.Context(), x.artRoot(), body)
	ct := resp.Header.Get("Content-Type")
	if strings.Contains(strings.ToLower(ct), "gzip") || strings.Contains(strings.ToLower(ct), "octet-stream") {
		ct = "application/xml; charset=utf-8" // a .gz guide is sent decompressed
	}
	setRewrittenHeaders(resp, ct)
}
