package fetch

import (
	"context"
	"fmt"
	"image"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"golang.org/x/sync/semaphore"
	"golang.org/x/sync/singleflight"

	"gamethumbs/internal/catalog"
)

// Fetcher downloads images with bounded size, sniffs and decodes them, and
// keeps the results in memory. It is safe for concurrent use.
type Fetcher struct {
	client *http.Client
	cfg    Config

	images *lru[image.Image]
	alive  aliveSet[image.RGBA] // decoded images evicted from images but still in use
	logos  aliveSet[Logo]       // Logo handles still in use (see Logo)
	logoMu sync.Mutex           // makes one Logo per key at a time
	raws   *lru[rawEntry]
	imgSF  singleflight.Group
	rawSF  singleflight.Group
	// decodes holds Config.DecodeBytes: a decode takes its planned bytes
	// while it runs, so decodes at once never exceed the budget.
	decodes *semaphore.Weighted

	now          func() time.Time          // clock for cache expiry; tests replace it
	testHookWait func(*singleflight.Group) // tests: called once a caller has joined a flight
}

// New returns a Fetcher that downloads through client. A nil client means
// NewClient(cfg). Pass NewPublicClient(cfg) when URLs come from users.
func New(client *http.Client, cfg Config) *Fetcher {
	cfg = cfg.withDefaults()
	if client == nil {
		client = NewClient(cfg)
	}
	f := &Fetcher{
		client: client,
		cfg:    cfg,
		now:    time.Now,

		decodes: semaphore.NewWeighted(cfg.DecodeBytes),
	}
	clock := func() time.Time { return f.now() } // tests replace f.now
	f.images = newLRU[image.Image](cfg.CacheBytes, clock)
	f.raws = newLRU[rawEntry](cfg.RawCacheBytes, clock)
	return f
}

// Bytes downloads rawURL (or decodes a data:image/... URL) without caching
// and returns the body and its type sniffed from the bytes (one of the
// Type constants; the Content-Type header is ignored). Errors:
//   - *BlockedError: the URL is malformed, not http(s), or its address is
//     refused by the client;
//   - *catalog.UpstreamError: no answer, a timeout (Timeout set) or a
//     non-2xx status (Status set; IsNotFound tells 404/410 apart);
//   - *TooLargeError: the body exceeds Config.MaxBytes;
//   - *NotImageError: the body is not PNG, JPEG, GIF, WebP or SVG.
func (f *Fetcher) Bytes(ctx context.Context, rawURL string) ([]byte, string, error) {
	var (
		data []byte
		err  error
	)
	if isDataURL(rawURL) {
		data, err = decodeDataURL(rawURL, f.cfg.MaxBytes)
	} else {
		data, err = f.download(ctx, rawURL)
	}
	if err != nil {
		return nil, "", err
	}
	ct := Sniff(data)
	if ct == "" {
		return nil, "", &NotImageError{Detected: describe(data)}
	}
	return data, ct, nil
}

// download performs the bounded GET.
func (f *Fetcher) download(ctx context.Context, rawURL string) ([]byte, error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		return nil, &BlockedError{Reason: "URL is not a valid absolute URL"}
	}
	if err := checkParsed(u); err != nil {
		return nil, err
	}
	source := u.Hostname()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return nil, &BlockedError{Reason: "URL is not a valid absolute URL"}
	}
	req.Header.Set("User-Agent", f.cfg.UserAgent)
	req.Header.Set("Accept", "image/*")
	resp, err := f.client.Do(req)
	if err != nil {
		return nil, upstreamError(source, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		// Drain a little so the connection can be reused.
		_, _ = io.CopyN(io.Discard, resp.Body, 4<<10)
		return nil, &catalog.UpstreamError{
			Source: source,
			Status: resp.StatusCode,
			Err:    fmt.Errorf("status %s", resp.Status),
		}
	}
	if resp.ContentLength > f.cfg.MaxBytes {
		return nil, &TooLargeError{What: "body", Size: resp.ContentLength, Limit: f.cfg.MaxBytes}
	}
	data, err := readLimited(resp.Body, resp.ContentLength, f.cfg.MaxBytes)
	if err != nil {
		return nil, upstreamError(source, err)
	}
	return data, nil
}

// readLimited reads r to the end, failing with *TooLargeError as soon as
// more than limit bytes arrive. hint (a Content-Length, or -1) sizes the
// buffer so that a body of the announced length is read without copying.
func readLimited(r io.Reader, hint, limit int64) ([]byte, error) {
	size := int64(32 << 10)
	if hint >= 0 && hint <= limit {
		size = hint + 1 // one spare byte to see EOF without growing
	}
	buf := make([]byte, 0, min(size, limit+1))
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)] // grow geometrically
		}
		n, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if int64(len(buf)) > limit {
			return nil, &TooLargeError{What: "body", Size: -1, Limit: limit}
		}
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return nil, err
		}
	}
}

// isDataURL reports whether s is a data: URL (scheme compared without case).
func isDataURL(s string) bool {
	return len(s) >= 5 && strings.EqualFold(s[:5], "data:")
}
