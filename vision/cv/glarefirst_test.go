package cv

import (
	"reflect"
	"slices"
	"testing"

	"gocv.io/x/gocv"

	"tableside/vision/synth"
)

// A glared face unsure at its first placement but read surely there with
// its glare fitted is kept so: retryDie classifies it there and turned
// by an eighth only, and reads it as its glare fit did (glareFirst).
// Dice under glare in dim light and in a light gradient, placed as drawn
// and as the reader places top faces (7% smaller): some are read so,
// never a wrong face surely.
func TestGlareFirstReadsAGlaredFaceWithoutRetries(t *testing.T) {
	r := NewReader(model(t))
	defer r.Close()
	read, wrong := 0, 0
	for _, light := range []string{"dim", "gradient"} {
		eachGlaredDie(t, 8, synth.Options{Light: light, Glare: true, JPEGQuality: 85}, func(frame gocv.Mat, _ int, d synth.DieTruth) {
			for _, k := range []float64{1, 0.93} {
				ok, right := glareFirstAlone(t, r, frame, d, truePlace(d).scaled(k))
				if ok {
					read++
				}
				if ok && !right {
					wrong++
				}
			}
		})
	}
	t.Logf("%d glared faces read surely with their glare fitted at their first placement, %d wrongly", read, wrong)
	if read == 0 {
		t.Error("no glared face unsure at its first placement was read surely with its glare fitted")
	}
}

// glareFirstAlone reads die d placed at rc with retryDie when glareFirst
// reads it surely there, failing the test unless retryDie classified it
// only there and turned by an eighth and kept that reading: whether it
// was so read, and whether rightly.
func glareFirstAlone(t *testing.T, r *Reader, frame gocv.Mat, d synth.DieTruth, rc rect) (read, right bool) {
	r.tried, r.centred = r.tried[:0], r.centred[:0]
	g, ok := r.glareFirst(frame, r.classifyAt(frame, rc))
	if !ok {
		return false, false
	}
	r.tried, r.centred, r.reads = r.tried[:0], r.centred[:0], 0
	v := r.retryDie(frame, rc)
	if r.reads != 2 {
		t.Errorf("%s/%s read surely with its glare fitted: %d placements classified, want 2 (its own and turned by an eighth)", d.Kind, d.Face, r.reads)
	}
	if v.class != g.class || v.at != rc {
		t.Errorf("%s/%s: retryDie read %s at %v, its glare fit %s at %v", d.Kind, d.Face, r.m.Classes[v.class].Face, v.at, r.m.Classes[g.class].Face, rc)
	}
	right = r.m.Classes[g.class].Face == d.Face
	if !right {
		t.Errorf("%s/%s read %s surely with its glare fitted (%.2f)", d.Kind, d.Face, r.m.Classes[g.class].Face, g.conf)
	}
	return true, right
}

// A glare reading kept for the frame being read is the one glareRead
// makes afresh: for the same die at its placement (at another try too),
// and, with some kinds banned (byElimination's model), the one that model
// makes, not the full model's.
func TestGlareReadKeptIsTheFreshReading(t *testing.T) {
	r := NewReader(model(t))
	defer r.Close()
	m := r.m
	banned := make([]bool, len(m.Colours))
	banned[0] = true
	n := 0
	eachGlaredDie(t, 4, synth.Options{Light: "dim", Glare: true, JPEGQuality: 85}, func(frame gocv.Mat, _ int, d synth.DieTruth) {
		rc := truePlace(d).scaled(0.93)
		r.tried = r.tried[:0]
		v := r.classifyAt(frame, rc)
		fresh := func(m *Model, v verdict) verdict {
			r.m, r.reading = m, false
			defer func() { r.m, r.reading = m, true }()
			return r.glareRead(frame, v)
		}
		r.reading, r.glareReads = true, r.glareReads[:0]
		defer func() { r.reading, r.m = false, m }()
		w := v
		w.try = 5
		for _, tc := range []struct {
			m *Model
			v verdict
		}{{m, v}, {m, w}, {m.without(banned), v}, {m, v}} {
			want := fresh(tc.m, tc.v)
			r.m = tc.m
			if got := r.glareRead(frame, tc.v); !reflect.DeepEqual(got, want) {
				t.Errorf("%s/%s: kept glare reading %s (%.3f), afresh %s (%.3f)", d.Kind, d.Face, r.m.Classes[got.class].Face, got.conf, r.m.Classes[want.class].Face, want.conf)
			}
			r.m = m
		}
		n++
	})
	if n == 0 {
		t.Error("no glared die")
	}
}

// The glare is placed by the likeliest class at the turn the scores read
// it at (likeliestGlareFits), not at every turn: glareFits fits its
// first class at the turn it is given only, and the likeliest class's fit
// of a glared face lies at the scores' turn.
func TestGlarePlacedAtTheLikeliestClassTurn(t *testing.T) {
	r := NewReader(model(t))
	defer r.Close()
	m := r.m
	n := 0
	eachGlaredDie(t, 4, synth.Options{Light: "dim", Glare: true, JPEGQuality: 85}, func(frame gocv.Mat, _ int, d synth.DieTruth) {
		p := r.q.patch(frame, truePlace(d).scaled(0.93))
		f := featureOf(p)
		cs, turn, ok := m.rankedClasses(f)
		if !ok {
			return
		}
		n++
		fits, _ := m.likeliestGlareFits(p, f)
		if i := slices.IndexFunc(fits, func(g glareClassFit) bool { return g.class == cs[0] }); fits[i].rot != turn {
			t.Errorf("%s/%s: the likeliest class fitted at turn %d, the scores read it at %d", d.Kind, d.Face, fits[i].rot, turn)
		}
		for k := range 4 {
			if g := m.glareFits(p, cs[:1], k)[0]; g.rot != k {
				t.Errorf("%s/%s: fitted at turn %d, given %d", d.Kind, d.Face, g.rot, k)
			}
		}
	})
	if n == 0 {
		t.Fatal("no glared die had a likely class")
	}
}
