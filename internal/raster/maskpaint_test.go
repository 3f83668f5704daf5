package raster

import (
	"image"
	"image/color"
	"testing"

	"gamethumbs/internal/colorx"
)

// fill rasterises pb within clip and draws its mask with draw.
func fill(dst *image.RGBA, pb *Path, clip image.Rectangle, draw func(*image.Alpha)) {
	if m := pb.Mask(clip); m != nil {
		draw(m)
		PutAlpha(m)
	}
}

// MaskPaintDown paints exactly what MaskPaint does: over backgrounds
// whose rows repeat in blocks and change within a block, through masks
// whose coverage changes down the rows (fractional ends, a slanted edge),
// and in bands that start inside a block.
func TestMaskPaintDown(t *testing.T) {
	stops := []Stop{{T: 0, C: colorx.RGB{}, A: 0.8}, {T: 0.5, C: colorx.RGB{R: 255, G: 255, B: 255}, A: 0.8}, {T: 1, C: colorx.RGB{}, A: 0.8}}
	const W, H = 40, 30
	bg := image.NewRGBA(image.Rect(0, 0, W, H))
	for y := range H {
		for x := range W {
			v := uint8(y/4*9 + x)
			if y%4 == 2 && x == 20 { // a lit pixel inside a block
				v = 250
			}
			bg.SetRGBA(x, y, color.RGBA{v, 255 - v, uint8(y / 4), 255})
		}
	}
	for _, shape := range []func(*Path){
		func(pb *Path) { pb.Rect(17.5, 0, 23.5, H) },
		func(pb *Path) { pb.Rect(17.5, 2.5, 23.5, 26.3) },
		func(pb *Path) {
			pb.MoveTo(15, 0)
			pb.LineTo(22, 0)
			pb.LineTo(26, H)
			pb.LineTo(19, H)
			pb.Close()
		},
	} {
		var pb Path
		shape(&pb)
		a := pb.Mask(bg.Rect)
		// A slanted gradient changes down the columns too.
		for _, pt := range []*LinearPaint{NewLinear(17.5, 0, 23.5, 0, stops), NewLinear(17.5, 0, 23.5, 12, stops)} {
			want := image.NewRGBA(bg.Rect)
			copy(want.Pix, bg.Pix)
			MaskPaint(want, a, pt)
			for _, band := range []image.Rectangle{bg.Rect, image.Rect(0, 5, W, 14), image.Rect(0, 13, W, H)} {
				got := image.NewRGBA(band)
				for y := band.Min.Y; y < band.Max.Y; y++ {
					copy(got.Pix[got.PixOffset(0, y):][:4*W], bg.Pix[bg.PixOffset(0, y):])
				}
				MaskPaintDown(got, a, pt)
				for y := band.Min.Y; y < band.Max.Y; y++ {
					for x := range W {
						if g, w := got.RGBAAt(x, y), want.RGBAAt(x, y); g != w {
							t.Fatalf("band %v: pixel (%d,%d) = %v, want %v", band, x, y, g, w)
						}
					}
				}
			}
		}
		PutAlpha(a)
	}
}

// The VS badge's ring painted outside its inner disc, then the disc,
// gives exactly the ring painted whole and the disc over it: on bands
// that cut through the badge and with the disc off-centre.
func TestMaskPaintOutside(t *testing.T) {
	const W, H = 60, 50
	bg := image.NewRGBA(image.Rect(0, 0, W, H))
	for i := range bg.Pix {
		bg.Pix[i] = uint8(i * 7 % 251)
	}
	for i := 3; i < len(bg.Pix); i += 4 {
		bg.Pix[i] = 255
	}
	grey := colorx.RGB{R: 0x44, G: 0x44, B: 0x44}
	stops := OpaqueStops([]float64{0, 0.5, 1}, grey, colorx.RGB{R: 255, G: 255, B: 255}, grey)
	dark := color.RGBA{0x11, 0x11, 0x11, 255}
	for _, c := range [][4]float64{{30.3, 24.6, 20, 14.5}, {29, 25, 18.2, 17}, {31.5, 22.5, 21, 0}} {
		var ring, inner Path
		ring.Circle(c[0], c[1], c[2])
		pt := NewLinear(c[0]-c[2], c[1]-c[2], c[0]+c[2], c[1]+c[2], stops)
		want := image.NewRGBA(bg.Rect)
		copy(want.Pix, bg.Pix)
		fill(want, &ring, want.Rect, func(m *image.Alpha) { MaskPaint(want, m, pt) })
		var skip *image.Alpha
		if c[3] > 0 {
			inner.Circle(c[0], c[1], c[3])
			fill(want, &inner, want.Rect, func(m *image.Alpha) { FillMask(want, m, dark) })
			skip = inner.Mask(bg.Rect)
		}
		for _, band := range []image.Rectangle{bg.Rect, image.Rect(0, 11, W, 23), image.Rect(0, 23, W, H)} {
			got := image.NewRGBA(band)
			for y := band.Min.Y; y < band.Max.Y; y++ {
				copy(got.Pix[got.PixOffset(0, y):][:4*W], bg.Pix[bg.PixOffset(0, y):])
			}
			a := ring.Mask(bg.Rect)
			MaskPaintOutside(got, a, skip, pt)
			if skip != nil {
				fill(got, &inner, bg.Rect, func(m *image.Alpha) { FillMask(got, m, dark) })
			}
			PutAlpha(a)
			for y := band.Min.Y; y < band.Max.Y; y++ {
				for x := range W {
					if g, w := got.RGBAAt(x, y), want.RGBAAt(x, y); g != w {
						t.Fatalf("circles %v band %v: pixel (%d,%d) = %v, want %v", c, band, x, y, g, w)
					}
				}
			}
		}
	}
}
