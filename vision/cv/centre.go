package cv

import (
	"math"

	"gocv.io/x/gocv"

	"tableside/vision/internal/portable"
)

// Centring a face on its glyph: a tilted die's top face may be placed a
// sixth of its side or more off (a side taken for part of the top), which
// leaves its glyph off the patch's middle, and a numeral or a Turn Setup
// die's marks read as another face. Every glyph fills the middle of its
// face, so the box around the ink says where the face's middle is.

// inkCentred is rc moved so that the box of the ink in its patch lies
// where the box of the template it was read as lies (a glyph fills the
// middle of its face), found again from the moved patch up to
// centreIters times.
func (r *Reader) inkCentred(frame gocv.Mat, rc rect, v verdict, strips bool) (rect, bool) {
	tx, ty, ok := inkCentre(r.m.rot[v.tclass][v.trot], false)
	if !ok {
		return rc, false
	}
	out := rc
	moved := false
	pol := r.m.polarity(v.tclass) // (a strip of the mat may outweigh the glyph)
	for range centreIters {
		r.slab.reset()
		f, _ := featureInk(&r.slab, r.q.patch(frame, out), pol)
		ix, iy, ok := inkCentre(f.ink, strips)
		if !ok {
			break
		}
		dx, dy := ix-tx, iy-ty // patch pixels
		if portable.Hypot(dx, dy) < 1 {
			break
		}
		k := out.W * faceInner / patchSize // (frame pixels per patch pixel)
		out, moved = out.shifted(dx*k, dy*k), true
	}
	if portable.Hypot(out.C.X-rc.C.X, out.C.Y-rc.C.Y) > maxCentreMove*rc.W {
		return rc, false
	}
	return out, moved
}

// glyphOff is how far the box of ink map ink lies from the box of the
// template v was read as (in sides; 0 when either shows no ink): the
// first step inkCentred would take.
func glyphOff(ink []float32, m *Model, v verdict) float64 {
	if v.tclass < 0 || math.IsInf(v.resid, 1) {
		return 0
	}
	tx, ty, ok := inkCentre(m.rot[v.tclass][v.trot], false)
	ix, iy, ok2 := inkCentre(ink, false)
	if !ok || !ok2 {
		return 0
	}
	return portable.Hypot(ix-tx, iy-ty) * faceInner / patchSize
}

const (
	centreIters   = 3
	maxCentreMove = 0.35
	inkBoxTail    = 0.03
)

// inkCentre is the centre of the box of the ink of a patchSize² map
// (inkBoxTail of its ink left out on each side); false when it shows
// none.
func inkCentre(ink []float32, strips bool) (x, y float64, ok bool) {
	var sx, sy [patchSize]float64
	var s float64
	var edge [patchSize * patchSize]bool
	if strips {
		edge = edgeInk(ink)
	}
	for j := range patchSize {
		for i := range patchSize {
			w := float64(ink[j*patchSize+i])
			if w <= inkSeen || edge[j*patchSize+i] {
				continue
			}
			sx[i] += w
			sy[j] += w
			s += w
		}
	}
	if s < 1 {
		return 0, 0, false
	}
	return boxMid(sx[:], s), boxMid(sy[:], s), true
}

// inkSeen: ink above this is the glyph's (or a neighbour's, or the mat's).
const inkSeen = 0.2

// edgeInk marks the ink of a patchSize² map in strips along its edge:
// parts joined to the edge along at least half a side (a strip of the
// mat or of a side, when the face is placed off its die; a glyph cut by
// the edge touches it along less).
func edgeInk(ink []float32) (strip [patchSize * patchSize]bool) {
	const n = patchSize
	var seen [n * n]bool
	for k := range 4 * n {
		var start int
		switch k / n {
		case 0:
			start = k % n
		case 1:
			start = (n-1)*n + k%n
		case 2:
			start = (k % n) * n
		default:
			start = (k%n)*n + n - 1
		}
		if seen[start] || ink[start] <= inkSeen {
			continue
		}
		part := inkPart(ink, seen[:], start)
		onEdge := 0
		for _, i := range part {
			if x, y := i%n, i/n; x == 0 || y == 0 || x == n-1 || y == n-1 {
				onEdge++
			}
		}
		if onEdge >= n/2 {
			for _, i := range part {
				strip[i] = true
			}
		}
	}
	return strip
}

// inkPart is the part of the ink (above inkSeen) joined to pixel start,
// marked in seen.
func inkPart(ink []float32, seen []bool, start int) []int {
	const n = patchSize
	part := []int{start}
	seen[start] = true
	for k := 0; k < len(part); k++ {
		i := part[k]
		x, y := i%n, i/n
		for _, j := range [4]int{i - 1, i + 1, i - n, i + n} {
			if (j == i-1 && x == 0) || (j == i+1 && x == n-1) || (j == i-n && y == 0) || (j == i+n && y == n-1) {
				continue
			}
			if !seen[j] && ink[j] > inkSeen {
				seen[j] = true
				part = append(part, j)
			}
		}
	}
	return part
}

// boxMid is the middle of the span of marginal m (total s) that leaves
// out inkBoxTail of it on each side.
func boxMid(m []float64, s float64) float64 {
	lo, hi := 0.0, float64(len(m)-1)
	var c float64
	for i, x := range m {
		if c < inkBoxTail*s && c+x >= inkBoxTail*s {
			lo = float64(i)
		}
		if c < (1-inkBoxTail)*s && c+x >= (1-inkBoxTail)*s {
			hi = float64(i)
		}
		c += x
	}
	return (lo + hi) / 2
}
