package render

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"math"
	"reflect"
	"slices"
	"testing"

	"gamethumbs/internal/colorx"
	"gamethumbs/internal/raster"
	"gamethumbs/internal/render/rendertest"
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
	img, err := testRenderer.Render(context.Background(), matchupScene(a, b), Options{Kind: KindThumb, Width: 1080, Height: 1080, Style: 99})
	if err != nil {
		t.Fatal(err)
	}
	defer raster.Release(img)
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

// paintPanel without a texture gives, pixel for pixel, the team colour
// overlaid in float at the index its table holds for the pixel's band and
// column (so within one level of overlaying the whole panel in float),
// for odd and even sizes and when dst holds only part of the panel
// (bands, offset panels).
func TestPaintPanelMatchesOverlay(t *testing.T) {
	stops := []raster.Stop{{T: 0, C: colorx.RGB{R: 255, G: 255, B: 255}, A: 0.2}, {T: 1, C: colorx.RGB{}, A: 0.4}}
	c := colorx.RGB{R: 0x55, G: 0x25, B: 0x83}
	luts := newPanelLUTs(testRenderer.cache, c, stops)
	for _, sz := range []image.Point{{37, 23}, {40, 30}, {1, 1}, {64, 9}, {41, 120}} {
		panel := image.Rectangle{image.Pt(5, 3), image.Pt(5, 3).Add(sz)}
		want := image.NewRGBA(image.Rectangle{Max: sz})
		raster.FillRect(want, want.Rect, rgba(c))
		r1 := 0.8 * float64(max(sz.X, sz.Y))
		raster.OverlayRadial(want, float64(sz.X)/2, float64(sz.Y)/2, 2, r1, stops)
		ri := panelIndex(testRenderer.cache, sz.X, sz.Y, 2, r1, stops, luts.top)
		for _, win := range []image.Rectangle{panel, image.Rect(0, 4, 50, 9), image.Rect(9, 0, 30, 140)} {
			dst := image.NewRGBA(win)
			paintPanel(testRenderer.cache, dst, panel, luts, 2, r1, stops, nil)
			in := win.Intersect(panel)
			for y := in.Min.Y; y < in.Max.Y; y++ {
				for x := in.Min.X; x < in.Max.X; x++ {
					px, py := x-panel.Min.X, y-panel.Min.Y
					k := min(px, sz.X-1-px)
					var p [4]byte
					raster.Store32(p[:], luts.plain[ri.row(ri.block(py, sz.Y))[k]])
					g, w := dst.RGBAAt(x, y), want.RGBAAt(px, py)
					if g != (color.RGBA{p[0], p[1], p[2], p[3]}) || maxChannelDiff(g, w) > 1 || g.A != 255 {
						t.Fatalf("panel %v window %v: pixel (%d,%d) = %v, want %v (float overlay %v)", sz, win, x, y, g, p, w)
					}
				}
			}
		}
	}
}

