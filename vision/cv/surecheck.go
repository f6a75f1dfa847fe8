package cv

import (
	"math"

	"gocv.io/x/gocv"

	"tableside/vision/internal/portable"
)

// The last checks of the dice read surely, once every die was read
// (before they are read by elimination, so that a die misread surely
// fills no kind, and again after): each looks once at the die's
// placement and what lies about it (edgePatch; squareUp has looked at
// the first placement already).
//
// A die read surely at a placement its edges run at least maxEdgeTurn
// off (edgeTurnOf, at least turnCoherence coherent) was read turned: a
// numeral turned by an eighth may read as another (an X as a 4), and
// neither the first placement's squaring up (squareUp) nor the retries
// need have turned it back. It is read again turned along its edges
// (turnBack). Over 38 bench sets (83,600 dice) the check took 10
// confident wrong faces (3 then read right) and left 2 right ones
// unsure; without the reading turned back, 5 more right ones were.
const (
	maxEdgeTurn   = 20 * math.Pi / 180
	turnCoherence = 0.1
)

// Edges less coherent than turnCoherence still tell the turn of a dark
// die on a dark mat, often to a few degrees (a Bank 3 placed 29° off, its
// edges 28° off at coherence 0.05), but not surely enough to doubt a
// reading by. A die read surely at a placement its edges run at least
// minWeakTurn off at a coherence of at least weakCoherence (weaklyTurned)
// is read again turned along them, and takes the reading there when it
// is sure, of another face, and fits better (turnIfBetter). Over 47 bench
// sets (103,400 dice) this read 2 confident wrong faces right (a Bank 3
// read as a 6, a 6 as a 5) and changed no other reading; with no lower
// bound on the coherence and from 10°, it changed the same two. The
// other Bank numerals read surely and wrong 10° or more off their faces
// (18) are not read so: of four looked at, none reads surely as its face
// at any turn (dim light, glare; two were read surely only with their
// glare fitted or by elimination). On 12 sets first run after it (seeds
// 3001 to 3012) it changed no reading.
const (
	minWeakTurn   = 15 * math.Pi / 180
	weakCoherence = 0.04
)

// A die with light ink reflects about exp(Mean[2]) of its ink's light
// from its body (its kind's colour: the body's brightness over the
// ink's), and its ink is near white; a die with dark ink has a light
// body. So in one frame the body of a die read surely as a kind with
// light ink is at most about that share of the brightest body among the
// dice read surely with dark ink, give or take the light's gradient
// across the frame: bodySlack times that share is past what any light
// makes of it. A light die whose glare spot was taken for light ink
// (an ivory Trick die read as a black Bank 4, in dim light) has a body
// three to five times brighter. The rule takes the brightest body of a
// die with dark ink for about white: were the player's dice with dark
// ink all darker than two fifths of white, right readings of dice with
// light ink would be doubted (the rendered ones are ivory and pale sage;
// the real dice's colours are in no source).
//
// Over thirty bench sets (66,000 dice), the dice read surely as kinds
// with light ink had bodies at most 1.9 times their kind's share (a Dark
// Alley die in a strong gradient), the eight light dice read surely as
// Bank dice 3.7 to 5.2 times; six of them were then read right by
// elimination, and no right face was lost (34 sets).
const bodySlack = 2.5

// A die read surely but loosely (confidence under looseConf, its template
// fitting worse than turnResid) may be placed off its face: a Bank 4 on
// a dark mat, its outline lost, placed a fifth of its side off reads as
// a 6. Centred on its glyph (inkCentred), it is read again (refit); a
// reading there of another face that is sure and fits under refitGain of
// its residual is kept. Over 47 bench sets (103,400 dice) this read 2
// confident wrong faces right and changed no other reading; on 12 sets
// first run after it (seeds 2001 to 2012) it changed none. Aligned to its
// template and to the nearest template of another face as well
// (alignFace), 2 more were read right, but each die refitted (about 0.3 a
// frame) paid two alignments, about 1.3 ms each on one core here: left
// out.
const (
	looseConf = 0.7
	refitGain = 0.7
)

// sureChecks reads again each die read surely but loosely centred on its
// glyph (looseConf, refit), each read surely at a placement turned off
// its edges (maxEdgeTurn, turnBack) and each read surely at a placement
// weakly turned off them (minWeakTurn, turnIfBetter), and leaves unsure
// each read surely as a kind with light ink whose body is too bright for
// that kind (bodySlack) beside the brightest body of the dice read
// surely with dark ink.
func (r *Reader) sureChecks(frame gocv.Mat) {
	for i := range r.cands {
		c := &r.cands[i]
		if c.v.conf < r.m.Threshold {
			continue
		}
		r.refit(frame, c)
		if c.look.at != c.v.at {
			c.look = r.lookAt(frame, c.v.at)
		}
		switch {
		case c.look.turned:
			r.turnBack(frame, c)
		case c.look.weaklyTurned():
			r.turnIfBetter(frame, c)
		}
	}
	ref := 0.0
	for _, c := range r.cands {
		if c.v.conf >= r.m.Threshold && r.m.polarity(c.v.class) == polDark {
			ref = math.Max(ref, c.look.lum)
		}
	}
	for i := range r.cands {
		if c := &r.cands[i]; ref > 0 && r.tooBright(c.v, c.look.lum, ref) {
			r.doubt(&c.v, "bright")
		}
	}
}

