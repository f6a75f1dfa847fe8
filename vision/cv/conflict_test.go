package cv

import (
	"math"
	"testing"
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
