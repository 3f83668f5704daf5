package fetch

import (
	"context"
	"image"
	"image/color"
	"sync"
	"weak"
)

// Logo is a decoded image that can let go of its pixels: it keeps the
// downloaded bytes (tens of kilobytes for a typical logo) and decodes them
// again when its pixels are wanted after they were collected (Pixels). The
// handle itself is the logo's identity: Fetcher.Logo hands out the same
// *Logo for a URL as long as anything still refers to it, so a renderer
// that keys what it derived from the logo (scaled copies, sprites) by the
// handle finds those again however often the pixels come and go, without
// pinning a megabyte of pixels per logo.
//
// A Logo is an image.Image, but At decodes through Pixels on every call:
// code that reads many pixels should call Pixels (or PixelsOf) once.
type Logo struct {
	f    *Fetcher
	data []byte
	rect image.Rectangle

	mu sync.Mutex
	px weak.Pointer[image.RGBA] // the last decode, while anything holds it
}

// ColorModel implements image.Image.
func (l *Logo) ColorModel() color.Model { return color.RGBAModel }

// Bounds implements image.Image.
func (l *Logo) Bounds() image.Rectangle { return l.rect }

// At implements image.Image (slowly: see Pixels).
func (l *Logo) At(x, y int) color.Color { return l.Pixels().At(x, y) }

// HeldBytes is the memory the handle itself keeps alive (its bytes).
func (l *Logo) HeldBytes() int64 { return int64(cap(l.data)) + 128 }

// Pixels returns the decoded logo, decoding it again when the last decode
// has been collected. The result is shared and read-only. The bytes
// decoded once already, with the same limits, so a second decode does not
// fail; were it to, the result is a transparent image of the same size.
func (l *Logo) Pixels() *image.RGBA {
	l.mu.Lock()
	defer l.mu.Unlock()
	if p := l.px.Value(); p != nil {
		return p
	}
	var rgba *image.RGBA
	if img, err := l.f.decode(context.Background(), l.data); err == nil {
		rgba, _ = img.(*image.RGBA)
	}
	if rgba == nil || rgba.Rect != l.rect {
		rgba = image.NewRGBA(l.rect)
	}
	l.px = weak.Make(rgba)
	return rgba
}

// PixelsOf returns img's pixels: Pixels of a *Logo, img itself otherwise.
func PixelsOf(img image.Image) image.Image {
	if l, ok := img.(*Logo); ok {
		return l.Pixels()
	}
	return img
}

// Logo is Image for images drawn again and again (team logos): the same
// decode, handed out as a *Logo handle whose identity is stable for as
// long as anything refers to it (see Logo). When the downloaded bytes are
// no longer cached it returns the decoded image itself, as Image does.
func (f *Fetcher) Logo(ctx context.Context, rawURL string) (image.Image, error) {
	key := cacheKey(rawURL)
	now := f.now()
	if l := f.logos.get(key, now); l != nil {
		return l, nil
	}
	img, err := f.Image(ctx, rawURL)
	if err != nil {
		return nil, err
	}
	rgba, ok := img.(*image.RGBA)
	if !ok {
		return img, nil
	}
	e, err, ok := f.raws.get(key)
	if !ok || err != nil || e.data == nil {
		return img, nil
	}
	f.logoMu.Lock()
	defer f.logoMu.Unlock()
	if l := f.logos.get(key, now); l != nil { // made meanwhile
		return l, nil
	}
	l := &Logo{f: f, data: e.data, rect: rgba.Rect}
	l.px = weak.Make(rgba)
	f.logos.put(key, l, now.Add(f.cfg.CacheTTL))
	return l, nil
}
