package synth

import "math"

// homog is a 3×3 homography, row-major.
type homog [9]float64

var identity = homog{1, 0, 0, 0, 1, 0, 0, 0, 1}

func (h homog) apply(x, y float64) (float64, float64) {
	w := h[6]*x + h[7]*y + h[8]
	return (h[0]*x + h[1]*y + h[2]) / w, (h[3]*x + h[4]*y + h[5]) / w
}

func (h homog) mul(g homog) homog {
	var r homog
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			for k := 0; k < 3; k++ {
				r[3*i+j] += h[3*i+k] * g[3*k+j]
			}
		}
	}
	return r
}

func (h homog) inverse() homog {
	a, b, c, d, e, f, g, i, j := h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7], h[8]
	A := e*j - f*i
	B := -(d*j - f*g)
	C := d*i - e*g
	det := a*A + b*B + c*C
	r := homog{A, -(b*j - c*i), b*f - c*e, B, a*j - c*g, -(a*f - c*d), C, -(a*i - b*g), a*e - b*d}
	for k := range r {
		r[k] /= det
	}
	return r
}

// tiltHomography maps the table plane (pixel units of the untilted view)
// into a w×h image seen by a camera tilted by tilt degrees about an axis at
// angle axis degrees through the image centre. Focal length and camera
// distance are both dist pixels, so the scale at the centre is 1.
func tiltHomography(w, h int, tilt, axis, dist float64) homog {
	cx, cy := float64(w)/2, float64(h)/2
	ax, ay := cosd(axis), sind(axis)
	c, s := cosd(tilt), sind(tilt)
	// Rodrigues rotation about the unit axis (ax, ay, 0).
	r := [9]float64{
		c + ax*ax*(1-c), ax * ay * (1 - c), ay * s,
		ay * ax * (1 - c), c + ay*ay*(1-c), -ax * s,
		-ay * s, ax * s, c,
	}
	// [r1 r2 t] with t = (0,0,dist).
	m := homog{r[0], r[1], 0, r[3], r[4], 0, r[6], r[7], dist}
	k := homog{dist, 0, cx, 0, dist, cy, 0, 0, 1}
	t := homog{1, 0, -cx, 0, 1, -cy, 0, 0, 1}
	return k.mul(m).mul(t)
}

// cameraFoot returns the table point below the camera centre of a tilt
// homography and the camera height above the table, in table pixels.
func cameraFoot(w, h int, tilt, axis, dist float64) (fx, fy, height float64) {
	ax, ay := cosd(axis), sind(axis)
	c, s := cosd(tilt), sind(tilt)
	// Camera centre in plane coordinates: -Rᵀ t, t = (0,0,dist): -dist × third row of R.
	r3 := [2]float64{-ay * s, ax * s} // third row of R (x, y)
	px, py := -dist*r3[0], -dist*r3[1]
	return float64(w)/2 + px, float64(h)/2 + py, dist * c
}

// square is a die's top face on the table: centre, half side, rotation.
type square struct{ cx, cy, half, angle float64 }

// corners returns the 4 corners (x0,y0,...,x3,y3), clockwise on screen.
func (q square) corners() [8]float64 {
	c, s := cosd(q.angle), sind(q.angle)
	var out [8]float64
	for i, p := range [4][2]float64{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}} {
		u, v := p[0]*q.half, p[1]*q.half
		out[2*i] = q.cx + u*c - v*s
		out[2*i+1] = q.cy + u*s + v*c
	}
	return out
}

// gap is the separation between two squares along their separating axis
// (negative when they overlap).
func gap(a, b square) float64 {
	best := math.Inf(-1)
	ca, cb := a.corners(), b.corners()
	for _, ang := range []float64{a.angle, a.angle + 90, b.angle, b.angle + 90} {
		nx, ny := cosd(ang), sind(ang)
		amin, amax := project(ca, nx, ny)
		bmin, bmax := project(cb, nx, ny)
		g := fmax(bmin-amax, amin-bmax)
		best = fmax(best, g)
	}
	return best
}

func project(c [8]float64, nx, ny float64) (lo, hi float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for i := 0; i < 4; i++ {
		p := c[2*i]*nx + c[2*i+1]*ny
		lo, hi = fmin(lo, p), fmax(hi, p)
	}
	return lo, hi
}

// roundedSDF is the signed distance (face units) from (u,v) to the rounded
// square [-1,1]² with corner radius r.
func roundedSDF(u, v, r float64) float64 {
	if u < 0 {
		u = -u
	}
	if v < 0 {
		v = -v
	}
	qx, qy := u-(1-r), v-(1-r)
	if qx <= 0 || qy <= 0 {
		if qy > qx {
			qx = qy
		}
		return qx - r
	}
	return math.Sqrt(qx*qx+qy*qy) - r
}

// fmax and fmin are math.Max and math.Min for ordinary numbers (no NaN or
// signed-zero care), inlined in the pixel loops.
func fmax(a, b float64) float64 {
	if a > b {
		return a
	}
	return b
}

func fmin(a, b float64) float64 {
	if a < b {
		return a
	}
	return b
}
