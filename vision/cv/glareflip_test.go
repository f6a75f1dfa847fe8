package cv

import (
	"math"
	"slices"
	"testing"

	"gocv.io/x/gocv"

	"tableside/vision"
	"tableside/vision/synth"
)

// A glare spot in dim light can outweigh a dark glyph: the patch shows
// light ink, and classifyAt reads the face again at its kind's polarity.
// glareRead ranks and reads such a face at its reading's polarity
// (glareFeature); ranked at the polarity the patch shows, its own class
// is fitted less often. Dice of the dark-ink kinds under glare in dim
// light, read unsure at their true placements at the polarity the patch
// does not show: their true class is among the classes glareRead fits
// more often so, and glareRead reads none of them surely as another face.
// Placed a twentieth of their side off (read unsure and flipped there
// too), glareNear reads most of them, at the placements around, ranked at
// the die's reading's polarity (it passes glareRead the die's reading),
// and none as another face.
func TestGlareReadRanksAFlippedFaceAtItsReadingsPolarity(t *testing.T) {
	r := NewReader(model(t))
	defer r.Close()
	n, atReading, atPatch, nNear, nearRight := 0, 0, 0, 0, 0
	eachUnsureDarkGlared(t, r, 12, func(u unsureDarkGlared) {
		if !u.flipped {
			return
		}
		n++
		d, p, f := u.d, u.p, u.f
		if f.pol == featureOf(p).pol || f.pol != r.m.polarity(u.v.class) {
			t.Errorf("%s/%s read %s: glareFeature at polarity %d, the patch shows %d", d.Kind, d.Face, r.m.Classes[u.v.class].Face, f.pol, featureOf(p).pol)
		}
		atReading += fitsTrue(r.m, p, f, d)
		atPatch += fitsTrue(r.m, p, featureOf(p), d)
		glareReadsNoOtherFace(t, r, u)
		for k := range 4 {
			off := movedBy(truePlace(d), 0.05, float64(k)*math.Pi/2)
			o := r.classifyAt(u.frame, off)
			if o.conf >= r.m.Threshold || r.m.polarity(o.class) == featureOf(r.q.patch(u.frame, off)).pol {
				continue
			}
			nNear++
			if w := r.glareNear(u.frame, off, o); w.conf >= r.m.Threshold {
				if r.m.Classes[w.class].Face != d.Face {
					t.Errorf("%s/%s placed off: glareNear read %s surely (%.2f)", d.Kind, d.Face, r.m.Classes[w.class].Face, w.conf)
				} else {
					nearRight++
				}
			}
		}
	})
	t.Logf("%d flipped faces read unsure: their class fitted %d times ranked at the reading's polarity, %d at the patch's; placed a little off, %d, of which glareNear read %d", n, atReading, atPatch, nNear, nearRight)
	if n == 0 || atReading <= atPatch {
		t.Errorf("ranked at the reading's polarity, the true class of %d flipped faces was fitted %d times, at the patch's %d", n, atReading, atPatch)
	}
	if nNear == 0 || 2*nearRight <= nNear {
		t.Errorf("glareNear read %d of %d flipped faces placed a little off, want more than half", nearRight, nNear)
	}
}

// A face whose contrast glare may have flipped (mayBeFlipped) that
// classifyAt still read at the polarity the patch shows: glareRead fits
// the likeliest classes of the other polarity too (withOtherPolarity).
// Dice of the dark-ink kinds under glare in dim light, read unsure at
// their true placements so: their true class is fitted more often with
// them, and glareRead reads none of them surely as another face.
func TestGlareReadFitsTheOtherPolarityWhenGlareMayHaveFlippedIt(t *testing.T) {
	r := NewReader(model(t))
	defer r.Close()
	n, with, without := 0, 0, 0
	eachUnsureDarkGlared(t, r, 30, func(u unsureDarkGlared) {
		if u.flipped || !r.m.mayBeFlipped(u.f) {
			return
		}
		n++
		fits, _ := r.m.likeliestGlareFits(u.p, u.f)
		without += hasTrue(r.m, fits, u.d)
		fits, _, _ = r.m.withOtherPolarity(u.p, u.f, fits)
		with += hasTrue(r.m, fits, u.d)
		glareReadsNoOtherFace(t, r, u)
	})
	t.Logf("%d faces glare may have flipped, read at the patch's polarity: their class fitted %d times with the other polarity's likeliest, %d without", n, with, without)
	if n == 0 || with <= without {
		t.Errorf("the true class of %d faces glare may have flipped was fitted %d times with the other polarity's likeliest classes, %d without", n, with, without)
	}
}

