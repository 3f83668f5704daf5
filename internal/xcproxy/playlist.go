package xcproxy

import (
	"bufio"
	"context"
	"errors"
	"io"
	"net/http"
	"net/url"
	"strings"

	"github.com/klauspost/compress/gzip"

	"gamethumbs/internal/xcproxy/m3u"
	"gamethumbs/internal/xcproxy/xmltv"
)

// sniffSize is how much of a body is read to tell a channel list from an
// HLS playlist or an error page.
const sniffSize = 16 << 10

// rewritePlaylist replaces resp.Body with a streaming rewrite when it is an
// IPTV channel list (and the guide is available) or an HLS playlist;
// otherwise the body passes through unchanged.
func (x *exchange) rewritePlaylist(resp *http.Response) {
	body, ok := plainBody(resp)
	if !ok {
		return
	}
	br := bufio.NewReaderSize(body, sniffSize)
	resp.Body = readCloser{br, body} // from here on, the (decoded) body in any case
	head, _ := br.Peek(sniffSize)
	switch kind := m3u.Classify(head); kind {
	case m3u.ChannelList:
		x.channelList(resp, br, body)
	case m3u.HLS:
		x.hlsBody(resp, br, body)
	default:
		x.h.log.Debug("xc playlist passed through", "upstream", x.up.ID, "kind", kind.String())
	}
}

// channelList installs the channel-list rewrite over br (which reads
// body): logos from the logo sources, the guide link pointing at the
// proxy. Without a guide (still loading, failed) the list passes through.
func (x *exchange) channelList(resp *http.Response, br *bufio.Reader, body io.ReadCloser) {
	opt := m3u.Options{GuideURL: x.proxyGuideURL(), KeepGuide: x.foreignGuide}
	if x.h.cfg.ProxyStreams {
		opt.Stream = x.proxyStreamURL
	}
	if x.h.cfg.LogoMode != LogoKeep {
		g, err := x.waitGuide(resp.Request)
		switch {
		case err == nil || x.eventArt().Channels():
			opt.Logo = x.playlistLogo(g) // g nil: event art alone
		case opt.Stream == nil:
			return // nothing to change without the guide
		}
	}
	rw := m3u.NewRewriter(br, opt)
	resp.Body = &rewriterBody{rw: rw, src: body}
	setRewrittenHeaders(resp, channelListType(resp.Header.Get("Content-Type"), x.in))
	x.h.stats.playlistsRewritten.Add(1)
}

// proxyStreamURL maps a stream URL of a channel list to the proxy
// (XC_PROXY_STREAMS): a URL on the panel's own host (or path-only) under
// its base path, or one on another host whose path holds the request's
// user name and password as consecutive segments (a panel writing its
// public name). Other URLs (a CDN, another service) stay.
func (x *exchange) proxyStreamURL(s string) (string, bool) {
	p, ok := x.proxyURL(s)
	if !ok {
		u, err := url.Parse(s)
		if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") || !holdsCredentials(u.EscapedPath(), x.user, x.pass) {
			return "", false
		}
		p = x.rt.prefix + u.EscapedPath()
		if u.RawQuery != "" {
			p += "?" + u.RawQuery
		}
	}
	return x.proxyOrigin() + p, true
}

// holdsCredentials reports whether an escaped path has the segments
// user and pass one after the other.
func holdsCredentials(path, user, pass string) bool {
	if user == "" || pass == "" {
		return false
	}
	segs := strings.Split(path, "/")
	for i := 0; i+1 < len(segs); i++ {
		a, errA := url.PathUnescape(segs[i])
		b, errB := url.PathUnescape(segs[i+1])
		if errA == nil && errB == nil && a == user && b == pass {
			return true
		}
	}
	return false
}

// foreignGuide reports whether a playlist header's guide URL points
// somewhere other than the panel's own guide (a third-party guide the
// list's author chose), which then stays as it is. The panel's own guide
// is on the panel's host, or is an XC guide script (xmltv.php) called
// with credentials, as panels write it under their public name.
func (x *exchange) foreignGuide(raw string) bool {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || u.Host == "" {
		return false // path-only or junk: the panel's
	}
	if sameHost(u, x.up.Base) {
		return false
	}
	if strings.HasSuffix(strings.ToLower(u.Path), "/xmltv.php") && u.Query().Has("username") {
		return false
	}
	return true
}

// waitGuide returns the exchange's guide, starting the fetch if needed and
// waiting for it at most until GuideWait after the fetch began: requests
// that join a fetch that hangs do not each wait the whole GuideWait again.
func (x *exchange) waitGuide(req *http.Request) (*xmltv.Guide, error) {
	if x.guide == nil {
		x.guide = x.h.startGuide(x)
	}
	wait := x.h.cfg.GuideWait
	if !x.guide.started.IsZero() {
		wait -= x.h.guides.now().Sub(x.guide.started)
	}
	ctx, cancel := context.WithTimeout(req.Context(), max(wait, 0))
	defer cancel()
	g, err := x.guide.wait(ctx)
	if err != nil && req.Context().Err() == nil && errors.Is(err, context.DeadlineExceeded) {
		x.h.log.Info("xc guide still loading; this playlist passes through unchanged",
			"upstream", x.up.ID, "waited", x.h.cfg.GuideWait)
	}
	return g, err
}

// plainBody returns resp's body without content encoding: as is, or
// gunzipped (then the headers are fixed). It reports false for other
// encodings, which pass through untouched.
func plainBody(resp *http.Response) (io.ReadCloser, bool) {
	enc := strings.ToLower(strings.TrimSpace(resp.Header.Get("Content-Encoding")))
	switch enc {
	case "", "identity":
		return resp.Body, true
	case "gzip", "x-gzip":
		gz := &lazyGzip{src: resp.Body}
		resp.Header.Del("Content-Encoding")
		resp.Header.Del("Content-Length")
		resp.ContentLength = -1
		return gz, true
	}
	return nil, false
}

// setRewrittenHeaders drops the headers that describe the original bytes.
func setRewrittenHeaders(resp *http.Response, contentType string) {
	h := resp.Header
	if contentType != "" {
		h.Set("Content-Type", contentType)
	}
	for _, k := range []string{"Content-Length", "Content-Encoding", "Content-MD5", "Etag", "Last-Modified", "Accept-Ranges", "Digest", "Content-Range"} {
		h.Del(k)
	}
	resp.ContentLength = -1
	resp.Uncompressed = true
}

// readCloser reads from r and closes c.
type readCloser struct {
	io.Reader
	c io.Closer
}

func (rc readCloser) Close() error { return rc.c.Close() }

// rewriterBody reads a rewrite and closes both it and its source.
type rewriterBody struct {
	rw  *m3u.Rewriter
	src io.Closer
}

func (b *rewriterBody) Read(p []byte) (int, error) { return b.rw.Read(p) }

func (b *rewriterBody) Close() error {
	b.rw.Close()
	return b.src.Close()
}

// lazyGzip gunzips src, reading the gzip header on first use (so that a
// slow panel does not block here).
type lazyGzip struct {
	src io.ReadCloser
	gz  *gzip.Reader
	err error
}

func (z *lazyGzip) Read(p []byte) (int, error) {
	if z.gz == nil && z.err == nil {
		z.gz, z.err = gzip.NewReader(z.src)
	}
	if z.err != nil {
		return 0, z.err
	}
	return z.gz.Read(p)
}

func (z *lazyGzip) Close() error {
	if z.gz != nil {
		z.gz.Close()
	}
	return z.src.Close()
}
