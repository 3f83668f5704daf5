package render

import (
	"context"
	"image"
	"image/color"
	"testing"

	"gamethumbs/internal/colorx"
)

// A logo with a straight top edge on its bounding box (a full square here)
// leaves no line across its style-99 panel where the emboss silhouette's
// box ends inside the panel (1:1 thumbnails: 81 px from the top and
// bottom): neighbouring rows there differ by no more than the radial
// overlay's own slope.
func TestEmbossNoSeam(t *testing.T) {
	square := image.NewNRGBA(image.Rect(0, 0, 200, 200))
	for i := range square.Pix {
		square.Pix[i] = 255
	}
	a, b := teamPurple, teamGreen
	a.Logo, a.LogoDark = square, nil
	b.Logo, b.LogoDark = square, nil
	img, err := Render(context.Background(), matchupScene(a, b), Options{Kind: KindThumb, Width: 1080, Height: 1080, Style: 99})
	if err != nil {
		t.Fatal(err)
	}
	defer Release(img)
	m := img.(*image.RGBA)
	// The silhouette is 1.7 x 540 = 918 px: its box spans rows 81-998.
	worst, at := 0, image.Point{}
	for _, y0 := range []int{60, 975} {
		for y := y0; y < y0+45; y++ {
			for x := 20; x < 520; x++ {
				p, q := m.RGBAAt(x, y), m.RGBAAt(x, y-1)
				if d := maxChannelDiff(p, q); d > worst {
					worst, at = d, image.Pt(x, y)
				}
			}
		}
	}
	if worst > 3 {
		t.Errorf("rows around the emboss box edge differ by up to %d levels (at %v), want a seamless fade (<= 3)", worst, at)
	}
}

func maxChannelDiff(p, q color.RGBA) int {
	d := 0
	for _, v := range [][2]uint8{{p.R, q.R}, {p.G, q.G}, {p.B, q.B}} {
		d = max(d, int(v[0])-int(v[1]), int(v[1])-int(v[0]))
	}
	return d
}

// paintPanel without a texture gives exactly what filling the panel and
// overlaying the radial gradient in float gives, for odd and even sizes
// and when dst holds only part of the panel (bands, offset panels).
func TestPaintPanelMatchesOverlay(t *testing.T) {
	stops := []stop{{0, colorx.RGB{R: 255, G: 255, B: 255}, 0.2}, {1, colorx.RGB{}, 0.4}}
	c := colorx.RGB{R: 0x55, G: 0x25, B: 0x83}
	for _, sz := range []image.Point{{37, 23}, {40, 30}, {1, 1}, {64, 9}} {
		panel := image.Rectangle{image.Pt(5, 3), image.Pt(5, 3).Add(sz)}
		want := image.NewRGBA(image.Rectangle{Max: sz})
		fillRect(want, want.Rect, rgba(c))
		r1 := 0.8 * float64(max(sz.X, sz.Y))
		overlayRadial(want, float64(sz.X)/2, float64(sz.Y)/2, 2, r1, stops)
		for _, win := range []image.Rectangle{panel, image.Rect(0, 4, 50, 9), image.Rect(9, 0, 30, 40)} {
			dst := image.NewRGBA(win)
			paintPanel(dst, panel, c, 2, r1, stops, nil)
			in := win.Intersect(panel)
			for y := in.Min.Y; y < in.Max.Y; y++ {
				for x := in.Min.X; x < in.Max.X; x++ {
					if g, w := dst.RGBAAt(x, y), want.RGBAAt(x-panel.Min.X, y-panel.Min.Y); g != w {
						t.Fatalf("panel %v window %v: pixel (%d,%d) = %v, want %v", sz, win, x, y, g, w)
					}
				}
			}
		}
	}
}
