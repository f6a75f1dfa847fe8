package cv

import (
	"math"
	"slices"
	"testing"
)

// Wilson95 against intervals worked by hand (z = 1.96): none of 2,200 is
// at most 0.174%; 5 of 100 lies in 2.15% to 11.18%; all of 50 in 92.87%
// to 100%.
func TestWilson95(t *testing.T) {
	for _, c := range []struct {
		k, n   int
		lo, hi float64
	}{
		{0, 2200, 0, 0.001743},
		{5, 100, 0.02154, 0.11175},
		{50, 50, 0.92865, 1},
		{0, 0, 0, 1},
	} {
		lo, hi := Wilson95(c.k, c.n)
		if math.Abs(lo-c.lo) > 2e-5 || math.Abs(hi-c.hi) > 2e-5 {
			t.Errorf("Wilson95(%d, %d) = %.5f, %.5f; want %.5f, %.5f", c.k, c.n, lo, hi, c.lo, c.hi)
		}
	}
}

// The targets: ≥ 99.5% correct faces, ≤ 0.1% confident wrong
// faces, ≤ 2% unsure.
func TestMissedTargets(t *testing.T) {
	for _, c := range []struct {
		correct, wrong, unsure, missed int
		want                           []string
	}{
		{1990, 2, 8, 0, nil},
		{1989, 2, 8, 1, []string{"correct faces"}},
		{1987, 3, 10, 0, []string{"correct faces", "confident wrong faces"}},
		{1950, 0, 50, 0, []string{"correct faces", "unsure"}},
	} {
		tl := NewTally()
		tl.Outcomes = map[string]int{Correct: c.correct, WrongFace: c.wrong, Unsure: c.unsure, Missed: c.missed}
		tl.Dice = c.correct + c.wrong + c.unsure + c.missed
		if got := tl.MissedTargets(); !slices.Equal(got, c.want) {
			t.Errorf("%+v: missed %v, want %v", c, got, c.want)
		}
	}
}
