package raster

import (
	"encoding/binary"
	"image"
	"image/draw"
	"math"
	"sync"

	"golang.org/x/image/vector"
)

// path records a filled outline in canvas coordinates. It is rasterised
// into an *image.Alpha covering only its bounding box, then composited with
// draw.DrawMask, which hits image/draw's fast glyph path for uniform colours.
type Path struct {
	cmds                   []pathCmd
	minX, minY, maxX, maxY float32
	seen                   bool
}

type pathCmd struct {
	op  byte // 'M', 'L', 'C', 'Z'
	pts [3][2]float32
}

func (p *Path) see(x, y float32) {
	if !p.seen {
		p.minX, p.maxX, p.minY, p.maxY, p.seen = x, x, y, y, true
	}
	p.minX, p.maxX = min(p.minX, x), max(p.maxX, x)
	p.minY, p.maxY = min(p.minY, y), max(p.maxY, y)
}

func (p *Path) MoveTo(x, y float64) {
	p.see(float32(x), float32(y))
	p.cmds = append(p.cmds, pathCmd{op: 'M', pts: [3][2]float32{{float32(x), float32(y)}}})
}

func (p *Path) LineTo(x, y float64) {
	p.see(float32(x), float32(y))
	p.cmds = append(p.cmds, pathCmd{op: 'L', pts: [3][2]float32{{float32(x), float32(y)}}})
}

func (p *Path) cubeTo(x1, y1, x2, y2, x, y float64) {
	for _, q := range [][2]float64{{x1, y1}, {x2, y2}, {x, y}} {
		p.see(float32(q[0]), float32(q[1]))
	}
	p.cmds = append(p.cmds, pathCmd{op: 'C', pts: [3][2]float32{
		{float32(x1), float32(y1)}, {float32(x2), float32(y2)}, {float32(x), float32(y)}}})
}

func (p *Path) Close() { p.cmds = append(p.cmds, pathCmd{op: 'Z'}) }

// polygon adds a closed polygon from x,y pairs.
func (p *Path) Polygon(xy ...float64) {
	p.MoveTo(xy[0], xy[1])
	for i := 2; i+1 < len(xy); i += 2 {
		p.LineTo(xy[i], xy[i+1])
	}
	p.Close()
}

// rect adds an axis-aligned rectangle.
func (p *Path) Rect(x0, y0, x1, y1 float64) { p.Polygon(x0, y0, x1, y0, x1, y1, x0, y1) }

// kappa places cubic control points for a quarter circle.
const kappa = 0.5522847498

// circle adds a circle of radius r centred at (cx, cy).
func (p *Path) Circle(cx, cy, r float64) {
	k := r * kappa
	p.MoveTo(cx+r, cy)
	p.cubeTo(cx+r, cy+k, cx+k, cy+r, cx, cy+r)
	p.cubeTo(cx-k, cy+r, cx-r, cy+k, cx-r, cy)
	p.cubeTo(cx-r, cy-k, cx-k, cy-r, cx, cy-r)
	p.cubeTo(cx+k, cy-r, cx+r, cy-k, cx+r, cy)
	p.Close()
}

// RoundRect adds a rectangle with corner radius r.
func (p *Path) RoundRect(x0, y0, x1, y1, r float64) {
	r = min(r, (x1-x0)/2, (y1-y0)/2)
	k := r * (1 - kappa)
	p.MoveTo(x0+r, y0)
	p.LineTo(x1-r, y0)
	p.cubeTo(x1-k, y0, x1, y0+k, x1, y0+r)
	p.LineTo(x1, y1-r)
	p.cubeTo(x1, y1-k, x1-k, y1, x1-r, y1)
	p.LineTo(x0+r, y1)
	p.cubeTo(x0+k, y1, x0, y1-k, x0, y1-r)
	p.LineTo(x0, y0+r)
	p.cubeTo(x0, y0+k, x0+k, y0, x0+r, y0)
	p.Close()
}

