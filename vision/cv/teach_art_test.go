package cv

import (
	"math"
	"math/rand/v2"
	"testing"
)

// A face with the same art on two kinds, the second taught turned a
// quarter, is one group; another face with the same art is not.
func TestSameArtGroupsTurnedArt(t *testing.T) {
	const n = patchSize
	s := make([]float32, n*n)
	for y := 8; y < 20; y++ {
		for x := 10; x < 40; x++ {
			s[y*n+x] = 1
		}
	}
	for y := 20; y < 40; y++ {
		s[y*n+12] = 1
	}
	rs := rotations(s)
	m := &Model{Classes: []Class{
		{Kind: "a", Face: "1", Shape: s},
		{Kind: "b", Face: "1", Shape: rs[1]},
		{Kind: "c", Face: "2", Shape: s},
		{Kind: "d", Face: "2", Shape: rs[2]},
	}}
	g := m.sameArt()
	want := []artGroup{{0, 0}, {0, 3}, {2, 0}, {2, 2}}
	for i := range want {
		if g[i] != want[i] {
			t.Errorf("class %d: group %+v, want %+v", i, g[i], want[i])
		}
	}
}

// Classes of one group share one mean: the discriminant of the class
// taught turned is the first's turned, whatever their examples' chance
// differences; without the group they differ.
func TestFitLDASharedMean(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var xs [][]float32
	var ys []int
	base := make([]float32, descDim)
	for i := range base {
		base[i] = float32(rng.Float64())
	}
	for c := 0; c < 3; c++ {
		for k := 0; k < 40; k++ {
			x := make([]float32, descDim)
			for i := range x {
				x[i] = base[i] + float32(0.2*rng.NormFloat64())
			}
			switch c {
			case 1: // class 0's art turned a quarter, a little off
				x = rotGrid(x, descN, 1)
				x[5] += 0.3
			case 2:
				x[descDim/2] += 2
			}
			xs = append(xs, x)
			ys = append(ys, c)
		}
	}
	check := func(group []artGroup) float64 {
		w, b, err := fitLDA(xs, ys, 3, group)
		if err != nil {
			t.Fatal(err)
		}
		d := math.Abs(float64(b[1] - b[0]))
		for i, v := range rotGrid(w[0], descN, 1) {
			d = math.Max(d, math.Abs(float64(w[1][i]-v)))
		}
		return d
	}
	if d := check([]artGroup{{0, 0}, {0, 3}, {2, 0}}); d > 1e-3 {
		t.Errorf("grouped: class 1's discriminant differs from class 0's turned by %g", d)
	}
	if d := check(nil); d < 0.1 {
		t.Errorf("ungrouped: class 1's discriminant within %g of class 0's turned", d)
	}
}
