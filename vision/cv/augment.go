package cv

import (
	"math"
	"math/rand/v2"

	"tableside/vision/internal/portable"
)

// Teach-time augmentation: from each rectified teach face the teacher makes
// many variants, as the camera may see the same face: placed a little off
// (shift, size, turn: done when warping, see teach.go), under a light
// gradient or a warm or cool light, with lower contrast, a glare spot
// wiping part of the glyph, blur and sensor noise. The classifier learns
// from all of them; they are still the player's own dice.

// augmentOptions bound the photometric changes of one variant.
type augmentOptions struct {
	maxBlur   float64 // blur sigma up to this (pixels of the patch)
	pGlare    float64 // chance of a glare spot
	maxNoise  float64 // noise sigma up to this (grey levels)
	pGradient float64 // chance of a light gradient
}

// teachAugment are the changes of the teach variants; validation variants
// (which set the confidence threshold) use the same.
var teachAugment = augmentOptions{maxBlur: 1.8, pGlare: 0.35, maxNoise: 7, pGradient: 0.6}

// augment writes into out (len(p)) a variant of the BGR patch p.
func augment(p, out []byte, rng *rand.Rand, o augmentOptions) {
	const n = patchSize
	buf := make([]float32, len(p))
	for i, b := range p {
		buf[i] = float32(b)
	}
	// Light: level, colour cast, gradient.
	level := 0.7 + 0.45*rng.Float64()
	var cast [3]float64
	for c := range cast {
		cast[c] = level * (0.98 + 0.04*rng.Float64())
	}
	var gx, gy float64
	if rng.Float64() < o.pGradient {
		a := rng.Float64() * 2 * math.Pi
		g := 0.1 + 0.35*rng.Float64()
		gx, gy = g*math.Cos(a)/n, g*math.Sin(a)/n
	}
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			f := 1 + gx*(float64(x)-n/2) + gy*(float64(y)-n/2)
			for c := 0; c < 3; c++ {
				buf[3*(y*n+x)+c] *= float32(f * cast[c])
			}
		}
	}
	// Contrast drop towards the mean.
	if rng.Float64() < 0.3 {
		k := float32(0.65 + 0.35*rng.Float64())
		for c := 0; c < 3; c++ {
			var s float32
			for i := c; i < len(buf); i += 3 {
				s += buf[i]
			}
			mean := s / (n * n)
			for i := c; i < len(buf); i += 3 {
				buf[i] = mean + (buf[i]-mean)*k
			}
		}
	}
	// A glare spot: bright, low chroma, soft edged.
	if rng.Float64() < o.pGlare {
		cx, cy := rng.Float64()*n, rng.Float64()*n
		r := (0.05 + 0.09*rng.Float64()) * n
		a := 0.7 + 0.3*rng.Float64()
		for y := 0; y < n; y++ {
			for x := 0; x < n; x++ {
				d2 := (sq(float64(x)+0.5-cx) + sq(float64(y)+0.5-cy)) / (r * r)
				if d2 > 9 {
					continue
				}
				e := float32(a * portable.Exp(-d2/2))
				for c := 0; c < 3; c++ {
					i := 3*(y*n+x) + c
					buf[i] += e * (250 - buf[i])
				}
			}
		}
	}
	if s := o.maxBlur * rng.Float64(); s > 0.3 && rng.Float64() < 0.6 {
		gaussBlur(buf, n, s)
	}
	noise := o.maxNoise * rng.Float64()
	for i, v := range buf {
		v += float32(noise * portable.NormFloat64(rng))
		out[i] = byte(min(255, max(0, v+0.5)))
	}
}

func sq(x float64) float64 { return x * x }

// gaussBlur blurs an n×n BGR float image in place (separable, edges clamped).
func gaussBlur(buf []float32, n int, sigma float64) {
	r := int(math.Ceil(2.5 * sigma))
	k := make([]float32, 2*r+1)
	var s float32
	for i := range k {
		d := float64(i - r)
		k[i] = float32(portable.Exp(-d * d / (2 * sigma * sigma)))
		s += k[i]
	}
	for i := range k {
		k[i] /= s
	}
	tmp := make([]float32, len(buf))
	cl := func(i int) int { return min(max(i, 0), n-1) }
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			for c := 0; c < 3; c++ {
				var v float32
				for j, w := range k {
					v += w * buf[3*(y*n+cl(x+j-r))+c]
				}
				tmp[3*(y*n+x)+c] = v
			}
		}
	}
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			for c := 0; c < 3; c++ {
				var v float32
				for j, w := range k {
					v += w * tmp[3*(cl(y+j-r)*n+x)+c]
				}
				buf[3*(y*n+x)+c] = v
			}
		}
	}
}
