package cv

import (
	"math"
	"testing"

	"tableside/vision/synth"
)

// A reading of another face tried at another placement or angle leaves
// a sure verdict unsure only when it fits within the slack and reads
// that face with some confidence.
func TestConflictsUnsure(t *testing.T) {
	m := &Model{Classes: []Class{{Kind: "bank", Face: "3"}, {Kind: "bank", Face: "6"}, {Kind: "bank", Face: "3"}}, Threshold: 0.5}
	r := &Reader{m: m}
	v := verdict{class: 0, resid: 0.03, conf: 0.8}
	cases := []struct {
		name  string
		w     verdict
		slack float64
		sure  bool
	}{
		{"another face fitting as well", verdict{class: 1, resid: 0.03, conf: 0.3}, 0, false},
		{"another face fitting within the slack", verdict{class: 1, resid: 0.035, conf: 0.3}, conflictResid, false},
		{"another face fitting worse than the slack", verdict{class: 1, resid: 0.035, conf: 0.3}, 0, true},
		{"another face read without confidence", verdict{class: 1, resid: 0.02, conf: 0.1}, conflictResid, true},
		{"the same face of another class", verdict{class: 2, resid: 0.02, conf: 0.9}, conflictResid, true},
	}
	for _, c := range cases {
		got := r.conflicts(v, []verdict{c.w}, c.slack)
		if sure := got.conf >= m.Threshold; sure != c.sure {
			t.Errorf("%s: confidence %.2f, sure %v, want %v", c.name, got.conf, sure, c.sure)
		}
		if !c.sure && math.Abs(got.conf-conflictConf*m.Threshold) > 1e-9 {
			t.Errorf("%s: confidence %.2f, want %.2f", c.name, got.conf, conflictConf*m.Threshold)
		}
	}
}

// A sure reading is left unsure by a try of the same die that read
// another face fitting at least as well, and only then; every reading
// classifyAt makes is kept among the die's tries.
func TestDoubtedByTries(t *testing.T) {
	m := &Model{Classes: []Class{{Kind: "setup-theater", Face: "12"}, {Kind: "setup-theater", Face: "23"}}, Threshold: 0.5}
	r := &Reader{m: m}
	v := verdict{class: 1, resid: 0.049, conf: 0.8}
	r.tried = []verdict{v, {class: 0, resid: 0.06, conf: 0.6}}
	if got := r.doubtedByTries(v); got.conf < m.Threshold {
		t.Errorf("another face fitting worse left the reading unsure (%.2f)", got.conf)
	}
	r.tried = append(r.tried, verdict{class: 0, resid: 0.037, conf: 0.4})
	if got := r.doubtedByTries(v); got.conf >= m.Threshold {
		t.Errorf("another face fitting better left the reading sure (%.2f)", got.conf)
	}
}

// classifyAt keeps each reading it makes among the die's tries.
func TestClassifyAtKeepsTries(t *testing.T) {
	r := NewReader(model(t))
	defer r.Close()
	img, truth, err := synth.Frame(11, synth.Options{})
	if err != nil {
		t.Fatal(err)
	}
	frame, err := ToBGR(img)
	if err != nil {
		t.Fatal(err)
	}
	defer frame.Close()
	d := truth.Dice[0]
	rc := rect{C: pt{float64(d.X), float64(d.Y)}, W: float64(d.Size), H: float64(d.Size), Angle: d.Angle * math.Pi / 180}
	r.tried = r.tried[:0]
	v := r.classifyAt(frame, rc)
	w := r.classifyAt(frame, rect{C: rc.C, W: rc.W * 0.9, H: rc.H * 0.9, Angle: rc.Angle})
	if len(r.tried) != 2 || r.tried[0].resid != v.resid || r.tried[1].resid != w.resid {
		t.Errorf("tries %d, want the 2 readings made", len(r.tried))
	}
}
