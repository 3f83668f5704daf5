package render

import (
	"image"
	"time"
	"weak"

	"gamethumbs/internal/colorx"
	"gamethumbs/internal/lru"
)

// The venue photo of styles 10-13 is graded once per venue and canvas
// size into a layer and kept: the photo scaled to cover a canvas a
// layerDetail-th of the size, softened, desaturated, darkened towards the
// bottom and the sides and washed with the home colour, then scaled up
// across to the canvas width (bilinear). A render copies each layer row
// to layerDetail canvas rows. The backdrop behind the logos and type is
// soft anyway, and a row that repeats the row above costs the PNG
// encoder next to nothing: the photo encodes in about a third of the CPU
// and half the bytes it would at full detail. The layers live in a cache
// of their own, so photos never push logo sprites out of theirs.

// DefaultVenueCacheBytes bounds the graded venue layers (a 1440x1080
// thumbnail's is 1440x360, 2 MB).
const DefaultVenueCacheBytes = 40 << 20

// layerDetail is how many canvas rows (and, before the layer is scaled
// across, columns) one photo pixel of the grade covers.
const layerDetail = 3

// venueKey identifies a layer without keeping the photo alive: the photo
// belongs to the fetcher's cache, which decides how long it lives.
type venueKey struct {
	photo weak.Pointer[image.RGBA]
	src   image.Image // the photo as the scene gave it, when not an *image.RGBA
	w, h  int         // the canvas's size
	wash  uint32
}

// venueLayers is a Renderer's cache of graded venue layers.
type venueLayers = lru.Cache[venueKey, *image.RGBA]

// newVenueLayers is a layer cache of maxBytes (see Config.VenueCacheBytes).
func newVenueLayers(maxBytes int64) *venueLayers {
	if maxBytes == 0 {
		maxBytes = DefaultVenueCacheBytes
	}
	return lru.New[venueKey, *image.RGBA](lru.Options{MaxBytes: maxBytes})
}

// VenueCacheStats reports the venue layer cache's size and counters.
func (r *Renderer) VenueCacheStats() lru.Stats { return r.venues.Stats() }

// Grade of the photo: desaturate by a quarter, keep gradeTop of the light
// at the top and gradeBottom at the bottom (text sits there), darken the
// sides by up to gradeSides, and wash with washShare of the home colour.
const (
	gradeTop    = 0.62
	gradeBottom = 0.3
	gradeSides  = 0.3
	washShare   = 0.140625 // 36/256
	// exposureMean is the brightest mean luma (0-255) a photo keeps
	// before the grade.
	exposureMean = 110.0
)

// meanLuma is the mean luma (0-255) of an opaque image, sampled on a grid.
func meanLuma(img *image.RGBA) float64 {
	var sum, n float64
	b := img.Rect
	for y := b.Min.Y; y < b.Max.Y; y += 4 {
		row := img.Pix[img.PixOffset(b.Min.X, y):]
		for x := 0; x < b.Dx(); x += 4 {
			p := row[4*x:]
			sum += 0.299*float64(p[0]) + 0.587*float64(p[1]) + 0.114*float64(p[2])
			n++
		}
	}
	if n == 0 {
		return 0
	}
	return sum / n
}

// layerAverage is the mean colour of the part of the canvas r (canvas
// pixels) shows of layer, drawn as venuePhoto draws it on a canvas of h
// rows.
func layerAverage(layer *image.RGBA, h int, r image.Rectangle) colorx.RGB {
	lh := layer.Rect.Dy()
	src := image.Rect(r.Min.X, r.Min.Y*lh/h, r.Max.X, r.Max.Y*lh/h+1).Intersect(layer.Rect)
	var sr, sg, sb, n int
	step := max(1, min(src.Dx(), src.Dy())/24)
	for y := src.Min.Y; y < src.Max.Y; y += step {
		for x := src.Min.X; x < src.Max.X; x += step {
			p := layer.Pix[layer.PixOffset(x, y):]
			sr, sg, sb, n = sr+int(p[0]), sg+int(p[1]), sb+int(p[2]), n+1
		}
	}
	if n == 0 {
		return photoTone
	}
	return colorx.RGB{R: uint8(sr / n), G: uint8(sg / n), B: uint8(sb / n)}
}

