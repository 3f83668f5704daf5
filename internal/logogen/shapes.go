package logogen

import "math"

// sdf tells how far (x, y) lies inside a shape, in pixels: positive
// inside, negative outside, about the Euclidean distance to the edge near
// it, so coverage(sdf) anti-aliases the edge.
type sdf func(x, y float64) float64

// coverage is the share of a pixel inside a shape whose signed distance
// at the pixel's centre is d.
func coverage(d float64) float64 { return clamp01(d + 0.5) }

// circle centred at (cx, cy) of radius r.
func circle(cx, cy, r float64) sdf {
	return func(x, y float64) float64 { return r - math.Hypot(x-cx, y-cy) }
}

// roundedSquare centred at (cx, cy) with half side h and corner radius k.
func roundedSquare(cx, cy, h, k float64) sdf {
	return func(x, y float64) float64 {
		qx, qy := math.Abs(x-cx)-h+k, math.Abs(y-cy)-h+k
		out := math.Hypot(max(qx, 0), max(qy, 0)) + min(max(qx, qy), 0)
		return k - out
	}
}

// polygon is a regular convex polygon of sides sides around (cx, cy)
// with apothem a, turned by rot radians.
func polygon(cx, cy, a float64, sides int, rot float64) sdf {
	nx, ny := make([]float64, sides), make([]float64, sides)
	for i := range sides {
		t := rot + 2*math.Pi*float64(i)/float64(sides)
		nx[i], ny[i] = math.Sin(t), -math.Cos(t)
	}
	return func(x, y float64) float64 {
		d := math.Inf(1)
		for i := range nx {
			d = min(d, a-((x-cx)*nx[i]+(y-cy)*ny[i]))
		}
		return d
	}
}

// shield is a heater shield: a rectangle on top of half an ellipse, with
// a notched top edge, centred in a square of side n.
func shield(n float64) sdf {
	x0, x1, y0, mid, bottom := 0.14*n, 0.86*n, 0.08*n, 0.5*n, 0.94*n
	cx, rx, ry := n/2, (x1-x0)/2, bottom-mid
	return func(x, y float64) float64 {
		top := y - y0 - 0.04*n*math.Abs(math.Sin((x-cx)/(x1-x0)*math.Pi))
		if y < mid {
			return min(x-x0, x1-x, top)
		}
		dx, dy := (x-cx)/rx, (y-mid)/ry
		return min((1-math.Hypot(dx, dy))*min(rx, ry), top)
	}
}

// star is a five-pointed star around (cx, cy): outer radius ro, inner
// ri, one point up. Its distance is measured along the radius, scaled to
// stay close to the true distance at the edges.
func star(cx, cy, ro, ri float64) sdf {
	return func(x, y float64) float64 {
		dx, dy := x-cx, y-cy
		r := math.Hypot(dx, dy)
		t := math.Atan2(dx, -dy) // 0 up, clockwise
		seg := 2 * math.Pi / 10
		f := math.Mod(math.Abs(t)+seg*10, 2*seg) / seg // 0 at a point, 1 between
		if f > 1 {
			f = 2 - f
		}
		edge := ro + (ri-ro)*f
		return (edge - r) * 0.45
	}
}

// band is the strip between two parallel lines at signed distances d0 and
// d1 from the centre along direction (cos a, sin a).
func band(cx, cy, a, d0, d1 float64) sdf {
	ux, uy := math.Cos(a), math.Sin(a)
	return func(x, y float64) float64 {
		d := (x-cx)*ux + (y-cy)*uy
		return min(d-d0, d1-d)
	}
}

// inset is shape s shrunk by w pixels.
func inset(s sdf, w float64) sdf { return func(x, y float64) float64 { return s(x, y) - w } }

// intersect is the part common to a and b.
func intersect(a, b sdf) sdf { return func(x, y float64) float64 { return min(a(x, y), b(x, y)) } }

// normal is the unit vector pointing out of s at (x, y), by central
// differences.
func normal(s sdf, x, y float64) (float64, float64) {
	gx := s(x-1, y) - s(x+1, y)
	gy := s(x, y-1) - s(x, y+1)
	l := math.Hypot(gx, gy)
	if l == 0 {
		return 0, -1
	}
	return gx / l, gy / l
}