// Every pixel of a panel reads the overlay within a third of an 8-bit
// level of its exact value (the stops at the pixel's own radius, in
// float; up to half a step of the lookup table), for every team colour
// of the table's brightness class, while a quarter or more of its
// columns' rows repeat the row above (fewer contour steps for the PNG
// filter), with the vignette as deep as drawn (0.8 of the panel's short
// side) and shallower. Blocks chosen against twice the bound, against
// dark team colours only, or blocks of the most rows taken everywhere
// break the guarantee somewhere, and so does a darker class's table.
func TestRadialBlocksWithinThird(t *testing.T) {
	sizes := []image.Point{{720, 1080}, {1080, 960}, {1440, 1440}, {160, 240}, {37, 23}, {41, 120}, {-720, 1080}, {-1080, 1920}}
	if raceDetector {
		// The tables are built on one goroutine: a -race build checks
		// one panel of each radius and the odd sizes.
		sizes = []image.Point{{720, 1080}, {37, 23}, {41, 120}, {-720, 1080}}
	}
	for _, sz := range sizes {
		r1f := 0.8
		if sz.X < 0 { // the deep vignette of styles 98/99
			sz.X = -sz.X
			r1f = 0.8 * float64(min(sz.X, sz.Y)) / float64(max(sz.X, sz.Y))
		}
		w, h := sz.X, sz.Y
		r0, r1 := 10.0, r1f*float64(max(w, h))
		for _, top := range []uint8{255, 191, 63} {
			ri := panelIndex(testRenderer.cache, w, h, r0, r1, panelStops, top)
			if worst := radialError(ri, w, h, r0, r1, panelStops, top); worst > 1.0/3+radialSlack {
				t.Errorf("%v panel, colours up to %d: a pixel is %.3f levels off its exact overlay, want <= 1/3", sz, top, worst)
			}
			if sz.X < 720 {
				continue
			}
			full := fullIndex(ri)
			nb := len(full) / ri.qw
			same := 0
			for i := ri.qw; i < len(full); i++ {
				if full[i] == full[i-ri.qw] {
					same++
				}
			}
			if 2*same < ri.qw*(nb-1) {
				t.Errorf("%v panel, colours up to %d: %d of %d rows repeat the row above, want half", sz, top, same, ri.qw*(nb-1))
			}
		}
		if sz.X < 720 {
			continue
		}
		sl := overlaySlopes(panelStops, 255)
		for name, bad := range map[string]*radialIndex{
			"twice the bound":     radialBlocks(w, h, r0, r1, maxBlock, sl, 2.0/3),
			"dark colours' slope": radialBlocks(w, h, r0, r1, maxBlock, overlaySlopes([]raster.Stop{{T: 0, C: colorx.RGB{R: 255, G: 255, B: 255}, A: 0.2}, {T: 1, C: colorx.RGB{}, A: 0.2}}, 255), 1.0/3),
			"no bound":            radialBlocks(w, h, r0, r1, maxBlock, sl, math.Inf(1)),
			"colours up to 127":   panelIndex(testRenderer.cache, w, h, r0, r1, panelStops, 127),
		} {
			if radialError(bad, w, h, r0, r1, panelStops, 255) <= 1.0/3+radialSlack {
				t.Errorf("%v panel: blocks chosen against %s keep within a third of a level; the check cannot tell", sz, name)
			}
		}
	}
}

// A team colour's brightness class holds its brightest channel, less than
// 64 levels above it, and panels of darker classes pair more bands.
func TestOverlayTop(t *testing.T) {
	for v := range 256 {
		for _, c := range []colorx.RGB{{R: uint8(v)}, {G: uint8(v), B: uint8(v / 2)}, {R: uint8(v / 3), B: uint8(v)}} {
			if top := int(overlayTop(c)); top < v || top >= v+64 {
				t.Fatalf("colour %v: class %d, want %d-%d", c, top, v, v+63)
			}
			if luts := newPanelLUTs(testRenderer.cache, c, panelStops); luts.top != overlayTop(c) {
				t.Fatalf("colour %v: panel tables of class %d, want %d", c, luts.top, overlayTop(c))
			}
		}
	}
	prev := -1
	for _, top := range []uint8{255, 191, 127, 63} {
		ri := panelIndex(testRenderer.cache, 720, 1080, 10, 576, panelStops, top)
		same := 0
		full := fullIndex(ri)
		for i := ri.qw; i < len(full); i++ {
			if full[i] == full[i-ri.qw] {
				same++
			}
		}
		if same <= prev {
			t.Errorf("colours up to %d: %d bands repeat the band above, want more than the brighter class's %d", top, same, prev)
		}
		prev = same
	}
}

// fullIndex returns every table row of ri, in order.
func fullIndex(ri *radialIndex) []uint16 {
	var full []uint16
	for b := range ri.qh {
		full = append(full, ri.row(b)...)
	}
	return full
}

// radialSlack is how far the lookup table's steps alone may move the
// overlay (half a step at its steepest, a white team at t = 1).
const radialSlack = 0.5 / (raster.LUTSize - 1) * 155

// radialError returns by how many levels, at most, a pixel of a w x h
// panel reads the overlay (stops from radius r0 to r1) off its exact value
// through ri, over team colours whose channels are at most top (the error
// is linear in the colour: largest at 0 or top).
func radialError(ri *radialIndex, w, h int, r0, r1 float64, stops []raster.Stop, top uint8) float64 {
	worst := 0.0
	for y := range h {
		row := ri.row(ri.block(y, h))
		for x := range w {
			d := math.Hypot(float64(x)+0.5-float64(w)/2, float64(y)+0.5-float64(h)/2)
			te := min(1, max(0, (d-r0)/(r1-r0)))
			tg := float64(row[min(x, w-1-x)]) / (raster.LUTSize - 1)
			ae, ag := raster.StopAlphaAt(stops, te), raster.StopAlphaAt(stops, tg)
			se, sg := raster.StopColorAt(stops, te), raster.StopColorAt(stops, tg)
			for k := range 3 {
				diff := ae*se[k] - ag*sg[k] // at colour 0; at top add:
				worst = max(worst, math.Abs(diff), math.Abs(diff+(ag-ae)*float64(top)))
			}
		}
	}
	return worst
}

