package logogen

import (
	"fmt"
	"image"
	"math"
	"strings"
)

// drawing holds what the layers of one logo share.
type drawing struct {
	c          *canvas
	n          float64 // side
	seed       uint64
	noise      noise
	spec       Spec
	prim, sec  rgb
	shape      sdf // the badge's outline
	inner      sdf // the badge inside its ring
	round      bool
	ring       float64 // ring width
	lx, ly     float64 // unit vector towards the light (top left)
	labelLight bool    // the label is light (on a dark body)
	flat       bool    // flat fills: no gradient, gloss or bevel (vector art)
}

// bits returns the seed's bits from shift on, modulo m.
func (d *drawing) bits(shift uint, m uint64) uint64 { return (d.seed >> shift) % m }

func newDrawing(n int, seed uint64, s Spec) *drawing {
	d := &drawing{c: newCanvas(n), n: float64(n), seed: seed, noise: noise{seed}, spec: s,
		prim: fromNRGBA(s.Primary), sec: fromNRGBA(s.Secondary), lx: -0.6, ly: -0.8}
	// A ring that would vanish into the body is made lighter or darker.
	if d.prim.distance(d.sec) < 0.3 {
		if d.prim.luma() > 0.5 {
			d.sec = d.prim.darken(0.55)
		} else {
			d.sec = d.prim.lighten(0.6)
		}
	}
	N, c := d.n, d.n/2
	d.ring = N * (0.05 + 0.02*float64(d.bits(8, 3)))
	switch {
	case s.Square:
		d.shape = roundedSquare(c, c, 0.44*N, 0.09*N)
	default:
		switch d.bits(0, 4) {
		case 0, 1:
			d.shape, d.round = circle(c, c, 0.45*N), true
		case 2:
			d.shape = shield(N)
		default:
			d.shape = polygon(c, c, 0.43*N, 8, math.Pi/8)
		}
	}
	d.inner = inset(d.shape, d.ring)
	d.labelLight = d.prim.luma() < 0.6
	return d
}

// draw paints the layers up to the given level of detail.
func (d *drawing) draw(level int) {
	d.flat = level == Vector
	if d.bits(4, 2) == 0 || level >= Photo {
		d.dropShadow()
	}
	d.ringLayer()
	d.body()
	switch level {
	case Photo:
		d.photo(circle(d.n/2, 0.47*d.n, 0.27*d.n), 1.5, 3, 1)
	case Photographic:
		d.photo(d.inner, 2.5, 8, 0.95)
	}
	if level >= Detailed {
		d.emblem()
	}
	if level >= Detailed {
		d.lettering()
	}
	d.label()
	d.motto()
}

// dropShadow is a soft shadow of the badge, down and to the right.
func (d *drawing) dropShadow() {
	ox, oy := 0.012*d.n, 0.02*d.n
	soft := 0.03 * d.n
	d.c.paint(d.c.all(), func(x, y float64) (rgb, float64) {
		return rgb{}, 0.4 * smoothstep(-soft, soft/3, d.shape(x-ox, y-oy))
	})
}

// ringLayer paints the whole badge in the ring colour, bevelled: lit
// where the outline faces the light, with a dark hairline outside.
func (d *drawing) ringLayer() {
	dark := d.sec.darken(0.6)
	d.c.paint(d.c.all(), func(x, y float64) (rgb, float64) {
		s := d.shape(x, y)
		if s < -1 {
			return rgb{}, 0
		}
		a := coverage(s)
		if s > d.ring+2 || d.flat && s > 2.5 {
			return d.sec, a // under the body, or a flat ring
		}
		nx, ny := normal(d.shape, x, y)
		facing := nx*d.lx + ny*d.ly // 1 where the rim faces the light
		t := clamp01(s / d.ring)    // 0 at the outer edge, 1 at the inner
		tube := math.Cos(math.Pi * t)
		c := d.sec.scale(0.82 + 0.2*facing*tube)
		if facing*tube > 0 {
			c = c.lighten(0.25 * facing * tube)
		}
		return mix(dark, c, smoothstep(0.5, 2.5, s)), a
	})
}

