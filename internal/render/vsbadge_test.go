package render

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"math"
	"math/rand/v2"
	"testing"

	"gamethumbs/internal/colorx"
	"gamethumbs/internal/raster"
)

// The VS badge's shadow is left out where the ring's coverage is full
// (the ring's opaque gradient and the inner disc paint over it): once
// those pixels are painted over, the picture is the one with the whole
// shadow drawn. Skip masks: a disc (one full stretch a row), a ring (two
// stretches a row: only the first is skipped) and one lying partly
// outside the shadow; shadows of random coverage with zero stretches.
func TestShadeMaskOutsideMatchesShadowPaintedOver(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	canvas := image.Rect(0, 0, 90, 70)
	var disc, off raster.Path
	disc.Circle(45, 35, 24)
	off.Circle(80, 10, 20)
	// A ring of full coverage from radius 12 to 30, with a one-pixel
	// partial rim each side.
	ring := image.NewAlpha(canvas)
	for y := range canvas.Dy() {
		for x := range canvas.Dx() {
			d := math.Hypot(float64(x)+0.5-45, float64(y)+0.5-35)
			switch {
			case d >= 12 && d <= 30:
				ring.Pix[y*ring.Stride+x] = 255
			case d >= 11 && d <= 31:
				ring.Pix[y*ring.Stride+x] = 128
			}
		}
	}
	skips := map[string]*image.Alpha{"disc": disc.Mask(canvas), "ring": ring, "off": off.Mask(canvas)}
	for name, skip := range skips {
		for trial := range 4 {
			m := image.NewAlpha(image.Rect(8+trial, 4, 86, 66-trial))
			for i := 0; i < len(m.Pix); {
				v := uint8(rng.IntN(256))
				if rng.IntN(3) == 0 {
					v = 0
				}
				for range 1 + rng.IntN(12) {
					if i < len(m.Pix) {
						m.Pix[i] = v
						i++
					}
				}
			}
			bg := image.NewRGBA(canvas)
			for i := range bg.Pix {
				bg.Pix[i] = uint8(rng.IntN(256))
				if i%4 == 3 {
					bg.Pix[i] = 255
				}
			}
			want := image.NewRGBA(canvas)
			copy(want.Pix, bg.Pix)
			raster.FillMask(want, m, color.RGBA{A: 255})
			got := bg
			raster.ShadeMaskOutside(got, m, skip)
			skipped := 0
			for i, c := range skip.Pix {
				if c == 255 {
					p := skip.Rect.Min.Add(image.Pt(i%skip.Stride, i/skip.Stride))
					o := got.PixOffset(p.X, p.Y)
					if !bytes.Equal(got.Pix[o:o+4], want.Pix[o:o+4]) {
						skipped++
					}
					copy(got.Pix[o:o+4], []byte{9, 8, 7, 255})
					copy(want.Pix[o:o+4], []byte{9, 8, 7, 255})
				}
			}
			if !bytes.Equal(got.Pix, want.Pix) {
				t.Fatalf("%s, trial %d: the shadow left out differs where the skip mask does not cover fully", name, trial)
			}
			if skipped == 0 {
				t.Errorf("%s, trial %d: nothing left out", name, trial)
			}
		}
	}
}

// vsBadgeWhole is vsBadge drawn the plain way: the whole shadow, the
// whole ring, then the inner disc and the text.
func vsBadgeWhole(p *painter, cx, cy, r float64) {
	var sh raster.Path
	sh.Circle(cx, cy+float64(p.px(4)), r)
	p.softFill(&sh, shadowLogoStrong)
	var ring, inner raster.Path
	ring.Circle(cx, cy, r)
	inner.Circle(cx, cy, r-float64(max(2, p.px(6))))
	if a := p.cachedMask(&ring, p.full); a != nil {
		raster.MaskPaint(p.dst, a, raster.LinearWith(badgeRingLUT(), cx-r, cy-r, cx+r, cy+r))
	}
	p.fillPath(&inner, p.dst, p.full, rgba(colorx.RGB{R: 0x11, G: 0x11, B: 0x11}))
	tb := fitText(fontBlack, "VS", 1.4*r, 1.4*r, math.Round(0.76*r), 1, 1.15)
	p.drawText(p.dst, tb, cx, cy, colorx.RGB{R: 255, G: 255, B: 255}, 1, true, shadowVS)
}

// The VS badge over a busy background, on the whole canvas and in bands
// cutting through it, is the badge drawn the plain way.
func TestVSBadgeIsTheBadgeOverItsWholeShadow(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, sz := range []image.Point{{480, 360}, {1440, 1080}, {300, 400}} {
		o := Options{Kind: KindThumb, Width: sz.X, Height: sz.Y, Style: 99}
		bg := image.NewRGBA(image.Rect(0, 0, sz.X, sz.Y))
		for i := range bg.Pix {
			bg.Pix[i] = uint8(rng.IntN(256))
			if i%4 == 3 {
				bg.Pix[i] = 255
			}
		}
		W, H := float64(sz.X), float64(sz.Y)
		r := 0.076 * min(W, H)
		cy := H / 2
		for _, band := range []image.Rectangle{bg.Rect, image.Rect(0, 0, sz.X, int(cy)), image.Rect(0, int(cy)-3, sz.X, int(cy)+9)} {
			var pics [2]*image.RGBA
			for k := range pics {
				p := testRenderer.painterFor(context.Background(), matchupScene(teamPurple, teamGreen), o)
				p.dst = image.NewRGBA(bg.Rect)
				copy(p.dst.Pix, bg.Pix)
				whole := p.dst
				p.dst = whole.SubImage(band).(*image.RGBA)
				if k == 0 {
					p.vsBadge(W/2, cy, r)
				} else {
					vsBadgeWhole(p, W/2, cy, r)
				}
				pics[k] = whole
			}
			if !bytes.Equal(pics[0].Pix, pics[1].Pix) {
				t.Errorf("%v, band %v: the badge differs from the one over its whole shadow", sz, band)
			}
		}
	}
}