// A thumbnail's panel paints its radial overlay per block of rows: every
// pixel stays within one level of the exact float overlay (for the
// steepest team colours too), and most rows repeat the row above, which
// is what makes the PNG small: with the vignette as deep as drawn (0.8 of
// the panel's short side) and shallower.
func TestPaintPanelBlocks(t *testing.T) {
	for _, c := range []struct {
		w, h int
		r1   float64
		same float64 // share of rows that repeat the row above, at least
	}{{720, 1080, 576, 0.5}, {720, 1080, 864, 0.7}, {1080, 960, 768, 0.5}, {160, 240, 128, 0.15}} {
		r0 := 10.0
		for _, col := range []colorx.RGB{{R: 0x55, G: 0x25, B: 0x83}, {R: 255, G: 255, B: 255}, {R: 0x0c, G: 0x23, B: 0x40}} {
			panel := image.Rect(0, 0, c.w, c.h)
			want := image.NewRGBA(panel)
			raster.FillRect(want, panel, rgba(col))
			raster.OverlayRadial(want, float64(c.w)/2, float64(c.h)/2, r0, c.r1, panelStops)
			got := image.NewRGBA(panel)
			paintPanel(testRenderer.cache, got, panel, newPanelLUTs(testRenderer.cache, col, panelStops), r0, c.r1, panelStops, nil)
			worst, same := 0, 0
			for y := range c.h {
				for x := range c.w {
					worst = max(worst, maxChannelDiff(got.RGBAAt(x, y), want.RGBAAt(x, y)))
				}
				if y > 0 && bytes.Equal(got.Pix[y*got.Stride:][:4*c.w], got.Pix[(y-1)*got.Stride:][:4*c.w]) {
					same++
				}
			}
			if worst > 1 {
				t.Errorf("%dx%d panel, radius %g, colour %v: a pixel is %d levels off the exact overlay, want <= 1", c.w, c.h, c.r1, col, worst)
			}
			if min := int(c.same * float64(c.h-1)); same < min {
				t.Errorf("%dx%d panel, radius %g, colour %v: %d rows repeat the row above, want >= %d", c.w, c.h, c.r1, col, same, min)
			}
		}
	}
}

// panelEmboss gives exactly the runs of lighting worked out pixel by
// pixel from the silhouette (its shortcuts skip what is known unlit or
// plain sheen without changing a run).
func TestEmbossTextureMatchesPixels(t *testing.T) {
	square := image.NewNRGBA(image.Rect(0, 0, 120, 120))
	for i := range square.Pix {
		square.Pix[i] = 255
	}
	logos := []image.Image{teamPurple.Logo, teamGreen.Logo, testLeague.Logo, teamDark.Logo, square,
		rendertest.Logo(rendertest.Star, 90, nrgba("#ffffff"), nrgba("#000000"))}
	for _, img := range logos {
		li, ok := normalised(testRenderer.cache, img)
		if !ok {
			t.Fatal("logo has no visible pixels")
		}
		for _, c := range []struct{ w, h, e int }{{720, 1080, 2}, {1080, 960, 2}, {1080, 1080, 2}, {160, 240, 1}} {
			key := embossKey{img, c.w, c.h, c.e}
			got := panelEmboss(testRenderer.cache, li, key)
			want := embossByPixel(li, key)
			if len(got.runs) != len(want.runs) {
				t.Fatalf("%v %+v: %d runs, want %d", img.Bounds(), c, len(got.runs), len(want.runs))
			}
			for i := range want.rows {
				if got.rows[i] != want.rows[i] {
					t.Fatalf("%v %+v: row %d starts at run %d, want %d", img.Bounds(), c, i, got.rows[i], want.rows[i])
				}
			}
			for i := range want.runs {
				if got.runs[i] != want.runs[i] {
					t.Fatalf("%v %+v: run %d is %+v, want %+v", img.Bounds(), c, i, got.runs[i], want.runs[i])
				}
			}
		}
	}
}

