package cv

import (
	"math"

	"gocv.io/x/gocv"

	"tableside/vision/internal/portable"
)

// Squaring up: a top face placed at an angle well off its die's (a side
// or a neighbour joined to the top face's outline turns the square fitted
// to it) shows its glyph turned, and a numeral turned by a quarter of a
// quarter reads as another. The edges of a die run along its top face's
// sides (the top face's outline, its bevel, and the base's outline below
// it), so the strongest edge direction about the placed face, modulo a
// quarter turn, tells how far the placement is turned.
const (
	edgeSize = 64  // the edge patch is edgeSize² pixels...
	edgeSpan = 1.5 // ...covering this many of the face's sides
	// The edges are read in a ring about the placed face's outline: from
	// edgeFrom to edgeTo of its half side (the glyph lies inside it).
	edgeFrom = 0.75
	edgeTo   = 1.35
)

// edgePatch warps edgeSpan sides about the face placed at r into an
// edgeSize² BGR patch (its x axis along r's W side), valid until the next
// call.
func (q *rectifier) edgePatch(frame gocv.Mat, r rect) []byte {
	warpSquare(frame, &q.edges, r.corners(edgeSpan), edgeSize, gocv.InterpolationLinear, gocv.BorderReplicate, colorWhite)
	p, _ := q.edges.DataPtrUint8()
	return p
}

// edgeTurnOf is how far (radians, within ±π/4) the edges about the top
// face placed in an edge patch (edgePatch) run turned from its sides,
// and how coherent they are (the share of the edges' weight that agrees,
// 0..1: 1 when every edge runs along one of two perpendicular
// directions). Each pixel's gradient (summed over the colour channels,
// so that a die as bright as its mat but of another colour shows its
// edges) votes for its direction times four (a quarter turn apart is the
// same side) with its strength, within the ring about the face's
// outline.
func edgeTurnOf(p []byte) (turn, coherence float64) {
	const n = edgeSize
	var sx, sy, sw float64
	for _, i := range edgeRing {
		var cx, cy, w float64 // Σ over channels of m·e^{4iθ} and m
		for ch := 0; ch < 3; ch++ {
			gx, gy := sobelAt(p, i+ch, 3*n)
			m2 := gx*gx + gy*gy
			if m2 == 0 {
				continue
			}
			// (gx + i·gy)⁴ / m³ = m·e^{4iθ}
			re2, im2 := gx*gx-gy*gy, 2*gx*gy
			m := math.Sqrt(m2)
			cx += (re2*re2 - im2*im2) / (m2 * m)
			cy += 2 * re2 * im2 / (m2 * m)
			w += m
		}
		sx, sy, sw = sx+cx, sy+cy, sw+w
	}
	if sw == 0 {
		return 0, 0
	}
	return math.Atan2(sy, sx) / 4, portable.Hypot(sx, sy) / sw
}

// edgeRing lists the byte offsets in an edge patch of the inner pixels
// of the ring about the face's outline (edgeFrom to edgeTo of its half
// side), row by row.
var edgeRing = func() []int {
	const n = edgeSize
	half := float64(n) / edgeSpan / 2
	lo, hi := sq(edgeFrom*half), sq(edgeTo*half)
	var out []int
	for y := 1; y < n-1; y++ {
		for x := 1; x < n-1; x++ {
			if d := sq(float64(x)+0.5-n/2) + sq(float64(y)+0.5-n/2); d >= lo && d <= hi {
				out = append(out, 3*(y*n+x))
			}
		}
	}
	return out
}()

// sobelAt is the Sobel gradient at byte offset i of a BGR patch whose
// rows are stride bytes long (an inner pixel's channel).
func sobelAt(p []byte, i, stride int) (gx, gy float64) {
	up, down := i-stride, i+stride
	a, b, c := float64(p[up-3]), float64(p[up]), float64(p[up+3])
	d, f := float64(p[i-3]), float64(p[i+3])
	g, h, k := float64(p[down-3]), float64(p[down]), float64(p[down+3])
	gx = c + 2*f + k - a - 2*d - g
	gy = g + 2*h + k - a - 2*b - c
	return gx, gy
}
