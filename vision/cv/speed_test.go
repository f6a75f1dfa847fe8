package cv

// The fast paths give what the plain ones they replaced gave, bit for bit.

import (
	"fmt"
	"math"
	"math/rand"
	"slices"
	"testing"

	"gocv.io/x/gocv"
)

// shiftedDist (SSE on amd64, NEON on arm64) gives shiftedDistGo's sums
// bit for bit, at every shift, with and without an early stop, and keeps
// a NaN a NaN.
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
						if !sameBits(got, want) {
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

// fitSimilarityPlain is fitSimilarity as first written (three bilinear
// samples, the errors sorted).
func fitSimilarityPlain(img, t []float32) (similarity, bool) {
	var s similarity
	g, o := lightOf(img, t)
	gx, gy := gradients(img, alignSize)
	k := math.Inf(1)
	for it := 0; it < alignIters; it++ {
		var a [6][7]float64
		errs := make([]float64, 0, len(t))
		for v := range patchSize {
			for u := range patchSize {
				x0, y0 := float64(u)+0.5-patchSize/2, float64(v)+0.5-patchSize/2
				X := (1+s.a)*x0 - s.b*y0 + s.tx + alignSize/2 - 0.5
				Y := s.b*x0 + (1+s.a)*y0 + s.ty + alignSize/2 - 0.5
				iv, ok := bilinear(img, alignSize, X, Y)
				if !ok {
					continue
				}
				ix, _ := bilinear(gx, alignSize, X, Y)
				iy, _ := bilinear(gy, alignSize, X, Y)
				tv := float64(t[v*patchSize+u])
				e := iv - g*tv - o
				errs = append(errs, math.Abs(e))
				w := 1.0
				if math.Abs(e) > k {
					w = k / math.Abs(e)
				}
				addRow(&a, [6]float64{ix*x0 + iy*y0, -ix*y0 + iy*x0, ix, iy, tv, 1}, w, e)
			}
		}
		if len(errs) < len(t)/2 {
			return s, false
		}
		slices.Sort(errs)
		k = 2 * math.Max(errs[len(errs)/2], 1)
		if !gaussNewtonStep(&a, &s, &g, &o) {
			return s, false
		}
	}
	return s, math.Abs(g) > 0
}

// fitSimilarity fits as fitSimilarityPlain did, but for rounding (it sums
// the normal equations' upper triangle only): on faces placed off their
// dice (as retryDie aligns them) and on noise.
func TestFitSimilarityMatchesPlain(t *testing.T) {
	r, frame, dice := testReader(t)
	same := func(what string, a, b similarity, oka, okb bool) {
		t.Helper()
		if oka != okb || math.Abs(a.a-b.a) > 1e-9 || math.Abs(a.b-b.b) > 1e-9 || math.Abs(a.tx-b.tx) > 1e-7 || math.Abs(a.ty-b.ty) > 1e-7 {
			t.Fatalf("%s: %+v %v, want %+v %v", what, a, oka, b, okb)
		}
	}
	fits := 0
	for i, d := range dice {
		truth := truePlace(d)
		v := r.classifyAt(frame, truth)
		for j := 0; j < 4; j++ {
			off := truth
			a := float64(i)*2.4 + float64(j)
			off.C.X += 0.12 * truth.W * math.Cos(a)
			off.C.Y += 0.12 * truth.W * math.Sin(a)
			off.W, off.H = truth.W*(1+0.03*float64(j-2)), truth.H*(1+0.03*float64(j-2))
			off.Angle += float64(j-1) * 4 * math.Pi / 180
			wide := off
			wide.W, wide.H = off.W*alignScale, off.H*alignScale
			warpSquare(frame, &r.q.big, wide.corners(faceInner), alignSize, gocv.InterpolationLinear, gocv.BorderReplicate, colorWhite)
			p, _ := r.q.big.DataPtrUint8()
			img := boxBlur(boxBlur(greyOf(p), alignSize), alignSize)
			for _, c := range []int{v.tclass, (v.tclass + j + 1) % len(r.m.Classes)} {
				tm := r.m.rot[c][(v.trot+j)%4]
				got, ok := fitSimilarity(img, tm)
				want, wok := fitSimilarityPlain(img, tm)
				same(fmt.Sprintf("die %d try %d class %d", i, j, c), got, want, ok, wok)
				if ok {
					fits++
				}
			}
		}
	}
	rng := rand.New(rand.NewSource(17))
	for trial := 0; trial < 30; trial++ {
		img, tm := make([]float32, alignSize*alignSize), make([]float32, patchSize*patchSize)
		for i := range img {
			img[i] = float32(rng.Intn(766))
		}
		for i := range tm {
			tm[i] = rng.Float32()*1.4 - 0.2
		}
		img = boxBlur(boxBlur(img, alignSize), alignSize)
		got, ok := fitSimilarity(img, tm)
		want, wok := fitSimilarityPlain(img, tm)
		same(fmt.Sprintf("noise %d", trial), got, want, ok, wok)
	}
	if fits == 0 {
		t.Fatal("no fit succeeded")
	}
}

// A distMemo answers every call as shiftedDist would for what its
// callers take: whether the distance lies below the limit, and then the
// distance itself.
func TestDistMemoAnswersAsShiftedDist(t *testing.T) {
	rng := rand.New(rand.NewSource(19))
	const n, pm = patchSize, padFine
	w := n + 2*pm
	var ts [3][]float32
	for k := range ts {
		ts[k] = make([]float32, n*n)
		for i := range ts[k] {
			ts[k][i] = rng.Float32()*1.4 - 0.2
		}
	}
	pad := make([]float32, w*w)
	for i := range pad {
		pad[i] = rng.Float32()*1.4 - 0.2
	}
	var mm distMemo
	for q := 0; q < 5000; q++ {
		c, dx, dy := rng.Intn(len(ts)), rng.Intn(2*pm+1)-pm, rng.Intn(2*pm+1)-pm
		full := shiftedDist(ts[c], pad, n, pm, dx, dy, math.Inf(1))
		limit := full * (0.5 + rng.Float64())
		switch rng.Intn(5) {
		case 0:
			limit = math.Inf(1)
		case 1:
			limit = full
		}
		got := mm.shiftedDist(ts[c], pad, n, pm, memoKey(memoShifted, c, 0, true, dx, dy), dx, dy, limit)
		want := shiftedDist(ts[c], pad, n, pm, dx, dy, limit)
		if (got < limit) != (want < limit) || (want < limit && math.Float64bits(got) != math.Float64bits(want)) {
			t.Fatalf("query %d: %v, want %v (limit %v)", q, got, want, limit)
		}
	}
}

// rankFilterTo (a row of lines at a time, on amd64 and arm64) gives
// rankPass's maps bit for bit: ties of either zero, infinities, any
// window; a map with a NaN takes rankPass's way.
func TestRankFilterMatchesRankPass(t *testing.T) {
	const n = patchSize
	rng := rand.New(rand.NewSource(23))
	negZero := float32(math.Copysign(0, -1))
	for trial := 0; trial < 40; trial++ {
		v := make([]float32, n*n)
		for i := range v {
			switch rng.Intn(6) {
			case 0:
				v[i] = 0
			case 1:
				v[i] = negZero
			default:
				v[i] = float32(rng.Intn(30))/8 - 1
			}
		}
		if trial%10 == 1 {
			v[rng.Intn(n*n)] = float32(math.Inf(1 - 2*rng.Intn(2)))
		}
		if trial%10 == 2 {
			v[rng.Intn(n*n)] = float32(math.NaN())
		}
		for r := 0; r <= maxRankRows+1; r++ {
			for _, hi := range []bool{false, true} {
				var tmp [n * n]float32
				want, got := make([]float32, n*n), make([]float32, n*n)
				rankPass(v, tmp[:], r, 1, n, hi)
				rankPass(tmp[:], want, r, n, 1, hi)
				rankFilterTo(got, v, r, hi)
				for i := range got {
					if math.Float32bits(got[i]) != math.Float32bits(want[i]) {
						t.Fatalf("trial %d r %d hi %v at %d: %v, want %v", trial, r, hi, i, got[i], want[i])
					}
				}
			}
		}
	}
}

func BenchmarkGlareOpening(b *testing.B) {
	const n = patchSize
	rng := rand.New(rand.NewSource(1))
	v := make([]float32, n*n)
	for i := range v {
		v[i] = rng.Float32()*1.4 - 0.2
	}
	var e, o [n * n]float32
	for i := 0; i < b.N; i++ {
		rankFilterTo(e[:], v, glareOpen, false)
		rankFilterTo(o[:], e[:], glareOpen, true)
	}
}

// BenchmarkFitSimilarity fits a die's template to its face placed a tenth
// of its side off (as retryDie aligns a die read unsure).
func BenchmarkFitSimilarity(b *testing.B) {
	r := NewReader(model(b))
	defer r.Close()
	frame, dice := testDice(b)
	d := dice[0]
	truth := truePlace(d)
	v := r.classifyAt(frame, truth)
	wide := movedBy(truth, 0.1, 1)
	wide.W, wide.H = wide.W*alignScale, wide.H*alignScale
	warpSquare(frame, &r.q.big, wide.corners(faceInner), alignSize, gocv.InterpolationLinear, gocv.BorderReplicate, colorWhite)
	p, _ := r.q.big.DataPtrUint8()
	img := boxBlur(boxBlur(greyOf(p), alignSize), alignSize)
	tm := r.m.rot[v.tclass][v.trot]
	b.ResetTimer()
	for range b.N {
		if _, ok := fitSimilarity(img, tm); !ok {
			b.Fatal("no fit")
		}
	}
}

// addRow adds one pixel to the normal equations a as fitSimilarityPlain
// did: its row j of the Jacobian, weighed by w, and its error e.
func addRow(a *[6][7]float64, j [6]float64, w, e float64) {
	for r := range 6 {
		wj := w * j[r]
		for c := range 6 {
			a[r][c] += wj * j[c]
		}
		a[r][6] += wj * -e
	}
}

// BenchmarkGlareFits fits the glare of a test die's face with its
// likeliest classes (as glareRead does for a die read unsure).
func BenchmarkGlareFits(b *testing.B) {
	r := NewReader(model(b))
	defer r.Close()
	frame, dice := testDice(b)
	p := slices.Clone(r.q.patch(frame, truePlace(dice[0])))
	f := featureOf(p)
	b.ResetTimer()
	for range b.N {
		if _, ok := r.m.likeliestGlareFits(p, f); !ok {
			b.Fatal("no likely class")
		}
	}
}

// spread is n random values of every size (so that another order of a
// sum of them would round otherwise), with a -0 and a subnormal.
func spread(rng *rand.Rand, n int) []float32 {
	v := make([]float32, n)
	for i := range v {
		v[i] = float32(rng.NormFloat64() * math.Pow(10, float64(rng.Intn(9)-4)))
	}
	v[rng.Intn(n)] = float32(math.Copysign(0, -1))
	v[rng.Intn(n)] = math.SmallestNonzeroFloat32
	return v
}

// sameBits says whether a and b are the same float, bit for bit (-0 is
// not 0; any NaN is any other).
func sameBits[F float32 | float64](a, b F) bool {
	return (a == b && math.Signbit(float64(a)) == math.Signbit(float64(b))) || (a != a && b != b)
}

// blur3 (its rows in SSE on amd64, NEON on arm64) sums as it always has,
// bit for bit: each row across, then each column down, every pixel's sum
// (a + 2b + c) / 4 in that order, edges clamped; ±Inf and NaN too.
func TestBlur3SumsRowsThenColumnsBitForBit(t *testing.T) {
	const n = patchSize
	rng := rand.New(rand.NewSource(5))
	sum := func(a, b, c float32) float32 { return (a + 2*b + c) / 4 }
	for trial := range 20 {
		v := spread(rng, n*n)
		if trial%5 == 1 {
			v[rng.Intn(n*n)] = float32(math.Inf(1 - 2*rng.Intn(2)))
		}
		if trial%5 == 2 {
			v[rng.Intn(n*n)] = float32(math.NaN())
		}
		var across [n * n]float32
		for y := range n {
			for x := range n {
				across[y*n+x] = sum(v[y*n+max(x-1, 0)], v[y*n+x], v[y*n+min(x+1, n-1)])
			}
		}
		got := blur3(v)
		for y := range n {
			for x := range n {
				want := sum(across[max(y-1, 0)*n+x], across[y*n+x], across[min(y+1, n-1)*n+x])
				if g := got[y*n+x]; !sameBits(g, want) {
					t.Fatalf("trial %d at %d,%d: %v, want %v", trial, x, y, g, want)
				}
			}
		}
	}
}

// ssd (its four sums in SSE on amd64, NEON on arm64) sums as it always
// has, bit for bit: (a[i] - b[i])² into sum i mod 4 in order, the last
// len mod 4 into the first, then (s0 + s1) + (s2 + s3).
func TestSSDSumsFourLanesBitForBit(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	for _, n := range []int{0, 1, 3, 4, 7, 8, 13, patchSize * patchSize / 4, patchSize*patchSize/4 + 3, patchSize * patchSize} {
		for trial := range 5 {
			a, b := spread(rng, max(n, 2))[:n], spread(rng, max(n, 2))[:n]
			if trial == 1 && n > 0 {
				a[rng.Intn(n)] = float32(math.NaN())
			}
			var s [4]float32
			for i := range a {
				e := a[i] - b[i]
				if i >= n&^3 {
					s[0] += e * e
				} else {
					s[i%4] += e * e
				}
			}
			want := float64((s[0] + s[1]) + (s[2] + s[3]))
			if got := ssd(a, b); !sameBits(got, want) {
				t.Fatalf("n %d trial %d: %v, want %v", n, trial, got, want)
			}
		}
	}
}