// venueLayer returns the graded layer of photo (src as the scene gave it,
// px its pixels) for a w x h canvas, building and keeping it on a miss.
func venueLayer(cache *venueLayers, src image.Image, px *image.RGBA, w, h int, wash colorx.RGB) *image.RGBA {
	if cache == nil {
		return gradePhoto(px, w, h, wash)
	}
	key := venueKey{w: w, h: h, wash: rgbKey(wash)}
	if rgba, ok := src.(*image.RGBA); ok && rgba == px {
		key.photo = weak.Make(px)
	} else if cacheable(src) {
		key.src = src
	} else {
		return gradePhoto(px, w, h, wash)
	}
	if l, ok := cache.Get(key); ok {
		return l
	}
	l := gradePhoto(px, w, h, wash)
	cache.Add(key, l, int64(len(l.Pix)), time.Time{})
	return l
}

// gradePhoto builds the layer of photo for a w x h canvas (see the top
// of this file): w x ceil(h/layerDetail).
func gradePhoto(photo *image.RGBA, w, h int, wash colorx.RGB) *image.RGBA {
	pw, ph := photo.Rect.Dx(), photo.Rect.Dy()
	lw, lh := max(1, (w+layerDetail-1)/layerDetail), max(1, (h+layerDetail-1)/layerDetail)
	layer := image.NewRGBA(image.Rect(0, 0, lw, lh))
	// The photo scaled to cover lw x lh, centred.
	k := max(float64(lw)/float64(pw), float64(lh)/float64(ph))
	sx0, sy0 := (float64(pw)-float64(lw)/k)/2, (float64(ph)-float64(lh)/k)/2
	scaleBilinear(layer, layer.Rect, photo, sx0, sy0, k, k, false)
	softFocus(layer, 1)
	// Exposure: a bright photo (an overcast sky, pale stands) is darkened
	// until its mean luma is at most exposureMean, so white logos and type
	// read on it as on a dark one.
	exposure := 1.0
	if m := meanLuma(layer); m > exposureMean {
		exposure = exposureMean / m
	}
	gain := make([]int32, lw)
	for x := range lw {
		d := (float64(x) + 0.5 - float64(lw)/2) / (float64(lw) / 2)
		gain[x] = int32(256 * exposure * (1 - gradeSides*d*d) * (1 - washShare))
	}
	wr, wg, wb := int32(wash.R)*int32(256*washShare), int32(wash.G)*int32(256*washShare), int32(wash.B)*int32(256*washShare)
	for y := range lh {
		t := float64(y) / float64(max(1, lh-1))
		light := int32(256 * (gradeTop + (gradeBottom-gradeTop)*t*t))
		// The wash in 16.16 fixed point, like the graded colour.
		washR, washG, washB := wr*light, wg*light, wb*light
		row := layer.Pix[y*layer.Stride:][:4*lw]
		for x := 0; x+3 < len(row); x += 4 {
			o := row[x : x+4 : x+4]
			cr, cg, cb := int32(o[0])<<8, int32(o[1])<<8, int32(o[2])<<8
			lum := (77*cr + 150*cg + 29*cb) >> 8
			cr, cg, cb = (3*cr+lum)>>2, (3*cg+lum)>>2, (3*cb+lum)>>2
			g := gain[x/4] * light >> 8
			o[0] = clampByte((cr*g + washR) >> 16)
			o[1] = clampByte((cg*g + washG) >> 16)
			o[2] = clampByte((cb*g + washB) >> 16)
			o[3] = 255
		}
	}
	wide := image.NewRGBA(image.Rect(0, 0, w, lh))
	scaleBilinear(wide, wide.Rect, layer, 0, 0, float64(w)/float64(lw), 1, true)
	return wide
}

// venuePhoto paints the layer on the rows of the band being painted:
// canvas row y is layer row y*lh/h.
func (p *painter) venuePhoto(layer *image.RGBA) {
	r := p.dst.Rect.Intersect(p.full)
	lh := layer.Rect.Dy()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		j := min(y*lh/p.o.Height, lh-1)
		copy(p.dst.Pix[p.dst.PixOffset(r.Min.X, y):][:4*r.Dx()], layer.Pix[j*layer.Stride+4*r.Min.X:])
	}
}

