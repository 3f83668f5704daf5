package xcproxy

import (
	"bufio"
	"net/http"

	"gamethumbs/internal/xcproxy/m3u"
)

// rewriteHLS replaces resp.Body with a streaming rewrite of an HLS
// playlist: every segment, variant, key and map URI that points at the
// panel (path-only such as /hlsr/<token>/..., or absolute on the panel's
// origin) is mapped back into the proxy, so the player fetches segments
// through it. Relative URIs stay: they resolve against the proxy's URL as
// they did against the panel's. A body that is not HLS passes through.
func (x *exchange) rewriteHLS(resp *http.Response) {
	body, ok := plainBody(resp)
	if !ok {
		return
	}
	br := bufio.NewReaderSize(body, sniffSize)
	resp.Body = readCloser{br, body}
	head, _ := br.Peek(sniffSize)
	switch m3u.Classify(head) {
	case m3u.HLS:
	case m3u.ChannelList:
		if x.rt.kind == kindStream || x.rt.kind == kindHLS {
			// A channel list where a stream was asked: the playlist rules.
			resp.Body = body
			x.channelList(resp, br, body)
		}
		return
	default:
		return
	}
	x.hlsBody(resp, br, body)
}

// hlsBody installs the HLS rewrite over br (which reads body).
func (x *exchange) hlsBody(resp *http.Response, br *bufio.Reader, body interface{ Close() error }) {
	rw := m3u.NewRewriter(br, m3u.Options{URI: x.proxyURL})
	resp.Body = &rewriterBody{rw: rw, src: body}
	setRewrittenHeaders(resp, "")
	x.h.stats.hlsRewritten.Add(1)
}