// embossByPixel is panelEmboss without its shortcuts or cache.
func embossByPixel(li logoInfo, k embossKey) *embossTex {
	w, h, e := k.w, k.h, k.e
	sw, sh, ox, oy, ramp := embossPlace(li, w, h)
	var meta silRows
	sil := silhouette(li, sw, sh, ox+e, oy+e, w+2*e, h+2*e, &meta)
	defer raster.PutAlpha(sil)
	t := &embossTex{rows: make([]int32, h+1)}
	for y := range h {
		t.rows[y] = int32(len(t.runs))
		var cur embossRun
		for x := range w {
			var sheen uint8
			var light int8
			hv, lv := int(sil.AlphaAt(x+2*e, y+2*e).A), int(sil.AlphaAt(x, y).A)
			if f := ramp(min(x-ox, ox+sw-1-x)) * ramp(min(y-oy, oy+sh-1-y)) >> 8; f > 0 {
				sheen = uint8(min(hv, lv) * embossSheen / 255 * f >> 8)
				if d := hv - lv; d > 0 {
					light = int8(d * embossRise / 255 * f >> 8)
				} else if d < 0 {
					light = -int8(-d * embossFall / 255 * f >> 8)
				}
			}
			if cur.x1 == uint16(x) && cur.x1 > cur.x0 && cur.sheen == sheen && cur.light == light {
				cur.x1++
				continue
			}
			if cur.x1 > cur.x0 && (cur.sheen != 0 || cur.light != 0) {
				t.runs = append(t.runs, cur)
			}
			cur = embossRun{uint16(x), uint16(x + 1), sheen, light}
		}
		if cur.x1 > cur.x0 && (cur.sheen != 0 || cur.light != 0) {
			t.runs = append(t.runs, cur)
		}
	}
	t.rows[h] = int32(len(t.runs))
	return t
}

// silhouette is the logo's alpha sampled bilinearly at every window pixel,
// and its row description holds: no nonzero pixel outside a row's extent,
// only 255s in its full spans.
func TestSilhouetteMatchesBilinear(t *testing.T) {
	big := rendertest.Logo(rendertest.Star, 600, nrgba("#ffffff"), nrgba("#000000"))
	for _, img := range []image.Image{teamPurple.Logo, testLeague.Logo, big} {
		li, ok := normalised(testRenderer.cache, img)
		if !ok {
			t.Fatal("logo has no visible pixels")
		}
		pix, stride, rect := alphaSource(li.img)
		tr := li.trim
		alpha := func(x, y int) uint32 { return uint32(pix[(y-rect.Min.Y)*stride+4*(x-rect.Min.X)+3]) }
		for _, c := range []struct{ sw, sh, ox, oy, w, h int }{
			{1836, 1836, -560, -380, 724, 1084}, // a thumbnail panel's: 7.6x the source
			{300, 260, 20, -15, 280, 240},       // partly outside the window
			{250, 250, 3, 5, 260, 260},          // the 600-px logo shrunk
		} {
			var meta silRows
			m := silhouette(li, c.sw, c.sh, c.ox, c.oy, c.w, c.h, &meta)
			kx, ky := float64(tr.Dx())/float64(c.sw), float64(tr.Dy())/float64(c.sh)
			for y := range c.h {
				e := meta.ext[y]
				full := meta.full[meta.at[y]:meta.at[y+1]]
				for x := range c.w {
					var want uint8
					if x >= c.ox && x < c.ox+c.sw && y >= c.oy && y < c.oy+c.sh {
						sx, wx := sample(float64(x-c.ox), kx, tr.Min.X, tr.Max.X)
						sy, wy := sample(float64(y-c.oy), ky, tr.Min.Y, tr.Max.Y)
						sx1, sy1 := min(sx+1, tr.Max.X-1), min(sy+1, tr.Max.Y-1)
						top := alpha(sx, sy)*(256-wx) + alpha(sx1, sy)*wx
						bot := alpha(sx, sy1)*(256-wx) + alpha(sx1, sy1)*wx
						want = uint8((top*(256-wy) + bot*wy) >> 16)
					}
					got := m.Pix[y*m.Stride+x]
					if got != want {
						t.Fatalf("%v %+v: pixel (%d,%d) = %d, want %d", img.Bounds(), c, x, y, got, want)
					}
					if got != 0 && (x < int(e[0]) || x >= int(e[1])) {
						t.Fatalf("%v %+v: pixel (%d,%d) = %d outside the row's extent %v", img.Bounds(), c, x, y, got, e)
					}
					for _, f := range full {
						if x >= int(f[0]) && x < int(f[1]) && got != 255 {
							t.Fatalf("%v %+v: pixel (%d,%d) = %d in full span %v", img.Bounds(), c, x, y, got, f)
						}
					}
				}
			}
			raster.PutAlpha(m)
		}
	}
}