// scaleBilinear fills rows r of dst (an opaque canvas in its own
// coordinates) with src scaled by (kx, ky) after moving it by (-sx0,
// -sy0) in source pixels, bilinear; acrossOnly: each output row is the
// nearest source row's, resampled across. Each source row is resampled
// across once and kept while output rows need it.
func scaleBilinear(dst *image.RGBA, r image.Rectangle, src *image.RGBA, sx0, sy0, kx, ky float64, acrossOnly bool) {
	sw, sh := src.Rect.Dx(), src.Rect.Dy()
	n := r.Dx()
	x0 := make([]int32, n)
	wx := make([]int32, n)
	for i := range n {
		fx := sx0 + (float64(r.Min.X+i)+0.5)/kx - 0.5
		fx = min(max(fx, 0), float64(sw-1))
		j := min(int(fx), max(sw-2, 0))
		x0[i], wx[i] = int32(j), int32((fx-float64(j))*256+0.5)
		if sw == 1 {
			wx[i] = 0
		}
	}
	rowA, rowB := make([]int32, 3*n), make([]int32, 3*n)
	haveA, haveB := -1, -1
	across := func(sy int, out []int32) {
		s := src.Pix[src.PixOffset(src.Rect.Min.X, src.Rect.Min.Y+sy):]
		for i := range n {
			k, w := 4*int(x0[i]), wx[i]
			o := out[3*i : 3*i+3 : 3*i+3]
			if w == 0 {
				o[0], o[1], o[2] = int32(s[k])<<8, int32(s[k+1])<<8, int32(s[k+2])<<8
				continue
			}
			a, b := s[k:k+3:k+3], s[k+4:k+7:k+7]
			o[0] = int32(a[0])*(256-w) + int32(b[0])*w
			o[1] = int32(a[1])*(256-w) + int32(b[1])*w
			o[2] = int32(a[2])*(256-w) + int32(b[2])*w
		}
	}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		fy := sy0 + (float64(y)+0.5)/ky - 0.5
		fy = min(max(fy, 0), float64(sh-1))
		j := int(fy)
		j1 := min(j+1, sh-1)
		wy := int32((fy-float64(j))*256 + 0.5)
		if acrossOnly {
			j = min(int(fy+0.5), sh-1)
			j1, wy = j, 0
		}
		switch {
		case haveA == j:
		case haveB == j:
			rowA, rowB = rowB, rowA
			haveA, haveB = j, haveA
		default:
			across(j, rowA)
			haveA = j
		}
		if haveB != j1 && wy != 0 {
			across(j1, rowB)
			haveB = j1
		}
		d := dst.Pix[dst.PixOffset(r.Min.X, y):][:4*n]
		for i := range n {
			a, b := rowA[3*i:3*i+3:3*i+3], rowB[3*i:3*i+3:3*i+3]
			o := d[4*i : 4*i+4 : 4*i+4]
			o[0] = uint8((a[0]*(256-wy) + b[0]*wy + 1<<15) >> 16)
			o[1] = uint8((a[1]*(256-wy) + b[1]*wy + 1<<15) >> 16)
			o[2] = uint8((a[2]*(256-wy) + b[2]*wy + 1<<15) >> 16)
			o[3] = 255
		}
	}
}

// softFocus blurs an opaque image with a box of radius r, across then
// down: the photo sits behind the logos like a shallow depth of field,
// and a picture without pixel noise compresses to a smaller PNG.
func softFocus(img *image.RGBA, r int) {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	n := int32(2*r + 1)
	line := make([]int32, 3*max(w, h))
	blur := func(at func(i int) []uint8, length int) {
		for i := range length {
			px := at(i)
			line[3*i], line[3*i+1], line[3*i+2] = int32(px[0]), int32(px[1]), int32(px[2])
		}
		for c := range 3 {
			var sum int32
			for k := -r; k <= r; k++ {
				sum += line[3*min(max(k, 0), length-1)+c]
			}
			for i := range length {
				at(i)[c] = uint8((sum + n/2) / n)
				sum += line[3*min(i+r+1, length-1)+c] - line[3*max(i-r, 0)+c]
			}
		}
	}
	for y := range h {
		row := img.Pix[y*img.Stride:]
		blur(func(i int) []uint8 { return row[4*i : 4*i+3] }, w)
	}
	for x := range w {
		blur(func(i int) []uint8 { return img.Pix[i*img.Stride+4*x : i*img.Stride+4*x+3] }, h)
	}
}

func clampByte(v int32) uint8 {
	return uint8(min(max(v, 0), 255))
}
