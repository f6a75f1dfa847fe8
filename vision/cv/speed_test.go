package cv

// The fast paths give what the plain ones they replaced gave, bit for bit.

import (
	"math"
	"math/rand"
	"slices"
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

// mainAxisPlain is mainAxis as first written (float sums, nine of cov).
func mainAxisPlain(p []byte) [3]float64 {
	var mean [3]float64
	np := len(p) / 3
	for i := 0; i < 3*np; i += 3 {
		for c := 0; c < 3; c++ {
			mean[c] += float64(p[i+c])
		}
	}
	for c := range mean {
		mean[c] /= float64(np)
	}
	var cov [3][3]float64
	for i := 0; i < 3*np; i += 3 {
		var d [3]float64
		for c := 0; c < 3; c++ {
			d[c] = float64(p[i+c]) - mean[c]
		}
		for a := 0; a < 3; a++ {
			for b := 0; b < 3; b++ {
				cov[a][b] += d[a] * d[b]
			}
		}
	}
	return principalAxis(cov)
}

func TestMainAxisMatchesPlain(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	for trial := 0; trial < 200; trial++ {
		p := make([]byte, 3*(1+rng.Intn(3000)))
		for i := range p {
			p[i] = byte(rng.Intn(256) * (trial % 3) / 2)
		}
		got, want := mainAxis(p), mainAxisPlain(p)
		for c := range got {
			if math.Float64bits(got[c]) != math.Float64bits(want[c]) {
				t.Fatalf("trial %d: %v, want %v", trial, got, want)
			}
		}
	}
}

func TestClampInkIsMinMax(t *testing.T) {
	vs := []float32{0, float32(math.Copysign(0, -1)), inkLo, inkHi, -0.2000001, 1.2000001, -1e9, 1e9, 0.5, -0.1999999, 1.1999999}
	for _, v := range vs {
		if got, want := clampInk(v), min(inkHi, max(inkLo, v)); math.Float32bits(got) != math.Float32bits(want) {
			t.Fatalf("clampInk(%v) = %v, want %v", v, got, want)
		}
	}
}

// glyphLevel's selected quantile is the sorted one.
func TestQuickselectIsSorted(t *testing.T) {
	rng := rand.New(rand.NewSource(13))
	for trial := 0; trial < 300; trial++ {
		v := make([]float32, 1+rng.Intn(2000))
		for i := range v {
			v[i] = float32(rng.Intn(50)) / 7 // ties too
		}
		k := rng.Intn(len(v))
		s := append([]float32(nil), v...)
		slices.Sort(s)
		if got := quickselect(v, k); got != s[k] {
			t.Fatalf("trial %d: %v, want %v", trial, got, s[k])
		}
	}
}
