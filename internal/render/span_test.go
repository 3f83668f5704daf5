package render

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"math/rand/v2"
	"testing"

	"gamethumbs/internal/raster"
	"gamethumbs/internal/render/rendertest"
)

// spriteOf is the sprite drawLogo would cache for logo at side s.
func spriteOf(t *testing.T, logo image.Image, s int, grey bool, hl uint32) (*raster.SpanImage, *image.RGBA) {
	t.Helper()
	li, ok := normalised(testRenderer.cache, logo)
	if !ok {
		t.Fatal("blank logo")
	}
	w, h := fitSize(li.trim.Dx(), li.trim.Dy(), float64(s))
	k := spriteKey{img: logo, grey: grey, w: w, h: h, r: s / 40, dx: s / 80, dy: s / 60, alpha: 110, halo: hl}
	flat := spriteRGBA(li, k)
	return raster.NewSpanImage(flat), flat
}

// spanRGBA expands the compact image back to the RGBA it was made from.
func spanRGBA(s *raster.SpanImage) *image.RGBA {
	img := image.NewRGBA(s.Rect)
	s.Draw(img, image.Point{})
	return img
}

func TestSpanImageDrawsLikeItsPixels(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var imgs []*image.RGBA
	// Random premultiplied pixels with transparent, opaque, repeated and
	// shadow-black stretches of every length.
	for n := range 6 {
		img := image.NewRGBA(image.Rect(-3, 2, 37+n*11, 29+n))
		for i := 0; i < len(img.Pix); {
			var c color.RGBA
			switch rng.IntN(5) {
			case 0:
			case 1:
				c = color.RGBA{uint8(rng.IntN(256)), uint8(rng.IntN(256)), uint8(rng.IntN(256)), 255}
			case 2:
				c = color.RGBA{A: uint8(rng.IntN(256))}
			default:
				a := uint8(rng.IntN(256))
				c = color.RGBA{uint8(rng.IntN(int(a) + 1)), uint8(rng.IntN(int(a) + 1)), uint8(rng.IntN(int(a) + 1)), a}
			}
			for range 1 + rng.IntN(9) {
				if i < len(img.Pix) {
					img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = c.R, c.G, c.B, c.A
					i += 4
				}
			}
		}
		imgs = append(imgs, img)
	}
	for _, img := range imgs {
		sp := raster.NewSpanImage(img)
		// Backgrounds of random pixels, and of mostly one or two colours
		// with random blotches (drawing reuses results over a repeated
		// background pixel: both paths are checked).
		for k, at := range []image.Point{{0, 0}, {5, 3}, {-20, -4}, {30, 20}, {-2, 11}, {1, 1}, {-3, 7}} {
			bg := image.NewRGBA(image.Rect(0, 0, 50, 40))
			var flat [2][4]uint8
			for c := range flat {
				flat[c] = [4]uint8{uint8(rng.IntN(256)), uint8(rng.IntN(256)), uint8(rng.IntN(256)), 255}
			}
			for i := 0; i < len(bg.Pix); i += 4 {
				switch {
				case k%2 == 1 && rng.IntN(8) != 0:
					copy(bg.Pix[i:i+4], flat[(i/4%50)/(10+k)%2][:])
				default:
					for j := range 4 {
						bg.Pix[i+j] = uint8(rng.IntN(256))
					}
				}
				bg.Pix[i+3] = 255
			}
			want := image.NewRGBA(bg.Rect)
			copy(want.Pix, bg.Pix)
			raster.BlitOver(want, img, at.Add(img.Rect.Min))
			sp.Draw(bg, at)
			if !bytes.Equal(bg.Pix, want.Pix) {
				t.Fatalf("image %v at %v: compact drawing differs from the RGBA's", img.Rect, at)
			}
		}
	}
}

// A logo sprite (flat colours, anti-aliased edges, a blurred shadow, a
// halo) is stored in a quarter of its RGBA size or less (the shadow's
// soft edge is most of what remains), and draws the pixels of the RGBA
// it was built from.
func TestLogoSpriteIsCompactAndExact(t *testing.T) {
	logo := rendertest.Logo(rendertest.Shield, 512, color.NRGBA{0x1d, 0x42, 0x8a, 255}, color.NRGBA{0xc8, 0x10, 0x2e, 255})
	for _, tc := range []struct {
		s    int
		grey bool
		halo uint32
	}{{300, false, 0}, {160, false, 0}, {420, true, 0}, {300, false, 1<<24 | 0xffffff}} {
		sp, flat := spriteOf(t, logo, tc.s, tc.grey, tc.halo)
		full := int64(len(flat.Pix))
		if sp.Bytes()*4 > full {
			t.Errorf("side %d grey %v halo %x: sprite %d bytes, RGBA %d (want ≥ 4x smaller)", tc.s, tc.grey, tc.halo, sp.Bytes(), full)
		}
		t.Logf("side %d grey %v halo %x: %d bytes against %d (%.1fx)", tc.s, tc.grey, tc.halo, sp.Bytes(), full, float64(full)/float64(sp.Bytes()))
		if again := spanRGBA(sp); !bytes.Equal(again.Pix, flat.Pix) {
			t.Errorf("side %d: round trip differs", tc.s)
		}
	}
}

// The sprites of a 1920x1080 matchup thumbnail (logos of 500 px drawn at
// about 500 px with their shadows) take a tenth of their RGBA size or less
// and hold exactly its pixels.
func TestThumbSpritesAreSmall(t *testing.T) {
	logo := &decodedLogo{src: rendertest.Logo(rendertest.Shield, 500, color.NRGBA{0x1d, 0x42, 0x8a, 255}, color.NRGBA{0xc8, 0x10, 0x2e, 255})}
	red := colorOf(color.NRGBA{200, 30, 30, 255})
	team := Team{Name: "Team", Abbr: "T", Color: red, AltColor: red, Logo: logo}
	testRenderer.cache.RemoveIf(func(any) bool { return true })
	img, err := testRenderer.Render(context.Background(), matchupScene(team, teamGreen), Options{Kind: KindThumb, Width: 1920, Height: 1080, Style: 1})
	if err != nil {
		t.Fatal(err)
	}
	raster.Release(img)
	var keys []spriteKey
	testRenderer.cache.RemoveIf(func(k any) bool {
		if sk, ok := k.(spriteKey); ok {
			keys = append(keys, sk)
		}
		return false
	})
	if len(keys) != 2 {
		t.Fatalf("%d sprites cached, want 2", len(keys))
	}
	for _, k := range keys {
		v, _ := testRenderer.cache.Get(k)
		sp := v.(*raster.SpanImage)
		li, _ := normalised(testRenderer.cache, k.img)
		flat := spriteRGBA(li, k)
		if sp.Bytes()*10 > int64(len(flat.Pix)) {
			t.Errorf("%dx%d sprite: %d bytes, RGBA %d (want ≥ 10x smaller)", k.w, k.h, sp.Bytes(), len(flat.Pix))
		}
		if !bytes.Equal(spanRGBA(sp).Pix, flat.Pix) || sp.Rect != flat.Rect {
			t.Errorf("%dx%d sprite: pixels differ from the RGBA's", k.w, k.h)
		}
	}
}
