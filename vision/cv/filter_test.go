package cv

import (
	"math/rand/v2"
	"testing"
)

// The patch filters against their definitions, pixel by pixel, on random
// maps: rankFilterTo the extreme over the (2r+1)² square clipped at the
// patch's edges, blur3 the 3×3 binomial kernel with edges clamped.
func TestFiltersMatchTheirDefinition(t *testing.T) {
	const n = patchSize
	rng := rand.New(rand.NewPCG(3, 4))
	v := make([]float32, n*n)
	for i := range v {
		v[i] = float32(rng.IntN(40)) / 8 // ties too
	}
	clamp := func(i int) int { return min(max(i, 0), n-1) }
	for _, r := range []int{0, 1, 5, glareOpen, n} {
		for _, hi := range []bool{false, true} {
			got := make([]float32, n*n)
			rankFilterTo(got, v, r, hi)
			for y := range n {
				for x := range n {
					want := v[y*n+x]
					for yy := max(0, y-r); yy <= min(n-1, y+r); yy++ {
						for xx := max(0, x-r); xx <= min(n-1, x+r); xx++ {
							if b := v[yy*n+xx]; (hi && b > want) || (!hi && b < want) {
								want = b
							}
						}
					}
					if got[y*n+x] != want {
						t.Fatalf("rankFilterTo r=%d hi=%v at %d,%d: %v, want %v", r, hi, x, y, got[y*n+x], want)
					}
				}
			}
		}
	}
	got := blur3(v)
	k := [3]float32{1, 2, 1}
	for y := range n {
		for x := range n {
			var want float32
			for j := -1; j <= 1; j++ {
				var row float32
				for i := -1; i <= 1; i++ {
					row += k[i+1] * v[clamp(y+j)*n+clamp(x+i)]
				}
				want += k[j+1] * row / 4
			}
			want /= 4
			if d := got[y*n+x] - want; d > 1e-5 || d < -1e-5 {
				t.Fatalf("blur3 at %d,%d: %v, want %v", x, y, got[y*n+x], want)
			}
		}
	}
}
