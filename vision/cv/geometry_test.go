package cv

import (
	"math"
	"testing"
)

// solveLinear solves systems of the sizes the size plane (3) and the
// glare fit (4) use, whatever their rows' order, and says so when one is
// singular.
func TestSolveLinear(t *testing.T) {
	cases := []struct {
		name string
		a    [][]float64
		want []float64 // nil: singular
	}{
		{"3×3 needing a pivot", [][]float64{{0, 1, 1, 5}, {2, 0, 1, 5}, {1, 1, 0, 3}}, []float64{1, 2, 3}},
		{"4×4", [][]float64{{4, 1, 0, 0, 6}, {1, 4, 1, 0, 12}, {0, 1, 4, 1, 18}, {0, 0, 1, 4, 19}}, []float64{1, 2, 3, 4}},
		{"singular", [][]float64{{1, 2, 3, 1}, {2, 4, 6, 2}, {0, 1, 1, 1}}, nil},
	}
	for _, c := range cases {
		x := make([]float64, len(c.a))
		ok := solveLinear(c.a, x)
		if ok != (c.want != nil) {
			t.Errorf("%s: solved %v", c.name, ok)
			continue
		}
		for i := range c.want {
			if math.Abs(x[i]-c.want[i]) > 1e-9 {
				t.Errorf("%s: x = %v, want %v", c.name, x, c.want)
				break
			}
		}
	}
}
