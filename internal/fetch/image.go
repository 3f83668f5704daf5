package fetch

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"image"
	"net/url"

	"golang.org/x/sync/singleflight"
)

// rawEntry is a cached body with its sniffed type.
type rawEntry struct {
	data []byte
	ct   string
}

// maxKeyLen is the longest URL used verbatim as a cache key; longer ones
// (mostly data: URLs) are keyed by their SHA-256.
const maxKeyLen = 1024

// Image returns the decoded image at rawURL (see Decode: an *image.RGBA
// with bounds at 0,0). Results are cached in memory by URL: warm calls
// return the same image.Image value, which callers must treat as read-only
// (the renderer may key derived images by it). Lasting failures (404/410,
// not an image, too large, undecodable) are cached for Config.NegativeTTL;
// timeouts and 5xx are not. Concurrent calls for one URL share a single
// download and decode; a caller whose ctx ends stops waiting, and the
// shared work still completes for the others and for the cache.
// Errors are those of Bytes and Decode.
func (f *Fetcher) Image(ctx context.Context, rawURL string) (image.Image, error) {
	key := cacheKey(rawURL)
	if img, err, ok := f.images.get(key); ok {
		return img, err
	}
	if img := f.alive.get(key, f.now()); img != nil {
		return img, nil
	}
	return coalesce(ctx, f, &f.imgSF, key, rawURL, func(fctx context.Context) (image.Image, error) {
		if img, err, ok := f.images.get(key); ok {
			return img, err
		}
		if img := f.alive.get(key, f.now()); img != nil {
			return img, nil
		}
		data, _, err := f.Raw(fctx, rawURL)
		if err != nil {
			rememberFailure(f, f.images, key, err)
			return nil, err
		}
		img, err := f.decode(fctx, data)
		if err != nil {
			// Forget the bytes too, so the URL is fetched afresh once the
			// failure expires (the upstream may fix the file).
			f.raws.delete(key)
			rememberFailure(f, f.images, key, err)
			return nil, err
		}
		b := img.Bounds()
		expires := f.now().Add(f.cfg.CacheTTL)
		f.images.put(key, img, nil, 4*int64(b.Dx())*int64(b.Dy()), expires)
		if rgba, ok := img.(*image.RGBA); ok {
			f.alive.put(key, rgba, expires)
		}
		return img, nil
	})
}

// decode decodes data within the byte budget shared by the Fetcher's
// decodes, waiting (until ctx ends) for its bytes to be free.
func (f *Fetcher) decode(ctx context.Context, data []byte) (image.Image, error) {
	p, err := planDecode(data, Limits{MaxPixels: f.cfg.MaxPixels, MaxBytes: f.cfg.DecodeBytes, MaxSide: f.cfg.MaxSide})
	if err != nil {
		return nil, err
	}
	if err := f.decodes.Acquire(ctx, p.cost); err != nil {
		return nil, upstreamError("decoder", err)
	}
	defer f.decodes.Release(p.cost)
	return p.run()
}

// Raw returns the body at rawURL and its sniffed type (one of the Type
// constants), cached and coalesced like Image, bounded by
// Config.RawCacheBytes. The returned slice is shared: do not modify it.
// Errors are those of Bytes.
func (f *Fetcher) Raw(ctx context.Context, rawURL string) ([]byte, string, error) {
	key := cacheKey(rawURL)
	if e, err, ok := f.raws.get(key); ok {
		return e.data, e.ct, err
	}
	e, err := coalesce(ctx, f, &f.rawSF, key, rawURL, func(fctx context.Context) (rawEntry, error) {
		if e, err, ok := f.raws.get(key); ok {
			return e, err
		}
		data, ct, err := f.Bytes(fctx, rawURL)
		if err != nil {
			rememberFailure(f, f.raws, key, err)
			return rawEntry{}, err
		}
		e := rawEntry{data: data, ct: ct}
		f.raws.put(key, e, nil, int64(len(data)), f.now().Add(f.cfg.CacheTTL))
		return e, nil
	})
	return e.data, e.ct, err
}

// rememberFailure caches err for Config.NegativeTTL when it will recur.
func rememberFailure[V any](f *Fetcher, c *lru[V], key string, err error) {
	if isLasting(err) {
		var zero V
		c.put(key, zero, err, 0, f.now().Add(f.cfg.NegativeTTL))
	}
}

// coalesce runs fn once per key at a time. fn gets a context detached from
// the caller's cancellation and bounded by Config.Timeout, so one impatient
// caller does not fail the others; the caller itself stops waiting when ctx
// ends.
func coalesce[T any](ctx context.Context, f *Fetcher, g *singleflight.Group, key, rawURL string, fn func(context.Context) (T, error)) (T, error) {
	ch := g.DoChan(key, func() (any, error) {
		fctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), f.cfg.Timeout)
		defer cancel()
		return fn(fctx)
	})
	if f.testHookWait != nil {
		f.testHookWait(g)
	}
	var zero T
	select {
	case res := <-ch:
		v, _ := res.Val.(T)
		return v, res.Err
	case <-ctx.Done():
		return zero, upstreamError(sourceOf(rawURL), ctx.Err())
	}
}

// cacheKey is rawURL itself, or a digest when rawURL is very long.
func cacheKey(rawURL string) string {
	if len(rawURL) <= maxKeyLen {
		return rawURL
	}
	sum := sha256.Sum256([]byte(rawURL))
	return "sha256:" + hex.EncodeToString(sum[:])
}

// sourceOf names the host of rawURL for errors, never the whole URL.
func sourceOf(rawURL string) string {
	if isDataURL(rawURL) {
		return "data URL"
	}
	if u, err := url.Parse(rawURL); err == nil && u.Hostname() != "" {
		return u.Hostname()
	}
	return "image URL"
}