// paintPanel with an emboss texture gives, pixel for pixel, the plain
// overlay of the pixel's block (the block's middle row; the right half
// mirroring the left) lit by the run covering it: the sheen table under
// plain sheen runs, white sheen then white or black light composited
// over the plain overlay elsewhere. Whole panels (looked up once for
// both rows and mirrored) and windows of them (bands, offset panels).
func TestPaintPanelTexture(t *testing.T) {
	c := colorx.RGB{R: 0x55, G: 0x25, B: 0x83}
	luts := newPanelLUTs(testRenderer.cache, c, panelStops)
	li, ok := normalised(testRenderer.cache, teamPurple.Logo)
	if !ok {
		t.Fatal("logo has no visible pixels")
	}
	// A texture with every kind of run: plain sheen rows, lit runs with
	// and without sheen, black and white light, gaps, rows with no run.
	synth := func(w, h int) *embossTex {
		tex := &embossTex{rows: make([]int32, h+1)}
		for y := range h {
			tex.rows[y] = int32(len(tex.runs))
			switch y % 5 {
			case 0: // unlit
			case 1: // all sheen
				tex.runs = append(tex.runs, embossRun{0, uint16(w), embossSheen, 0})
			default:
				for x := y % 3; x+3 < w; x += 7 {
					tex.runs = append(tex.runs, embossRun{uint16(x), uint16(x + 2), embossSheen, 0},
						embossRun{uint16(x + 2), uint16(x + 3), uint8(x % 11), int8(x%97 - 57)})
				}
			}
		}
		tex.rows[h] = int32(len(tex.runs))
		return tex
	}
	for _, sz := range []image.Point{{720, 1080}, {37, 23}, {38, 23}, {64, 9}, {10, 7}, {41, 13}} {
		w, h := sz.X, sz.Y
		r0, r1 := 10.0, 0.8*float64(max(w, h))
		ri := panelIndex(testRenderer.cache, w, h, r0, r1, panelStops, luts.top)
		texs := []*embossTex{synth(w, h)}
		if w == 720 {
			texs = append(texs, panelEmboss(testRenderer.cache, li, embossKey{teamPurple.Logo, w, h, 2}))
		}
		panel := image.Rectangle{image.Pt(5, 3), image.Pt(5, 3).Add(sz)}
		for ti, tex := range texs {
			for _, win := range []image.Rectangle{panel, image.Rect(0, 4, w+10, 9), image.Rect(9, 0, 30, h+5), image.Rect(5, 2, 20, h)} {
				dst := image.NewRGBA(win)
				paintPanel(testRenderer.cache, dst, panel, luts, r0, r1, panelStops, tex)
				in := win.Intersect(panel)
				for y := in.Min.Y; y < in.Max.Y; y++ {
					py := y - panel.Min.Y
					runs := tex.runs[tex.rows[py]:tex.rows[py+1]]
					for x := in.Min.X; x < in.Max.X; x++ {
						px := x - panel.Min.X
						k := px
						if k >= ri.qw {
							k = w - 1 - k
						}
						want := luts.plain[ri.row(ri.block(py, h))[k]]
						for _, r := range runs {
							if px < int(r.x0) || px >= int(r.x1) {
								continue
							}
							if r.sheen == embossSheen && r.light == 0 {
								want = luts.sheen[ri.row(ri.block(py, h))[k]]
								break
							}
							if s := uint32(r.sheen); s > 0 {
								want = raster.OverPix(raster.ScalePix(0xffffffff, s), s, want)
							}
							if l := int(r.light); l > 0 {
								want = raster.OverPix(raster.ScalePix(0xffffffff, uint32(l)), uint32(l), want)
							} else if l < 0 {
								want = raster.OverPix(raster.ScalePix(0xff000000, uint32(-l)), uint32(-l), want)
							}
						}
						if got := raster.Load32(dst.Pix[dst.PixOffset(x, y):]); got != want {
							t.Fatalf("panel %v texture %d window %v: pixel (%d,%d) = %08x, want %08x", sz, ti, win, x, y, got, want)
						}
					}
				}
			}
		}
	}
}