// body fills the inside of the ring with a linear gradient of the team
// colour, a gloss towards the light and a light hairline along the ring.
func (d *drawing) body() {
	angle := float64(d.bits(12, 360)) * math.Pi / 180
	ux, uy := math.Cos(angle), math.Sin(angle)
	hi, lo := d.prim.lighten(0.2), d.prim.darken(0.35)
	gx, gy, gr := 0.34*d.n, 0.28*d.n, 0.55*d.n
	line := d.sec.lighten(0.55)
	d.c.paint(d.c.all(), func(x, y float64) (rgb, float64) {
		s := d.inner(x, y)
		if s < -1 {
			return rgb{}, 0
		}
		if d.flat {
			return d.prim, coverage(s)
		}
		t := clamp01(((x-d.n/2)*ux+(y-d.n/2)*uy)/d.n + 0.5)
		c := mix(hi, lo, t)
		if g := 1 - math.Hypot(x-gx, y-gy)/gr; g > 0 {
			c = c.lighten(0.22 * g * g)
		}
		// A hairline 0.012 n inside the ring, 1.5 px wide.
		h := 0.012 * d.n
		if l := coverage(s-h+0.75) - coverage(s-h-0.75); l > 0 {
			c = mix(c, line, l)
		}
		return c, coverage(s)
	})
}

// emblem is drawn behind the label: diagonal stripes or three stars in
// the ring colour, with a gradient along them.
func (d *drawing) emblem() {
	N := d.n
	var shape sdf
	if d.bits(16, 2) == 0 {
		a := math.Pi/4 + float64(d.bits(18, 2))*math.Pi/2
		w := 0.06 * N
		s1 := band(N/2, N/2, a, -1.6*w, -0.6*w)
		s2 := band(N/2, N/2, a, 0.6*w, 1.6*w)
		shape = intersect(inset(d.inner, 0.02*N), func(x, y float64) float64 { return max(s1(x, y), s2(x, y)) })
	} else {
		st := []sdf{star(0.34*N, 0.27*N, 0.05*N, 0.02*N), star(0.5*N, 0.22*N, 0.065*N, 0.026*N), star(0.66*N, 0.27*N, 0.05*N, 0.02*N)}
		shape = func(x, y float64) float64 { return max(st[0](x, y), st[1](x, y), st[2](x, y)) }
	}
	top, bottom := d.sec.lighten(0.3), d.sec.darken(0.15)
	d.c.paint(d.c.all(), func(x, y float64) (rgb, float64) {
		s := shape(x, y)
		if s < -1 {
			return rgb{}, 0
		}
		return mix(top, bottom, y/N), 0.9 * coverage(s)
	})
}

// photo paints a photographic texture inside region: two fields of
// value noise colour a ramp from the team's darkest to a highlight, with
// a grain of the given deviation (levels of 255) per channel, posterised
// to steps of step levels (as logos made from photos are: real ones stay
// below about 22,000 colours), with a feathered edge, at opacity op.
func (d *drawing) photo(region sdf, grain, step, op float64) {
	N := d.n
	stops := []rgb{d.prim.darken(0.7), d.prim, mix(d.prim, d.sec, 0.6), d.sec.lighten(0.5)}
	d.c.paint(d.c.all(), func(x, y float64) (rgb, float64) {
		s := region(x, y)
		if s < -1 {
			return rgb{}, 0
		}
		t := clamp01((d.noise.fbm(x, y, 0.3*N, 6, 1)-0.5)*2.2 + 0.5)
		t *= 3
		i := min(int(t), 2)
		c := mix(stops[i], stops[i+1], t-float64(i))
		c = c.scale(0.7 + 0.55*d.noise.fbm(x, y, 0.06*N, 4, 20))
		// Light from the top left across the picture.
		c = c.scale(1.1 - 0.35*clamp01((x+y)/(2*N)))
		ix, iy := int64(x), int64(y)
		c.r += grain * d.noise.grain(ix, iy, 31) / 255
		c.g += grain * d.noise.grain(ix, iy, 32) / 255
		c.b += grain * d.noise.grain(ix, iy, 33) / 255
		q := func(v float64) float64 { return clamp01(math.Round(v*255/step) * step / 255) }
		c = rgb{q(c.r), q(c.g), q(c.b)}
		return c, op * smoothstep(-1, 3, s)
	})
	// A thin ring around a medallion.
	if region(N/2, 0.47*N) < 0.4*N {
		rim := d.sec.lighten(0.2)
		d.c.paint(d.c.all(), func(x, y float64) (rgb, float64) {
			s := region(x, y)
			return rim, coverage(s+2) - coverage(s-1)
		})
	}
}

