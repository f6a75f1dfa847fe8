package cv

import (
	"testing"

	"tableside/vision"
)

// A frame holds two Bank dice at most (DefaultKindCounts): of three read
// surely as Bank faces, the one read least surely is left unsure
// (overfull), as it is another die (seed 5002's frame 62: its black Dark
// Alley 34 under glare read Bank 4 at 0.67, beside its Bank 5 at 0.80 and
// Bank X at 0.94). Kinds within their count, unsure readings and faces
// read as one of twin kinds are left as they are.
func TestOverfullLeavesTheLeastSureBeyondAKindsCountUnsure(t *testing.T) {
	r := NewReader(model(t))
	defer r.Close()
	th := r.m.Threshold
	class := func(kind, face string) int { return classIndex(t, r.m, kind, face) }
	for _, c := range []struct {
		name  string
		cands []verdict
		want  []bool // sure after overfull
	}{
		{"three Bank dice", []verdict{
			{class: class(vision.KindBank, "5"), conf: 0.80},
			{class: class(vision.KindBank, "X"), conf: 0.94},
			{class: class(vision.KindBank, "4"), conf: 0.67},
			{class: class(vision.KindTrick, "escape"), conf: 0.60},
		}, []bool{true, true, false, true}},
		{"two Bank dice and one unsure", []verdict{
			{class: class(vision.KindBank, "5"), conf: 0.80},
			{class: class(vision.KindBank, "4"), conf: 0.9 * th},
			{class: class(vision.KindBank, "X"), conf: 0.94},
		}, []bool{true, false, true}},
		{"two Specialist dice, one of them read X", []verdict{
			{class: class(vision.KindSpecialist, "manager"), conf: 0.97},
			{class: class(vision.KindSpecialist, "X"), conf: 0.80, alts: []int{class(vision.KindApprentice, "X")}},
		}, []bool{true, true}},
		{"two Specialist dice", []verdict{
			{class: class(vision.KindSpecialist, "manager"), conf: 0.97},
			{class: class(vision.KindSpecialist, "engineer"), conf: 0.69},
		}, []bool{true, false}},
	} {
		r.cands = r.cands[:0]
		for _, v := range c.cands {
			r.cands = append(r.cands, candidate{v: v})
		}
		r.overfull()
		for i, w := range c.want {
			if got := r.cands[i].v.conf >= th; got != w {
				t.Errorf("%s: die %d sure %v, want %v", c.name, i, got, w)
			}
		}
	}
}
