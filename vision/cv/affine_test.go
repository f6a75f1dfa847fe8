package cv

import (
	"bytes"
	"image"
	"math"
	"math/rand/v2"
	"runtime"
	"testing"

	"gocv.io/x/gocv"
)

// affineTo computes OpenCV's getAffineTransform bit for bit (on amd64,
// where OpenCV does not fuse multiply-adds; elsewhere it is the reference).
func TestAffineToIsGetAffineTransform(t *testing.T) {
	if runtime.GOARCH != "amd64" {
		t.Skipf("OpenCV on %s fuses multiply-adds: affineTo is the reference there", runtime.GOARCH)
	}
	rng := rand.New(rand.NewPCG(5, 6))
	to := [3]pt{{0, 0}, {192, 0}, {0, 192}}
	diff := 0
	for i := 0; i < 20000; i++ {
		c := randomPlacement(rng).corners(faceInner)
		from := [3]pt{c[0], c[1], c[3]}
		got := affineTo(from, to)
		want := cvAffine(from, to)
		if got != want {
			if diff++; diff <= 3 {
				t.Errorf("%v: affineTo %v, OpenCV %v", from, got, want)
			}
		}
	}
	if diff > 0 {
		t.Errorf("%d of 20000 maps differ from OpenCV's", diff)
	}
	if got := affineTo([3]pt{{1, 1}, {1, 1}, {1, 1}}, to); got != [6]float64{} {
		t.Errorf("degenerate triangle: %v, want zeros", got)
	}
}

func cvAffine(from, to [3]pt) [6]float64 {
	pts := func(ps [3]pt) gocv.Point2fVector {
		return gocv.NewPoint2fVectorFromPoints([]gocv.Point2f{
			{X: float32(ps[0].X), Y: float32(ps[0].Y)}, {X: float32(ps[1].X), Y: float32(ps[1].Y)}, {X: float32(ps[2].X), Y: float32(ps[2].Y)},
		})
	}
	f, d := pts(from), pts(to)
	defer f.Close()
	defer d.Close()
	m := gocv.GetAffineTransform2f(f, d)
	defer m.Close()
	var out [6]float64
	for i := range out {
		out[i] = m.GetDoubleAt(i/3, i%3)
	}
	return out
}

// warpSquare's inverse map warps as OpenCV's own inversion did: the same
// patches, bit for bit, at every placement (on amd64; elsewhere the
// inverse computed here is the reference).
func TestWarpWithInverseIsWarp(t *testing.T) {
	if runtime.GOARCH != "amd64" {
		t.Skipf("OpenCV on %s fuses multiply-adds: invertAffine is the reference there", runtime.GOARCH)
	}
	frame := benchFrame(t)
	defer frame.Close()
	rng := rand.New(rand.NewPCG(7, 8))
	const n = 2 * patchSize
	own, cvs := gocv.NewMat(), gocv.NewMat()
	defer own.Close()
	defer cvs.Close()
	diff := 0
	for i := 0; i < 2000; i++ {
		c := randomPlacement(rng).corners(faceInner)
		warpSquare(frame, &own, c, n, gocv.InterpolationLinear, gocv.BorderReplicate, colorWhite)
		a := affineTo([3]pt{c[0], c[1], c[3]}, [3]pt{{0, 0}, {n, 0}, {0, n}})
		m := affineMat(a)
		gocv.WarpAffineWithParams(frame, &cvs, m, image.Pt(n, n), gocv.InterpolationLinear, gocv.BorderReplicate, colorWhite)
		m.Close()
		if !bytes.Equal(own.ToBytes(), cvs.ToBytes()) {
			diff++
		}
	}
	if diff > 0 {
		t.Errorf("%d of 2000 patches warped with invertAffine differ from OpenCV's own inversion", diff)
	}
}

// randomPlacement is a top face anywhere in a 1280×720 frame, 20 to 170
// pixels a side, at any angle.
func randomPlacement(rng *rand.Rand) rect {
	return rect{C: pt{1280 * rng.Float64(), 720 * rng.Float64()}, W: 20 + 150*rng.Float64(), H: 20 + 150*rng.Float64(), Angle: 2 * math.Pi * rng.Float64()}
}