// look is what sureChecks needs of a placement (at; zero: none): its
// ring's luminance, whether its edges run turned off it (maxEdgeTurn),
// how far (radians) and how coherently (edgeTurnOf).
type look struct {
	at        rect
	lum       float64
	turned    bool
	turn, coh float64
}

// lookAt looks at the placement at through its edge patch.
func (r *Reader) lookAt(frame gocv.Mat, at rect) look {
	p := r.q.edgePatch(frame, at)
	turn, coh := edgeTurnOf(p)
	return look{at: at, lum: edgeRingLuminance(p), turned: math.Abs(turn) >= maxEdgeTurn && coh >= turnCoherence, turn: turn, coh: coh}
}

// weaklyTurned says whether the edges run at least minWeakTurn off the
// placement, too incoherently to be sure of it (under turnCoherence, at
// least weakCoherence).
func (lk look) weaklyTurned() bool {
	return !lk.turned && math.Abs(lk.turn) >= minWeakTurn && lk.coh >= weakCoherence
}

// refit reads die c, read surely but loosely, again centred on its
// glyph; the reading there, when it is of another face, sure and fits
// far better (refitGain), is kept. A die is refitted once at a placement.
func (r *Reader) refit(frame gocv.Mat, c *candidate) {
	v := c.v
	if v.conf >= looseConf || v.resid <= turnResid || v.tclass < 0 || c.refitAt == v.at {
		return
	}
	c.refitAt = v.at
	s, ok := r.inkCentred(frame, v.at, v, false)
	if !ok || v.at.closeTo(s) {
		return // (it reads as there)
	}
	if w := r.checkAt(frame, s); r.takesOver(w, v, refitGain) {
		c.v, c.refitAt = w, w.at
	}
}

// takesOver says whether w, a sure reading's check at another placement,
// replaces the reading v: it is sure, of another face, and leaves under
// gain of v's residual unexplained (refit, turnIfBetter; fitsFarBetter
// is the retries' own, which also weighs the ink's polarity).
func (r *Reader) takesOver(w, v verdict, gain float64) bool {
	return w.conf >= r.m.Threshold && r.m.Classes[w.class].Face != r.m.Classes[v.class].Face && w.resid < gain*v.resid
}

// turnBack reads die c, read surely at a placement its edges run turned
// off, again turned along them: kept when sure there, else left unsure.
func (r *Reader) turnBack(frame gocv.Mat, c *candidate) {
	alt := c.v.at
	alt.Angle += c.look.turn
	w := r.checkAt(frame, alt)
	if w.conf >= r.m.Threshold {
		if lk := r.lookAt(frame, w.at); !lk.turned {
			c.v, c.look = w, lk
			return
		}
	}
	r.doubt(&c.v, "turned")
}

// turnIfBetter reads die c, read surely at a placement its edges run
// weakly turned off, again turned along them: the reading there is kept
// when it is sure, of another face, and fits better.
func (r *Reader) turnIfBetter(frame gocv.Mat, c *candidate) {
	alt := c.v.at
	alt.Angle += c.look.turn
	if w := r.checkAt(frame, alt); r.takesOver(w, c.v, 1) {
		c.v, c.look = w, r.lookAt(frame, w.at)
	}
}

// tooBright says whether v, read surely as a kind with light ink, has a
// body (ring luminance lum) too bright for that kind beside the
// brightest body ref of the frame's dice read surely with dark ink.
func (r *Reader) tooBright(v verdict, lum, ref float64) bool {
	if v.conf < r.m.Threshold || r.m.polarity(v.class) != polLight {
		return false
	}
	return lum > bodySlack*portable.Exp(r.m.Colours[r.m.colOf[v.class]].Mean[2])*ref
}

// doubt leaves v unsure (conflictConf of the threshold at most) by the
// rule named why.
func (r *Reader) doubt(v *verdict, why string) {
	v.conf = math.Min(v.conf, conflictConf*r.m.Threshold)
	v.doubt = why
}

// edgeRingLuminance is the median luminance (B+G+R) of the ring of the
// face placed in an edge patch (the part of the face about its glyph,
// as a classified patch's ring: mostly body).
func edgeRingLuminance(p []byte) float64 {
	var h [766]int32
	for _, i := range edgeFaceRing {
		h[int(p[i])+int(p[i+1])+int(p[i+2])]++
	}
	return histMedian(h[:], len(edgeFaceRing))
}

// edgeFaceRing lists the byte offsets in an edge patch of the face's
// ring: ringFrom to 1 of the classified patch's half side (faceInner of
// the face's).
var edgeFaceRing = func() []int {
	const n = edgeSize
	half := faceInner * float64(n) / edgeSpan / 2
	var out []int
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			d := math.Max(math.Abs(float64(x)+0.5-n/2), math.Abs(float64(y)+0.5-n/2))
			if d >= ringFrom*half && d < half {
				out = append(out, 3*(y*n+x))
			}
		}
	}
	return out
}()
