package cv

import (
	"image"
	"math"
	"sort"

	"gocv.io/x/gocv"
)

// Patch geometry: a die's face is rectified to patchSize² pixels covering
// faceInner of its side (the rounded corners and edges left out).
const (
	patchSize = 32
	faceInner = 0.88
	// ringFrom: the body ring (for the body colour) is the part of the patch
	// at least this far from the centre (fraction of the half side).
	ringFrom = 0.78
)

// numCol is the length of a colour feature: body chroma r, g, b and the
// body's brightness over the face's mean brightness.
const numCol = 4

// feature is what the classifier sees of one die.
type feature struct {
	shape []float32 // zero-mean unit-norm grey patch, patchSize²
	col   [numCol]float64
}

// rectifier warps dice faces out of a frame, reusing its buffers.
type rectifier struct {
	big, small gocv.Mat
}

func newRectifier() *rectifier {
	return &rectifier{big: gocv.NewMat(), small: gocv.NewMat()}
}

func (q *rectifier) Close() {
	q.big.Close()
	q.small.Close()
}

// patch returns the rectified face of die r in frame (BGR bytes, patchSize²),
// valid until the next call.
func (q *rectifier) patch(frame gocv.Mat, r rect) []byte {
	const big = 2 * patchSize
	c := r.corners(faceInner)
	src := gocv.NewPoint2fVectorFromPoints([]gocv.Point2f{
		{X: float32(c[0].X), Y: float32(c[0].Y)},
		{X: float32(c[1].X), Y: float32(c[1].Y)},
		{X: float32(c[3].X), Y: float32(c[3].Y)},
	})
	defer src.Close()
	dst := gocv.NewPoint2fVectorFromPoints([]gocv.Point2f{{X: 0, Y: 0}, {X: big, Y: 0}, {X: 0, Y: big}})
	defer dst.Close()
	m := gocv.GetAffineTransform2f(src, dst)
	defer m.Close()
	gocv.WarpAffineWithParams(frame, &q.big, m, image.Pt(big, big), gocv.InterpolationLinear, gocv.BorderReplicate, colorWhite)
	gocv.Resize(q.big, &q.small, image.Pt(patchSize, patchSize), 0, 0, gocv.InterpolationArea)
	p, _ := q.small.DataPtrUint8()
	return p
}

// featureOf computes the feature of a BGR patch.
func featureOf(p []byte) feature {
	const n = patchSize * patchSize
	grey := make([]float32, n)
	for i := 0; i < n; i++ {
		grey[i] = 0.114*float32(p[3*i]) + 0.587*float32(p[3*i+1]) + 0.299*float32(p[3*i+2])
	}
	f := feature{shape: normalize(blur3(grey))}
	f.col = bodyColour(p, grey)
	return f
}

// blur3 smooths a patch with a 3×3 binomial kernel (edges clamped), so that
// a pixel of misalignment costs little.
func blur3(g []float32) []float32 {
	const n = patchSize
	tmp := make([]float32, n*n)
	out := make([]float32, n*n)
	cl := func(i int) int { return min(max(i, 0), n-1) }
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			tmp[y*n+x] = (g[y*n+cl(x-1)] + 2*g[y*n+x] + g[y*n+cl(x+1)]) / 4
		}
	}
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			out[y*n+x] = (tmp[cl(y-1)*n+x] + 2*tmp[y*n+x] + tmp[cl(y+1)*n+x]) / 4
		}
	}
	return out
}

// normalize makes v zero-mean and unit-norm in place (a flat patch stays 0).
func normalize(v []float32) []float32 {
	var s float64
	for _, x := range v {
		s += float64(x)
	}
	mean := float32(s / float64(len(v)))
	var ss float64
	for i := range v {
		v[i] -= mean
		ss += float64(v[i]) * float64(v[i])
	}
	if ss < 1e-9 {
		return v
	}
	k := float32(1 / math.Sqrt(ss))
	for i := range v {
		v[i] *= k
	}
	return v
}

// bodyColour is the median colour of the body ring as chroma (shares of
// r, g, b) and the ring's brightness over the whole face's mean.
func bodyColour(p []byte, grey []float32) [numCol]float64 {
	const n = patchSize
	half := float64(n) / 2
	var bs, gs, rs, ls []float64
	var all float64
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			i := y*n + x
			all += float64(grey[i])
			dx, dy := math.Abs(float64(x)+0.5-half), math.Abs(float64(y)+0.5-half)
			if math.Max(dx, dy) < ringFrom*half {
				continue
			}
			bs = append(bs, float64(p[3*i]))
			gs = append(gs, float64(p[3*i+1]))
			rs = append(rs, float64(p[3*i+2]))
			ls = append(ls, float64(grey[i]))
		}
	}
	b, g, r, l := median(bs), median(gs), median(rs), median(ls)
	sum := b + g + r + 6
	mean := all/float64(n*n) + 2
	return [numCol]float64{(r + 2) / sum, (g + 2) / sum, (b + 2) / sum, (l + 2) / mean}
}

func median(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	sort.Float64s(v)
	return v[len(v)/2]
}

// rotations returns v (a patchSize² grid) turned by 0, 90, 180, 270 degrees.
func rotations(v []float32) [4][]float32 {
	const n = patchSize
	var out [4][]float32
	out[0] = v
	for k := 1; k < 4; k++ {
		prev := out[k-1]
		r := make([]float32, n*n)
		for y := 0; y < n; y++ {
			for x := 0; x < n; x++ {
				r[x*n+(n-1-y)] = prev[y*n+x]
			}
		}
		out[k] = r
	}
	return out
}

func dot(a, b []float32) float32 {
	var s0, s1, s2, s3 float32
	i := 0
	for ; i+4 <= len(a); i += 4 {
		s0 += a[i] * b[i]
		s1 += a[i+1] * b[i+1]
		s2 += a[i+2] * b[i+2]
		s3 += a[i+3] * b[i+3]
	}
	for ; i < len(a); i++ {
		s0 += a[i] * b[i]
	}
	return s0 + s1 + s2 + s3
}
