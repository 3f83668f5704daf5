package xcproxy

import (
	"bufio"
	"io"
	"net/http"
	"strings"

	"github.com/klauspost/compress/gzip"

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

// rewriteGuideArt streams xmltv.php through the event-art rewrite. The
// guide keeps the form the panel sent it in: plain stays plain, a gzip
// file (a .gz guide) is rewritten and compressed again, and a body the
// panel sent with Content-Encoding gzip is rewritten and compressed again
// when the client accepts gzip, but passes as it came when the client did
// not ask for gzip (the proxy never inflates for such a client).
func (x *exchange) rewriteGuideArt(resp *http.Response) {
	resp.Header.Add("Vary", "Accept-Encoding")
	encoded := isGzipEncoded(resp.Header)
	if encoded && !acceptsGzip(x.in.Header) {
		x.h.log.Debug("xc gzip guide passed as sent: the client did not ask for gzip", "upstream", x.up.ID)
		return
	}
	body, ok := plainBody(resp)
	if !ok {
		return
	}
	br := bufio.NewReader(body)
	magic, _ := br.Peek(2)
	gzFile := len(magic) == 2 && magic[0] == 0x1f && magic[1] == 0x8b
	ct := resp.Header.Get("Content-Type")
	if gzFile && !strings.Contains(strings.ToLower(ct), "gzip") && !strings.Contains(strings.ToLower(ct), "octet-stream") {
		ct = "application/gzip" // a .gz document labelled as XML
	}
	out := x.eventArt().GuideBody(x.in.Context(), x.artRoot(), readCloser{br, body})
	setRewrittenHeaders(resp, ct)
	if gzFile || encoded {
		resp.Body = gzipBody(out)
		if encoded {
			resp.Header.Set("Content-Encoding", "gzip")
		}
		return
	}
	resp.Body = out
}

// isGzipEncoded reports whether a response says Content-Encoding gzip.
func isGzipEncoded(h http.Header) bool {
	enc := strings.ToLower(strings.TrimSpace(h.Get("Content-Encoding")))
	return enc == "gzip" || enc == "x-gzip"
}

// gzipBody is src compressed with gzip as it is read (fastest level: a
// guide is large and the compression runs on the proxy's CPU). Closing it
// closes src.
func gzipBody(src io.ReadCloser) io.ReadCloser {
	pr, pw := io.Pipe()
	go func() {
		zw, _ := gzip.NewWriterLevel(pw, gzip.BestSpeed)
		_, err := io.Copy(zw, src)
		if cerr := zw.Close(); err == nil {
			err = cerr
		}
		pw.CloseWithError(err)
	}()
	return readCloser{pr, closers{pr, src}}
}

// closers closes each of its members in order.
type closers []io.Closer

func (cs closers) Close() error {
	for _, c := range cs {
		c.Close()
	}
	return nil
}