// line adds a straight stroke of width w from (x0,y0) to (x1,y1) as a quad.
func (p *Path) Line(x0, y0, x1, y1, w float64) {
	dx, dy := x1-x0, y1-y0
	l := math.Hypot(dx, dy)
	if l == 0 {
		return
	}
	nx, ny := -dy/l*w/2, dx/l*w/2
	p.Polygon(x0+nx, y0+ny, x1+nx, y1+ny, x1-nx, y1-ny, x0-nx, y0-ny)
}

var rasterPool = sync.Pool{New: func() any { return vector.NewRasterizer(1, 1) }}

// mask rasterises p into an alpha mask covering its bounding box clipped to
// clip. The mask is pooled: hand it back with PutAlpha. It returns nil when
// nothing is visible.
func (p *Path) Mask(clip image.Rectangle) *image.Alpha {
	if len(p.cmds) == 0 {
		return nil
	}
	bb := image.Rect(int(math.Floor(float64(p.minX))), int(math.Floor(float64(p.minY))),
		int(math.Ceil(float64(p.maxX)))+1, int(math.Ceil(float64(p.maxY)))+1).Intersect(clip)
	if bb.Empty() {
		return nil
	}
	z := rasterPool.Get().(*vector.Rasterizer)
	defer rasterPool.Put(z)
	z.Reset(bb.Dx(), bb.Dy())
	ox, oy := float32(bb.Min.X), float32(bb.Min.Y)
	open := false
	for _, c := range p.cmds {
		switch c.op {
		case 'M':
			if open {
				z.ClosePath()
			}
			z.MoveTo(c.pts[0][0]-ox, c.pts[0][1]-oy)
			open = true
		case 'L':
			z.LineTo(c.pts[0][0]-ox, c.pts[0][1]-oy)
		case 'C':
			z.CubeTo(c.pts[0][0]-ox, c.pts[0][1]-oy, c.pts[1][0]-ox, c.pts[1][1]-oy, c.pts[2][0]-ox, c.pts[2][1]-oy)
		case 'Z':
			z.ClosePath()
			open = false
		}
	}
	if open {
		z.ClosePath()
	}
	a := getAlphaDirty(bb) // the Src draw below writes every pixel
	z.DrawOp = draw.Src
	z.Draw(a, a.Rect, image.Opaque, image.Point{})
	return a
}

// empty reports whether p has no commands.
func (p *Path) Empty() bool { return len(p.cmds) == 0 }

// area is the area of p's bounding box in pixels.
func (p *Path) Area() float64 {
	w, h := float64(p.maxX-p.minX), float64(p.maxY-p.minY)
	return w * h
}

// key is the path's outline as a string, for cache keys.
func (p *Path) Key() string {
	key := make([]byte, 0, 25*len(p.cmds))
	for _, c := range p.cmds {
		key = append(key, c.op)
		for _, pt := range c.pts {
			key = binary.LittleEndian.AppendUint32(key, math.Float32bits(pt[0]))
			key = binary.LittleEndian.AppendUint32(key, math.Float32bits(pt[1]))
		}
	}
	return string(key)
}

var alphaPool sync.Pool

// GetAlpha returns a zeroed alpha image with bounds r from the pool.
func GetAlpha(r image.Rectangle) *image.Alpha {
	a := getAlphaDirty(r)
	clear(a.Pix)
	return a
}

// getAlphaDirty is GetAlpha without clearing: its pixels are undefined.
func getAlphaDirty(r image.Rectangle) *image.Alpha {
	n := r.Dx() * r.Dy()
	if a, ok := alphaPool.Get().(*image.Alpha); ok && cap(a.Pix) >= n {
		a.Pix = a.Pix[:n]
		a.Stride, a.Rect = r.Dx(), r
		return a
	}
	return image.NewAlpha(r)
}

func PutAlpha(a *image.Alpha) {
	if a != nil && cap(a.Pix) <= 16<<20 {
		alphaPool.Put(a)
	}
}

// MoveAlpha is m with its bounds moved by d (sharing its pixels).
func MoveAlpha(m *image.Alpha, d image.Point) *image.Alpha {
	moved := *m
	moved.Rect = m.Rect.Add(d)
	return &moved
}
