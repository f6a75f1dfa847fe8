package cv

import (
	"math"

	"gocv.io/x/gocv"

	"tableside/vision"
	"tableside/vision/internal/portable"
)

// A Turn Setup die read surely at a placement moved by a retry (by more
// than minCoverShift sides from its first) must still cover the marks its
// first placement showed: a placement that leaves some of a face's marks
// outside may read another face cleanly (a "13" whose bar is left out
// looks like a "24"). When more than maxUncovered of the first
// placement's ink lies outside the kept one, the die is unsure, unless
// the kept placement fits it far better than the first (coverFit). A
// Downtown die shows one glyph, no part of which is another face's
// (twelve bench sets: four dice read right that the check left unsure,
// none read wrongly without it).
const (
	maxUncovered  = 0.12
	minCoverShift = 0.05
	// coverInk: pixels of the ink map at least this inky count.
	coverInk = 0.3
	// coverFit: a kept placement whose best class fits the die within
	// this share of the first placement's residual is not checked (the
	// first was misplaced: the ink it showed outside the kept one is a
	// neighbour's glyph or a side, not a part of the die's own left out).
	coverFit = 0.4
)

// uncovered is the share of the ink of the top face placed at first (read
// at class c's polarity) that lies outside the top face placed at kept.
func (r *Reader) uncovered(frame gocv.Mat, first, kept rect, c int) float64 {
	ink := featureAt(r.q.patch(frame, first), r.m.polarity(c)).ink
	a := first.corners(faceInner)
	k := kept.corners(faceInner)
	var total, out float64
	for j := range patchSize {
		fy := (float64(j) + 0.5) / patchSize
		for i := range patchSize {
			w := float64(ink[j*patchSize+i])
			if w < coverInk {
				continue
			}
			fx := (float64(i) + 0.5) / patchSize
			p := pt{a[0].X + fx*(a[1].X-a[0].X) + fy*(a[3].X-a[0].X), a[0].Y + fx*(a[1].Y-a[0].Y) + fy*(a[3].Y-a[0].Y)}
			total += w
			if !insideQuad(k, p) {
				out += w
			}
		}
	}
	if total == 0 {
		return 0
	}
	return out / total
}

// insideQuad tells whether p lies inside the convex quadrilateral q (its
// corners in order, either way round).
func insideQuad(q [4]pt, p pt) bool {
	sign := 0.0
	for i := range q {
		a, b := q[i], q[(i+1)%4]
		c := (b.X-a.X)*(p.Y-a.Y) - (b.Y-a.Y)*(p.X-a.X)
		if c == 0 {
			continue
		}
		if sign == 0 {
			sign = math.Copysign(1, c)
		} else if math.Copysign(1, c) != sign {
			return false
		}
	}
	return true
}

// coverCheck leaves v (read at kept) unsure when kept, moved from first,
// leaves out too much of the marks a Turn Setup die's first placement
// showed (a turned or resized placement is not checked: a die placed too
// big over its neighbour is read at a smaller size, rightly leaving the
// neighbour's ink out).
func (r *Reader) coverCheck(frame gocv.Mat, first, kept rect, v verdict) verdict {
	if v.conf < r.m.Threshold || v.aligned || portable.Hypot(kept.C.X-first.C.X, kept.C.Y-first.C.Y) < minCoverShift*first.side() {
		return v
	}
	if _, downtown := vision.DowntownFaces[r.m.Classes[v.class].Kind]; downtown {
		return v
	}
	if r.uncovered(frame, first, kept, v.class) > maxUncovered && v.resid > coverFit*r.m.classify(featureOf(r.q.patch(frame, first))).resid {
		r.doubt(&v, "cover")
	}
	return v
}
