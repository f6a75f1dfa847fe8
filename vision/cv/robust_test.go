package cv

import (
	"math"
	"math/rand"
	"testing"
)

// shiftedDist (SSE on amd64) gives shiftedDistGo's sums bit for bit, at
// every shift, with and without an early stop, and keeps a NaN a NaN.
func TestShiftedDistMatchesGo(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	for _, nm := range [][2]int{{patchSize, padFine}, {patchSize / 2, padCoarse}, {6, 1}} {
		n, m := nm[0], nm[1]
		w := n + 2*m
		tmpl, pad := make([]float32, n*n), make([]float32, w*w)
		for trial := 0; trial < 50; trial++ {
			for i := range tmpl {
				tmpl[i] = rng.Float32()*1.4 - 0.2
			}
			for i := range pad {
				pad[i] = rng.Float32()*1.4 - 0.2
			}
			if trial == 49 {
				pad[w*m+m+n/2] = float32(math.NaN())
			}
			full := shiftedDistGo(tmpl, pad, n, m, 0, 0, math.Inf(1))
			for dy := -m; dy <= m; dy++ {
				for dx := -m; dx <= m; dx++ {
					for _, lim := range []float64{math.Inf(1), full / 3, full, 0} {
						got, want := shiftedDist(tmpl, pad, n, m, dx, dy, lim), shiftedDistGo(tmpl, pad, n, m, dx, dy, lim)
						if math.Float64bits(got) != math.Float64bits(want) && !(math.IsNaN(got) && math.IsNaN(want)) {
							t.Fatalf("n %d shift %d,%d limit %v: %v, want %v", n, dx, dy, lim, got, want)
						}
					}
				}
			}
		}
	}
}

func BenchmarkShiftedDist(b *testing.B) {
	const n, m = patchSize, padFine
	tmpl, pad := make([]float32, n*n), make([]float32, (n+2*m)*(n+2*m))
	rng := rand.New(rand.NewSource(1))
	for i := range tmpl {
		tmpl[i] = rng.Float32()
	}
	for i := range pad {
		pad[i] = rng.Float32()
	}
	for i := 0; i < b.N; i++ {
		shiftedDist(tmpl, pad, n, m, 1, -1, math.Inf(1))
	}
}

// tmplDist gives robustDist's distance, computed or kept.
func TestTmplDistIsRobustDist(t *testing.T) {
	m := model(t)
	for pass := 0; pass < 2; pass++ {
		for a := range m.Classes {
			for b := range m.Classes {
				for ra := 0; ra < 4; ra++ {
					rb := (ra + a + b) % 4
					if got, want := m.tmplDist(a, ra, b, rb), robustDist(m.rot[a][ra], m.rot[b][rb]); got != want {
						t.Fatalf("pass %d classes %d/%d turns %d/%d: %v, want %v", pass, a, b, ra, rb, got, want)
					}
				}
			}
		}
	}
}
