package render

import (
	"image"
	"weak"
)

// logoID names a decoded logo in a cache key without keeping it alive, for
// derivatives that are small next to the logo (its sampled colours, its
// legibility on a colour): a key holding the image itself would pin the
// whole decoded logo in memory for as long as the small entry lives. Two
// IDs are equal when they were made from the same live image; once the
// image is collected its entries are never found again and age out of the
// cache. Image types other than *image.RGBA and *image.NRGBA (never what
// the fetcher hands over) are held as they are: the fetcher's logo handles
// (pixelSource) among them, which keep only the logo's downloaded bytes
// (see heldBy).
type logoID struct {
	rgba  weak.Pointer[image.RGBA]
	nrgba weak.Pointer[image.NRGBA]
	other image.Image
}

func idOf(img image.Image) logoID {
	switch v := img.(type) {
	case *image.RGBA:
		return logoID{rgba: weak.Make(v)}
	case *image.NRGBA:
		return logoID{nrgba: weak.Make(v)}
	}
	return logoID{other: img}
}

// heldBy is what a key holding logoID idOf(img) keeps alive: the bytes of
// a logo handle, nothing for a decoded image (held weakly).
func heldBy(img image.Image) int64 {
	if ps, ok := img.(pixelSource); ok {
		return ps.HeldBytes()
	}
	return 0
}
