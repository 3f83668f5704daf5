package render

import (
	"image"

	"gamethumbs/internal/colorx"
)

// layerKey identifies a cached background layer: a painter-independent
// description of what was drawn (colours, sizes, source logo).
type layerKey struct {
	kind   string
	img    image.Image // logo the layer depends on, or nil
	w, h   int
	params [6]uint32
}

// drawLayer copies a cached opaque layer of size r.Size() into dst at r
// (the part of r inside dst),
// painting it with paint (into a fresh image at the origin) on a miss.
// Backgrounds that depend only on colours and a logo (radial gradients,
// embossed panels) are thus computed once per distinct input.
func drawLayer(c *derivatives, dst *image.RGBA, r image.Rectangle, key layerKey, paint func(*image.RGBA)) {
	key.w, key.h = r.Dx(), r.Dy()
	layer := memo(c, key.img, key, func() (*image.RGBA, int64) {
		l := image.NewRGBA(image.Rect(0, 0, key.w, key.h))
		paint(l)
		return l, int64(len(l.Pix))
	})
	in := r.Intersect(dst.Rect)
	for y := in.Min.Y; y < in.Max.Y; y++ {
		d := dst.Pix[dst.PixOffset(in.Min.X, y):][:4*in.Dx()]
		copy(d, layer.Pix[layer.PixOffset(in.Min.X-r.Min.X, y-r.Min.Y):])
	}
}

func rgbKey(c colorx.RGB) uint32 { return uint32(c.R)<<16 | uint32(c.G)<<8 | uint32(c.B) }
