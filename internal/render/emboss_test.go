package render

import (
	"context"
	"image"
	"image/color"
	"testing"
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