// unsureDarkGlared is a glared die of a dark-ink kind read unsure at
// its true placement: its reading v, patch p, and the feature glareRead
// reads it by (f, flipped: glareFeature).
type unsureDarkGlared struct {
	frame   gocv.Mat
	d       synth.DieTruth
	v       verdict
	p       []byte
	f       feature
	flipped bool
}

// eachUnsureDarkGlared calls fn for each die of a dark-ink kind (Trick,
// Specialist, Apprentice) that r reads unsure at its true placement, in
// n frames of dice under glare in dim light.
func eachUnsureDarkGlared(t *testing.T, r *Reader, n uint64, fn func(u unsureDarkGlared)) {
	dark := []string{vision.KindTrick, vision.KindSpecialist, vision.KindApprentice}
	eachGlaredDie(t, n, synth.Options{Light: "dim", Glare: true, JPEGQuality: 85}, func(frame gocv.Mat, _ int, d synth.DieTruth) {
		if !slices.Contains(dark, d.Kind) {
			return
		}
		v := r.classifyAt(frame, truePlace(d))
		if v.conf >= r.m.Threshold {
			return
		}
		p := r.q.patch(frame, v.at)
		f, flipped := r.glareFeature(p, v)
		fn(unsureDarkGlared{frame, d, v, p, f, flipped})
	})
}

// glareReadsNoOtherFace fails the test when glareRead reads die u surely
// as another face.
func glareReadsNoOtherFace(t *testing.T, r *Reader, u unsureDarkGlared) {
	if w := r.glareRead(u.frame, u.v); w.conf >= r.m.Threshold && r.m.Classes[w.class].Face != u.d.Face {
		t.Errorf("%s/%s: glareRead read %s surely (%.2f)", u.d.Kind, u.d.Face, r.m.Classes[w.class].Face, w.conf)
	}
}

// fitsTrue is 1 when die d's class is among the classes glareRead fits
// for patch p ranked by feature f, else 0.
func fitsTrue(m *Model, p []byte, f feature, d synth.DieTruth) int {
	fits, _ := m.likeliestGlareFits(p, f)
	return hasTrue(m, fits, d)
}

// hasTrue is 1 when die d's class is among those of fits, else 0.
func hasTrue(m *Model, fits []glareClassFit, d synth.DieTruth) int {
	for _, g := range fits {
		if c := m.Classes[g.class]; c.Kind == d.Kind && c.Face == d.Face {
			return 1
		}
	}
	return 0
}

// A flipped face's glare reading is sure by flippedGlareSure times the
// threshold, or sure with its face decided by the fits flippedGlareRatio
// times over (flippedSure): its polarity is a guess too.
func TestFlippedGlareReadingIsSureByAMarginOrDecidedByTheFits(t *testing.T) {
	m := model(t)
	class := func(kind, face string) int { return classIndex(t, m, kind, face) }
	esc, opt := class(vision.KindTrick, "escape"), class(vision.KindTrick, "optical")
	fit := func(c int, resid float64) glareClassFit { return glareClassFit{class: c, resid: resid, spot: -1} }
	thr := m.Threshold
	for _, c := range []struct {
		name string
		read int
		conf float64
		fits []glareClassFit
		want bool
	}{
		{"sure by the margin", esc, 1.3 * thr, []glareClassFit{fit(esc, 0.10), fit(opt, 0.11)}, true},
		{"barely sure, another face close", esc, 1.2 * thr, []glareClassFit{fit(esc, 0.10), fit(opt, 0.14)}, false},
		{"barely sure, decided by the fits", esc, 1.05 * thr, []glareClassFit{fit(esc, 0.10), fit(opt, 0.16)}, true},
		{"barely sure, the best fit another face", esc, 1.05 * thr, []glareClassFit{fit(opt, 0.10), fit(esc, 0.20)}, false},
		{"barely sure, only its face fitted", esc, 1.05 * thr, []glareClassFit{fit(esc, 0.10)}, true},
	} {
		if got := m.flippedSure(verdict{class: c.read, conf: c.conf}, c.fits); got != c.want {
			t.Errorf("%s: flippedSure %v, want %v", c.name, got, c.want)
		}
	}
}
