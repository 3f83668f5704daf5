package render

import (
	"context"
	"fmt"
	"image"
	"testing"
)

// exactFades is the reflection's fade rounded row by row, as it was
// before the hold.
func exactFades(h int, _ func(int) int) []uint8 {
	f := make([]uint8, h)
	for i := range f {
		f[i] = uint8(reflFadeAt(float64(i)+0.5, h) + 0.5)
	}
	return f
}

// renderFades renders s with the reflections' fades of fades (cached
// reflections are dropped before and after).
func renderFades(t *testing.T, s Scene, o Options, fades func(int, func(int) int) []uint8) *image.RGBA {
	t.Helper()
	drop := func() { cache.RemoveIf(func(k any) bool { _, ok := k.(reflKey); return ok }) }
	saved := reflFadesOf
	reflFadesOf = fades
	defer func() { reflFadesOf = saved; drop() }()
	drop()
	img, err := Render(context.Background(), s, o)
	if err != nil {
		t.Fatal(err)
	}
	return img.(*image.RGBA)
}

// maxDelta returns the largest channel difference of a and b and how
// many pixels differ.
func maxDelta(a, b *image.RGBA) (int, int) {
	md, n := 0, 0
	for i := 0; i < len(a.Pix); i += 4 {
		d0 := 0
		for c := range 4 {
			d := int(a.Pix[i+c]) - int(b.Pix[i+c])
			d0 = max(d0, d, -d)
		}
		if d0 > 0 {
			n++
		}
		md = max(md, d0)
	}
	return md, n
}

// TestReflectionHeldFadeWithinOneLevel: holding the reflection's fade over
// the light's bands leaves every pixel of styles 98 and 99 (thumbnails
// and covers, side by side and stacked, large and golden size) within
// one 8-bit level of the exact fade, and does change pixels (the hold is
// in effect). A hold that ignores the bound (the first row's fade over
// two bands) must fail the same check.
func TestReflectionHeldFadeWithinOneLevel(t *testing.T) {
	s := matchupScene(teamPurple, teamGreen)
	cases := []Options{
		{Kind: KindThumb, Width: 1440, Height: 1080, Style: 99},
		{Kind: KindThumb, Width: 1440, Height: 1080, Style: 98, LeagueLogo: true},
		{Kind: KindCover, Width: 1080, Height: 1920, Style: 98, LeagueLogo: true},
		{Kind: KindCover, Width: 1080, Height: 1080, Style: 99},
		small(KindThumb, 99),
		small(KindCover, 98),
	}
	for _, o := range cases {
		t.Run(fmt.Sprintf("%v_%dx%d_%d", o.Kind, o.Width, o.Height, o.Style), func(t *testing.T) {
			exact := renderFades(t, s, o, exactFades)
			defer Release(exact)
			held := renderFades(t, s, o, reflFades)
			defer Release(held)
			md, n := maxDelta(exact, held)
			if md > 1 {
				t.Errorf("held fade: a pixel %d levels off the exact fade, want at most 1", md)
			}
			if n == 0 && o.Width >= 1000 {
				t.Errorf("held fade: no pixel differs from the exact fade: the fade is not held")
			}
		})
	}
	// Broken: each pair of bands takes its first row's fade, unchecked.
	broken := func(h int, band func(int) int) []uint8 {
		f := exactFades(h, band)
		for i := 1; i < h; i++ {
			if band(i)/2 == band(i-1)/2 {
				f[i] = f[i-1]
			}
		}
		return f
	}
	o := cases[0]
	exact := renderFades(t, s, o, exactFades)
	defer Release(exact)
	bad := renderFades(t, s, o, broken)
	defer Release(bad)
	if md, _ := maxDelta(exact, bad); md <= 1 {
		t.Errorf("a fade held over two bands unchecked stays within %d level: the check cannot tell", md)
	}
}

// TestReflectionDrawRepeats: drawing a reflection row by row, copying the
// row above where the row and its background repeat, gives exactly what
// its sprite's drawMemo gives, over a background that repeats in bands
// of 3 rows and one that changes on every row.
func TestReflectionDrawRepeats(t *testing.T) {
	li, ok := normalised(teamGreen.Logo)
	if !ok {
		t.Fatal("logo")
	}
	for _, top := range []int{0, 1, 5} {
		k := reflKey{scaledKey{teamGreen.Logo, false, 90, 90}, top, 240, 3}
		rf := reflectionOf(li, k)
		for _, bands := range []int{3, 1} {
			a := image.NewRGBA(image.Rect(0, 0, 120, 120))
			for y := range 120 {
				for x := range 120 {
					v := uint8(40 + (y/bands)*3 + x/16*7)
					copy(a.Pix[a.PixOffset(x, y):], []byte{v, 255 - v, v / 2, 255})
				}
			}
			b := image.NewRGBA(a.Rect)
			copy(b.Pix, a.Pix)
			at := image.Pt(10, 7)
			rf.draw(a, at, new(shadowMemos))
			rf.sp.drawMemo(b, at, new(shadowMemos))
			if md, n := maxDelta(a, b); md != 0 {
				t.Errorf("top %d, bands of %d: %d pixels differ from drawMemo's (by up to %d)", top, bands, n, md)
			}
		}
	}
}
