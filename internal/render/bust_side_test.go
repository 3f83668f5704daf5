package render

import (
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"os"
	"testing"

	"gamethumbs/internal/render/rendertest"
)

// bustPair is two test busts side by side, as the scene composes a
// doubles side.
func bustPair(a, b image.Image) image.Image {
	out := image.NewNRGBA(image.Rect(0, 0, 520, 300))
	draw.Draw(out, image.Rect(0, 0, 300, 300), a, image.Point{}, draw.Over)
	draw.Draw(out, image.Rect(220, 0, 520, 300), b, image.Point{}, draw.Over)
	return out
}

// TestBustsComposedInSide checks that athletes' busts on the open
// styles 1, 2, 5 and 6 are composed as portraits of their side, on
// thumbnails and covers (4-3, 1-1, 2-3), with one athlete and a pair on
// each side: the drawn bust's top leaves head room (at least 5 % of its
// side's height, and below the league logo for a cover's lower side), its
// head (centred 15 % of its height down) sits in the upper half of its
// side (a pair's on a thumbnail: not wholly in the lower half), and its bottom
// runs off the side's bottom edge (the photo's cut never shows), and it
// is at least 60 % of its side's height (a pair 45 %).
func TestBustsComposedInSide(t *testing.T) {
	one := rendertest.Bust(300, nrgba("#f1c27d"), nrgba("#c8102e"))
	two := rendertest.Bust(300, nrgba("#e0ac69"), nrgba("#0a8f3c"))
	pairA, pairB := bustPair(one, two), bustPair(two, one)
	dump := os.Getenv("BUST_DUMP")
	for _, pair := range []bool{false, true} {
		a := Team{Name: "Federer", Color: hexRGB("#0a3fa0"), Logo: one}
		b := Team{Name: "Nadal", Color: hexRGB("#4a2f2a"), Logo: two}
		if pair {
			a.Logo, b.Logo = pairA, pairB
		}
		s := matchupScene(a, b)
		for _, st := range []int{1, 2, 5, 6} {
			for _, sz := range []struct {
				k    Kind
				w, h int
			}{{KindThumb, 640, 360}, {KindCover, 480, 640}, {KindCover, 480, 480}, {KindCover, 400, 600}} {
				o := Options{Kind: sz.k, Width: sz.w, Height: sz.h, Style: st, LeagueLogo: true}
				img, draws := tracedRender(t, s, o)
				if dump != "" {
					f, _ := os.Create(fmt.Sprintf("%s/bust_%d_%dx%d_%v.png", dump, st, sz.w, sz.h, pair))
					png.Encode(f, img)
					f.Close()
				}
				for i, logo := range []image.Image{a.Logo, b.Logo} {
					ds := drawsOf(draws, logo)
					if len(ds) != 1 {
						t.Fatalf("style %d %dx%d: side %d drawn %d times, want once", st, sz.w, sz.h, i, len(ds))
					}
					r := ds[0].Rect
					top, bottom := 0, o.Height
					if sz.k == KindCover {
						if i == 0 {
							bottom = o.Height / 2
						} else {
							top = o.Height/2 + int(0.125*float64(min(o.Width, o.Height)))
						}
					}
					sideH := bottom - top
					where := fmt.Sprintf("style %d %dx%d pair=%v side %d", st, sz.w, sz.h, pair, i)
					if r.Min.Y < top+sideH/20 {
						t.Errorf("%s: bust top at y=%d, want head room below y=%d", where, r.Min.Y, top+sideH/20)
					}
					// A pair on a thumbnail's narrow side is smaller: its heads
					// must at least not sit wholly in the bottom half.
					head := r.Min.Y + r.Dy()*3/20
					if pair && sz.k == KindThumb {
						head = r.Min.Y
					}
					if head > top+(bottom-top)/2 {
						t.Errorf("%s: head at y=%d, want it in the upper half of y=%d..%d", where, head, top, bottom)
					}
					// The bust fills its side's height sensibly, a pair less.
					full, fill := o.Height, 0.6
					if sz.k == KindCover {
						full = o.Height / 2
					}
					if pair {
						fill = 0.45
					}
					if float64(r.Dy()) < fill*float64(full) {
						t.Errorf("%s: bust %d px high, want at least %.0f %% of its side's %d px", where, r.Dy(), 100*fill, full)
					}
					if r.Max.Y < bottom-o.Height/100 { // the divider may cover the last pixels
						t.Errorf("%s: bust bottom at y=%d above the side's bottom %d", where, r.Max.Y, bottom)
					}
				}
			}
		}
	}
}

// TestBustsComposedInCard checks the same composition on the compact
// card of matchup logo style 1: head room below the card's top, the head
// in the card's upper half, the bust running off the card's bottom.
func TestBustsComposedInCard(t *testing.T) {
	one := rendertest.Bust(300, nrgba("#f1c27d"), nrgba("#c8102e"))
	two := rendertest.Bust(300, nrgba("#e0ac69"), nrgba("#0a8f3c"))
	dump := os.Getenv("BUST_DUMP")
	for _, pair := range []bool{false, true} {
		a := Team{Name: "Federer", Color: hexRGB("#0a3fa0"), Logo: one}
		b := Team{Name: "Nadal", Color: hexRGB("#4a2f2a"), Logo: two}
		if pair {
			a.Logo, b.Logo = bustPair(one, two), bustPair(two, one)
		}
		o := Options{Kind: KindLogo, Width: 512, Height: 512, Style: 1, LeagueLogo: true}
		img, draws := tracedRender(t, matchupScene(a, b), o)
		if dump != "" {
			f, _ := os.Create(fmt.Sprintf("%s/card_%v.png", dump, pair))
			png.Encode(f, img)
			f.Close()
		}
		bs := 162 // round(0.95 * 512 / 3), as compactCard
		top := (512 - bs) / 2
		for i, logo := range []image.Image{a.Logo, b.Logo} {
			ds := drawsOf(draws, logo)
			if len(ds) != 1 {
				t.Fatalf("pair=%v side %d drawn %d times, want once", pair, i, len(ds))
			}
			r := ds[0].Rect
			if r.Min.Y < top+bs/20 {
				t.Errorf("pair=%v side %d: bust top at y=%d, want head room below the card's top %d", pair, i, r.Min.Y, top)
			}
			if head := r.Min.Y + r.Dy()*3/20; head > top+bs/2 {
				t.Errorf("pair=%v side %d: head at y=%d, want it in the card's upper half (%d..%d)", pair, i, head, top, top+bs)
			}
			if r.Max.Y < top+bs {
				t.Errorf("pair=%v side %d: bust bottom at y=%d above the card's bottom %d", pair, i, r.Max.Y, top+bs)
			}
		}
	}
}
