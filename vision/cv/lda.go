package cv

import (
	"errors"
	"math"
)

// The face classifier is a linear discriminant (LDA): every class is a
// Gaussian around its mean descriptor with one covariance shared by all
// classes, learnt from the augmented teach examples. The covariance says
// which parts of the face vary together under the camera's troubles (a
// glare spot, a gradient, blur, a face placed a little off), so that the
// discriminant weighs least what varies most. Classes are learnt in their
// own upright orientation; the same class turned by quarter turns is the
// same weights permuted (the covariance is made invariant under quarter
// turns), so a face is read at any rotation.

// ldaShrink is how much of the covariance is replaced by its mean variance
// (a covariance from a few thousand examples of 256 values is noisy).
const ldaShrink = 0.15

// fitLDA learns the discriminant weights of nc classes from descriptors xs
// (upright) with labels ys: w[c] = Σ⁻¹μ_c and b[c] = −½μ_cᵀΣ⁻¹μ_c. Classes
// of one group (group[c], the same face art on dice of several kinds)
// share one mean, that of all their examples: the ink map cannot tell
// them apart (the body colour does), and the discriminant must not learn
// to from the few teach images' chance differences. A nil group: one
// class each.
func fitLDA(xs [][]float32, ys []int, nc int, group []artGroup) (w [][]float32, b []float32, err error) {
	const d = descDim
	if group == nil {
		group = make([]artGroup, nc)
		for c := range group {
			group[c].first = c
		}
	}
	mu := make([][]float64, nc)
	cnt := make([]int, nc)
	for c := range mu {
		mu[c] = make([]float64, d)
	}
	for k, x := range xs {
		c := ys[k]
		cnt[c]++
		for i, v := range x {
			mu[c][i] += float64(v)
		}
	}
	gmu := make([][]float64, nc)
	for c := range mu {
		if cnt[c] == 0 {
			return nil, nil, errors.New("cv: teach: a class without examples")
		}
		g := group[c].first
		if gmu[g] == nil {
			gmu[g] = make([]float64, d)
		}
		p := descPerm[group[c].turn]
		for i := range mu[c] {
			gmu[g][i] += mu[c][p[i]]
		}
		for i := range mu[c] {
			mu[c][i] /= float64(cnt[c])
		}
	}
	gcnt := make([]int, nc)
	for c := range mu {
		gcnt[group[c].first] += cnt[c]
	}
	// Within-class scatter (upper triangle).
	s := make([]float64, d*d)
	e := make([]float64, d)
	for k, x := range xs {
		m := mu[ys[k]]
		for i, v := range x {
			e[i] = float64(v) - m[i]
		}
		for i := 0; i < d; i++ {
			ei := e[i]
			if ei == 0 {
				continue
			}
			row := s[i*d : i*d+d]
			for j := i; j < d; j++ {
				row[j] += ei * e[j]
			}
		}
	}
	for i := 0; i < d; i++ {
		for j := i; j < d; j++ {
			s[i*d+j] /= float64(len(xs))
			s[j*d+i] = s[i*d+j]
		}
	}
	// Invariant under quarter turns, then shrunk.
	cov := make([]float64, d*d)
	for r := 0; r < 4; r++ {
		p := descPerm[r]
		for i := 0; i < d; i++ {
			for j := 0; j < d; j++ {
				cov[i*d+j] += s[p[i]*d+p[j]] / 4
			}
		}
	}
	var tr float64
	for i := 0; i < d; i++ {
		tr += cov[i*d+i]
	}
	floor := tr / d
	for i := 0; i < d; i++ {
		for j := 0; j < d; j++ {
			cov[i*d+j] *= 1 - ldaShrink
		}
		cov[i*d+i] += ldaShrink*floor + 1e-6
	}
	l, ok := cholesky(cov, d)
	if !ok {
		return nil, nil, errors.New("cv: teach: the examples' covariance is singular")
	}
	w = make([][]float32, nc)
	b = make([]float32, nc)
	for c := range mu {
		// The group's mean, turned back to the class's upright.
		g := group[c].first
		p := descPerm[(4-group[c].turn)%4]
		m := make([]float64, d)
		for i := range m {
			m[i] = gmu[g][p[i]] / float64(gcnt[g])
		}
		x := cholSolve(l, d, m)
		w[c] = make([]float32, d)
		var q float64
		for i, v := range x {
			w[c][i] = float32(v)
			q += v * m[i]
		}
		b[c] = float32(-q / 2)
	}
	return w, b, nil
}

// cholesky factors the symmetric positive definite d×d matrix a = L·Lᵀ.
func cholesky(a []float64, d int) ([]float64, bool) {
	l := make([]float64, d*d)
	for i := 0; i < d; i++ {
		for j := 0; j <= i; j++ {
			s := a[i*d+j]
			li, lj := l[i*d:i*d+j], l[j*d:j*d+j]
			for k := range li {
				s -= li[k] * lj[k]
			}
			if i == j {
				if s <= 0 {
					return nil, false
				}
				l[i*d+i] = math.Sqrt(s)
			} else {
				l[i*d+j] = s / l[j*d+j]
			}
		}
	}
	return l, true
}

// cholSolve solves L·Lᵀ·x = y.
func cholSolve(l []float64, d int, y []float64) []float64 {
	z := make([]float64, d)
	for i := 0; i < d; i++ {
		s := y[i]
		for k := 0; k < i; k++ {
			s -= l[i*d+k] * z[k]
		}
		z[i] = s / l[i*d+i]
	}
	x := make([]float64, d)
	for i := d - 1; i >= 0; i-- {
		s := z[i]
		for k := i + 1; k < d; k++ {
			s -= l[k*d+i] * x[k]
		}
		x[i] = s / l[i*d+i]
	}
	return x
}

// artGroup places a class in its group of classes with the same art: the
// group's first class, and the quarter turns that take the class's
// upright to the first's.
type artGroup struct{ first, turn int }

// sameArt groups the classes of one face whose art looks alike on every
// kind (taught ink maps within twinShape at some quarter turn).
func (m *Model) sameArt() []artGroup {
	g := make([]artGroup, len(m.Classes))
	rots := make([][4][]float32, len(m.Classes))
	for i, c := range m.Classes {
		rots[i] = rotations(c.Shape)
	}
	for i, c := range m.Classes {
		g[i] = artGroup{first: i}
		for j := 0; j < i; j++ {
			if g[j].first != j || m.Classes[j].Face != c.Face {
				continue
			}
			if r, d := nearestTurn(rots[j], c.Shape); d < twinShape {
				g[i] = artGroup{first: j, turn: (4 - r) % 4}
				break
			}
		}
	}
	return g
}