// label writes the label across the middle: a gradient fill, an outline
// in the ring's dark shade and a soft shadow.
func (d *drawing) label() {
	text := strings.ToUpper(d.spec.Label)
	if text == "" {
		return
	}
	N := d.n
	size := fitText(text, true, 0.62*N, 0.2*N)
	m, base := textMask(text, true, size, 2)
	// Centre the cap height on the badge's middle.
	capH := 0.7 * size
	m = m.moved(int(N/2)-m.w/2, int(N/2+capH/2)-base)
	outline := m.dilate(max(2, int(0.012*N)))
	shadow := outline.moved(int(0.008*N), int(0.01*N)).blur(max(1, int(0.006*N)))
	d.c.paint(shadow.bounds(), func(x, y float64) (rgb, float64) {
		return rgb{}, 0.55 * shadow.at(int(x), int(y))
	})
	edge := d.sec.darken(0.5)
	if !d.labelLight {
		edge = d.sec.lighten(0.5)
	}
	d.c.paint(outline.bounds(), func(x, y float64) (rgb, float64) {
		return edge, outline.at(int(x), int(y))
	})
	top, bottom := rgb{1, 1, 1}, rgb{0.78, 0.8, 0.84}
	if !d.labelLight {
		top, bottom = rgb{0.16, 0.16, 0.18}, rgb{0.02, 0.02, 0.03}
	}
	y0, y1 := float64(m.y0), float64(m.y0+m.h)
	d.c.paint(m.bounds(), func(x, y float64) (rgb, float64) {
		return mix(top, bottom, (y-y0)/(y1-y0)), m.at(int(x), int(y))
	})
}

// motto writes a small "EST. 19xx" under the label.
func (d *drawing) motto() {
	N := d.n
	text := fmt.Sprintf("EST. %d", 1880+d.bits(24, 120))
	m, base := textMask(text, false, max(9, 0.03*N), 1)
	m = m.moved(int(N/2)-m.w/2, int(0.68*N)-base)
	c := rgb{0.95, 0.95, 0.95}
	if !d.labelLight {
		c = rgb{0.08, 0.08, 0.1}
	}
	d.c.paint(m.bounds(), func(x, y float64) (rgb, float64) { return c, m.at(int(x), int(y)) })
}

// lettering writes the name in fine type: along the top of the ring of a
// round badge, on a banner across the lower body of any other.
func (d *drawing) lettering() {
	name := strings.ToUpper(d.spec.Name)
	if name == "" {
		return
	}
	N := d.n
	ink := rgb{1, 1, 1}
	if d.sec.luma() > 0.6 {
		ink = rgb{0.05, 0.05, 0.08}
	}
	if d.round {
		size := 0.6 * d.ring
		m, base := textMask(name, false, size, 2)
		outer := 0.45 * N
		rb := outer - d.ring/2 - 0.35*size // baseline radius: caps centred in the ring
		if arc := float64(m.w) / rb; arc > 0.8*math.Pi {
			size *= 0.8 * math.Pi / arc
			m, base = textMask(name, false, size, 2)
		}
		cx, cy := N/2, N/2
		d.c.paint(image.Rect(0, 0, int(N), int(N/2)+1), func(x, y float64) (rgb, float64) {
			dx, dy := x-cx, y-cy
			r := math.Hypot(dx, dy)
			if r < rb-size || r > outer {
				return rgb{}, 0
			}
			phi := math.Atan2(dx, -dy)
			return ink, m.sample(phi*rb+float64(m.w)/2, float64(base)-(r-rb))
		})
		return
	}
	size := 0.042 * N
	m, base := textMask(name, false, size, 2)
	if float64(m.w) > 0.6*N {
		size *= 0.6 * N / float64(m.w)
		m, base = textMask(name, false, size, 2)
	}
	top, bottom := 0.7*N, 0.7*N+1.6*size
	m = m.moved(int(N/2)-m.w/2, int((top+bottom)/2+0.35*size)-base)
	banner := intersect(inset(d.inner, 0.01*N), band(N/2, N/2, math.Pi/2, top-N/2, bottom-N/2))
	fill := d.sec.darken(0.2)
	d.c.paint(d.c.all(), func(x, y float64) (rgb, float64) {
		s := banner(x, y)
		if s < -1 {
			return rgb{}, 0
		}
		return mix(fill.lighten(0.15), fill, (y-top)/(bottom-top)), coverage(s)
	})
	d.c.paint(m.bounds(), func(x, y float64) (rgb, float64) { return ink, m.at(int(x), int(y)) })
}
