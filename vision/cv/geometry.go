package cv

import (
	"cmp"
	"image"
	"math"
	"slices"
)

// pt is a point in float pixel coordinates.
type pt struct{ X, Y float64 }

// rect is a rotated rectangle: centre, side lengths W (along the angle) and
// H, and the angle of the W side in radians.
type rect struct {
	C     pt
	W, H  float64
	Angle float64
	// Squash foreshortens r about its centre (a top face seen by a tilted
	// camera): by the factor Squash along the direction SquashDir
	// (radians), by its inverse across (the area kept); 0: none.
	Squash, SquashDir float64
}

// squashed maps an offset from r's centre through r's foreshortening.
func (r rect) squashed(x, y float64) (float64, float64) {
	if r.Squash == 0 {
		return x, y
	}
	nx, ny := math.Cos(r.SquashDir), math.Sin(r.SquashDir)
	a, b := math.Sqrt(r.Squash), 1/math.Sqrt(r.Squash)
	along := x*nx + y*ny
	return b*x + (a-b)*along*nx, b*y + (a-b)*along*ny
}

// shifted is r with its centre moved by x along its W side and y along
// its H side (frame pixels; not foreshortened).
func (r rect) shifted(x, y float64) rect {
	ux, uy := math.Cos(r.Angle), math.Sin(r.Angle)
	r.C.X += x*ux - y*uy
	r.C.Y += x*uy + y*ux
	return r
}

// scaled is r with its sides k times as long, about its centre.
func (r rect) scaled(k float64) rect {
	r.W, r.H = r.W*k, r.H*k
	return r
}

// corners returns the 4 corners of r scaled by k about its centre, in the
// order top-left, top-right, bottom-right, bottom-left of the rectangle's
// own frame.
func (r rect) corners(k float64) [4]pt {
	ux, uy := math.Cos(r.Angle), math.Sin(r.Angle)
	vx, vy := -uy, ux
	hw, hh := r.W*k/2, r.H*k/2
	var out [4]pt
	for i, s := range [4][2]float64{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}} {
		dx, dy := r.squashed(s[0]*hw*ux+s[1]*hh*vx, s[0]*hw*uy+s[1]*hh*vy)
		out[i] = pt{r.C.X + dx, r.C.Y + dy}
	}
	return out
}

// side is the mean side of r.
func (r rect) side() float64 { return (r.W + r.H) / 2 }

// convexHull returns the hull of ps counter-clockwise (monotone chain).
func convexHull(ps []image.Point) []pt {
	p := make([]pt, len(ps))
	for i, q := range ps {
		p[i] = pt{float64(q.X), float64(q.Y)}
	}
	slices.SortFunc(p, func(a, b pt) int {
		if c := cmp.Compare(a.X, b.X); c != 0 {
			return c
		}
		return cmp.Compare(a.Y, b.Y)
	})
	if len(p) < 3 {
		return p
	}
	cross := func(o, a, b pt) float64 { return (a.X-o.X)*(b.Y-o.Y) - (a.Y-o.Y)*(b.X-o.X) }
	h := make([]pt, 0, 2*len(p))
	for _, q := range p {
		for len(h) >= 2 && cross(h[len(h)-2], h[len(h)-1], q) <= 0 {
			h = h[:len(h)-1]
		}
		h = append(h, q)
	}
	lower := len(h) + 1
	for i := len(p) - 2; i >= 0; i-- {
		q := p[i]
		for len(h) >= lower && cross(h[len(h)-2], h[len(h)-1], q) <= 0 {
			h = h[:len(h)-1]
		}
		h = append(h, q)
	}
	return h[:len(h)-1]
}

// minAreaRect is the smallest rotated rectangle holding the hull (rotating
// calipers over the hull's edges), in float precision.
func minAreaRect(hull []pt) rect {
	if len(hull) == 0 {
		return rect{}
	}
	if len(hull) < 3 {
		return rect{C: hull[0], W: 1, H: 1}
	}
	best := rect{}
	bestA := math.Inf(1)
	for i := range hull {
		a, b := hull[i], hull[(i+1)%len(hull)]
		ang := math.Atan2(b.Y-a.Y, b.X-a.X)
		ux, uy := math.Cos(ang), math.Sin(ang)
		minU, maxU, minV, maxV := math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
		for _, q := range hull {
			u := q.X*ux + q.Y*uy
			v := -q.X*uy + q.Y*ux
			minU, maxU = math.Min(minU, u), math.Max(maxU, u)
			minV, maxV = math.Min(minV, v), math.Max(maxV, v)
		}
		area := (maxU - minU) * (maxV - minV)
		if area < bestA {
			bestA = area
			cu, cv := (minU+maxU)/2, (minV+maxV)/2
			best = rect{
				C: pt{cu*ux - cv*uy, cu*uy + cv*ux},
				W: maxU - minU, H: maxV - minV, Angle: ang,
			}
		}
	}
	// Pixel centres: a blob of n pixels spans n, not n-1.
	best.W++
	best.H++
	return best
}

// polyArea is the area of a polygon.
func polyArea(p []pt) float64 {
	var a float64
	for i := range p {
		q, r := p[i], p[(i+1)%len(p)]
		a += q.X*r.Y - r.X*q.Y
	}
	return math.Abs(a) / 2
}

// solveLinear solves the n×n linear system given as the n rows of its
// augmented matrix a (n+1 values each; overwritten) into x, by
// elimination with partial pivoting; false when it is singular.
func solveLinear(a [][]float64, x []float64) bool {
	n := len(a)
	for c := 0; c < n; c++ {
		p := c
		for r := c + 1; r < n; r++ {
			if math.Abs(a[r][c]) > math.Abs(a[p][c]) {
				p = r
			}
		}
		if math.Abs(a[p][c]) < 1e-9 {
			return false
		}
		a[c], a[p] = a[p], a[c]
		for r := c + 1; r < n; r++ {
			f := a[r][c] / a[c][c]
			for k := c; k <= n; k++ {
				a[r][k] -= f * a[c][k]
			}
		}
	}
	for r := n - 1; r >= 0; r-- {
		s := a[r][n]
		for k := r + 1; k < n; k++ {
			s -= a[r][k] * x[k]
		}
		x[r] = s / a[r][r]
	}
	return true
}
