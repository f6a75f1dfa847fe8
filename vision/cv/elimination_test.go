package cv

import (
	"math"
	"testing"
)

// A model without some kinds never reads a die as one of them, and a die
// read rightly is read at least as surely when only other kinds are left
// out (their faces were only rivals).
func TestWithoutLeavesOutKinds(t *testing.T) {
	m := model(t)
	q := newRectifier()
	defer q.Close()
	frame, dice := testDice(t)
	for _, d := range dice {
		f := featureOf(q.patch(frame, truePlace(d)))
		v := m.classify(f)
		own := m.colOf[v.class]
		banned := make([]bool, len(m.Colours))
		banned[own] = true
		if w := m.without(banned).classify(f); w.class >= 0 && !math.IsInf(w.resid, 1) && m.colOf[w.class] == own {
			t.Errorf("%s/%s: read as its own kind with that kind left out", d.Kind, d.Face)
		}
		if m.Classes[v.class].Face != d.Face {
			continue
		}
		for k := range banned {
			banned[k] = k != own
		}
		if w := m.without(banned).classify(f); w.class != v.class || w.conf < v.conf-1e-9 {
			t.Errorf("%s/%s with the other kinds left out: %s/%s at %.2f, was %.2f", d.Kind, d.Face,
				m.Classes[w.class].Kind, m.Classes[w.class].Face, w.conf, v.conf)
		}
	}
}

// byElimination reads a die left unsure as a Bank die again when both
// Bank dice were read surely: without the Bank kind it reads its own kind
// and face, surely. A die fitting too loosely (it may lie across two
// dice) is left as it was.
func TestByEliminationReadsAKindTheFrameHasRoomFor(t *testing.T) {
	r, frame, dice := testReader(t)
	bank := -1
	for i, c := range r.m.Classes {
		if c.Kind == "bank" && c.Face == "4" {
			bank = i
		}
	}
	for _, resid := range []float64{0.03, 2 * maxResid} {
		r.cands = r.cands[:0]
		target := -1
		for _, d := range dice {
			v := r.classifyAt(frame, truePlace(d))
			if v.conf < r.m.Threshold || r.m.Classes[v.class].Face != d.Face {
				t.Fatalf("%s/%s is not read surely at its true placement", d.Kind, d.Face)
			}
			if d.Kind == "setup-dark-alley" {
				target = len(r.cands)
				v.class, v.conf, v.resid, v.alts = bank, 0, resid, nil
			}
			r.cands = append(r.cands, candidate{rc: truePlace(d), v: v})
		}
		if target < 0 {
			t.Fatal("no Dark Alley die in the test frame")
		}
		r.byElimination(frame)
		got, want := r.cands[target].v, dice[target]
		c := r.m.Classes[got.class]
		switch {
		case resid > maxResid && (got.class != bank || got.conf != 0):
			t.Errorf("fitting %.2f: read again as %s/%s at %.2f", resid, c.Kind, c.Face, got.conf)
		case resid <= maxResid && (c.Kind != want.Kind || c.Face != want.Face || got.conf < r.m.Threshold):
			t.Errorf("read %s/%s at %.2f, want %s/%s surely", c.Kind, c.Face, got.conf, want.Kind, want.Face)
		}
	}
}