// The shared divider and badge-ring paints are exactly raster.NewLinear's for
// their stops, a zero-length gradient included.
func TestSharedGradients(t *testing.T) {
	for _, c := range []struct {
		lut   *raster.GradLUT
		stops []raster.Stop
	}{{dividerLUT(), dividerStops}, {badgeRingLUT(), badgeStops}} {
		for _, g := range [][4]float64{{717, 0, 723, 0}, {0, 537, 0, 543.5}, {638.2, 458.2, 801.8, 621.8}, {5, 5, 5, 5}} {
			got, want := raster.LinearWith(c.lut, g[0], g[1], g[2], g[3]), raster.NewLinear(g[0], g[1], g[2], g[3], c.stops)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("gradient %v: shared paint %+v differs from newLinear's %+v", g, *got, *want)
			}
		}
	}
}

// panelIndex keeps one table per panel size and overlay: panels of one
// size whose overlays differ get their own blocks.
func TestPanelIndexPerOverlay(t *testing.T) {
	steep := []raster.Stop{{T: 0, C: colorx.RGB{R: 255, G: 255, B: 255}, A: 0.9}, {T: 1, C: colorx.RGB{}, A: 0.9}}
	five := []raster.Stop{{T: 0, C: colorx.RGB{}, A: 0.1}, {T: 0.2, C: colorx.RGB{}, A: 0.2}, {T: 0.4, C: colorx.RGB{}, A: 0.3}, {T: 0.6, C: colorx.RGB{}, A: 0.4}, {T: 1, C: colorx.RGB{}, A: 0.5}}
	for _, sz := range []image.Point{{720, 1080}, {1440, 1440}} {
		r0, r1 := 10.0, 0.8*float64(min(sz.X, sz.Y))
		for _, stops := range [][]raster.Stop{panelStops, steep, five, panelStops} {
			want := radialBlocks(sz.X, sz.Y, r0, r1, maxBlock, overlaySlopes(stops, 255), 1.0/3)
			if got := panelIndex(testRenderer.cache, sz.X, sz.Y, r0, r1, stops, 255); !slices.Equal(fullIndex(got), fullIndex(want)) {
				t.Errorf("%v panel, stops %v: the table of another overlay", sz, stops)
			}
		}
	}
}

// A team colour's panel tables are the stops overlaid on the colour in
// float, entry by entry, and the sheen table that with white blended in
// at the sheen's coverage: for several colours sharing an overlay's
// terms, for two overlays, and for one of more stops than the terms' key
// holds.
func TestPanelLUTs(t *testing.T) {
	five := []raster.Stop{{T: 0, C: colorx.RGB{R: 9}, A: 0.1}, {T: 0.2, C: colorx.RGB{G: 80}, A: 0.2}, {T: 0.4, C: colorx.RGB{}, A: 0.3}, {T: 0.6, C: colorx.RGB{B: 200}, A: 0.4}, {T: 1, C: colorx.RGB{}, A: 0.5}}
	steep := []raster.Stop{{T: 0, C: colorx.RGB{R: 255, G: 255, B: 255}, A: 0.9}, {T: 1, C: colorx.RGB{}, A: 0.9}}
	white := raster.Premul(255, 255, 255, 1)
	for _, stops := range [][]raster.Stop{panelStops, five, steep} {
		for _, c := range []colorx.RGB{{R: 0x55, G: 0x25, B: 0x83}, {G: 0x7a, B: 0x33}, {}, {R: 255, G: 255, B: 255}} {
			luts := newPanelLUTs(testRenderer.cache, c, stops)
			for i := range raster.LUTSize {
				tt := float64(i) / (raster.LUTSize - 1)
				a := raster.StopAlphaAt(stops, tt)
				sc := raster.StopColorAt(stops, tt)
				al := float32(a)
				ia := 1 - al
				want := raster.Pixel32(uint8(float32(sc[0]*a)+float32(c.R)*ia+0.5), uint8(float32(sc[1]*a)+float32(c.G)*ia+0.5),
					uint8(float32(sc[2]*a)+float32(c.B)*ia+0.5), uint8(255*al+float32(255)*ia+0.5))
				var p [4]byte
				raster.Store32(p[:], want)
				raster.BlendPix(p[:], 0, white, embossSheen)
				wantSheen := raster.Load32(p[:])
				if luts.plain[i] != want || luts.sheen[i] != wantSheen || luts.both[i] != uint64(want)|uint64(wantSheen)<<32 {
					t.Fatalf("colour %v, %d stops, entry %d: %08x %08x %016x, want %08x %08x", c, len(stops), i,
						luts.plain[i], luts.sheen[i], luts.both[i], want, wantSheen)
				}
			}
		}
	}
}
