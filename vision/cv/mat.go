package cv

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"math"
	"os"

	"gocv.io/x/gocv"
)

// warpSquare warps the parallelogram of src whose corners c[0], c[1] and
// c[3] are given (as rect.corners gives them) into dst as an n×n image,
// its x axis along c[0]→c[1] and its y axis along c[0]→c[3].
func warpSquare(src gocv.Mat, dst *gocv.Mat, c [4]pt, n int, interp gocv.InterpolationFlags, border gocv.BorderType, fill color.RGBA) {
	m := affineMat(invertAffine(affineTo([3]pt{c[0], c[1], c[3]}, [3]pt{{0, 0}, {float64(n), 0}, {0, float64(n)}})))
	defer m.Close()
	gocv.WarpAffineWithParams(src, dst, m, image.Pt(n, n), interp|gocv.WarpInverseMap, border, fill)
}

// affineMat is the affine map a (2×3, row by row) as a new CV_64F Mat; the
// caller closes it.
func affineMat(a [6]float64) gocv.Mat {
	m := gocv.NewMatWithSize(2, 3, gocv.MatTypeCV64F)
	for i, v := range a {
		m.SetDoubleAt(i/3, i%3, v)
	}
	return m
}

// invertAffine inverts the affine map a (2×3, row by row) as OpenCV's
// warpAffine does before it warps (unless given the inverse: then it warps
// with that). Debian's arm64 OpenCV fuses that inversion's multiply-adds,
// which places a warped pixel otherwise now and then: warpSquare gives it
// the inverse computed here, the same on every machine and, on amd64, the
// same warp as before (TestWarpWithInverseIsWarp).
func invertAffine(a [6]float64) [6]float64 {
	d := a[0]*a[4] - a[1]*a[3]
	if d != 0 {
		d = 1 / d
	}
	m := a
	m[0], m[4] = a[4]*d, a[0]*d
	m[1] *= -d
	m[3] *= -d
	m[2] = -m[0]*a[2] - m[1]*a[5]
	m[5] = -m[3]*a[2] - m[4]*a[5]
	return m
}

// affineTo is the affine map (row by row, 2×3) taking the points from to
// the points to, each point first rounded to float32, as OpenCV's
// getAffineTransform computes it on amd64: the 6×6 system of its
// equations solved by Gaussian elimination with partial pivoting, in the
// same order of operations. Computed here, it has the same bits on every
// machine: Debian's arm64 OpenCV fuses the elimination's multiply-adds, and
// its maps differ in the last bits, moving a warped pixel now and then
// (scripts/arm64.sh compare). A degenerate triangle maps to zero, as
// OpenCV's does.
func affineTo(from, to [3]pt) [6]float64 {
	var a [6][6]float64
	var b [6]float64
	for i := range 3 {
		x, y := float64(float32(from[i].X)), float64(float32(from[i].Y))
		a[2*i] = [6]float64{x, y, 1, 0, 0, 0}
		a[2*i+1] = [6]float64{0, 0, 0, x, y, 1}
		b[2*i], b[2*i+1] = float64(float32(to[i].X)), float64(float32(to[i].Y))
	}
	if !solve6(&a, &b) {
		return [6]float64{}
	}
	return b
}

// solve6 solves a·x = b into b by Gaussian elimination with partial
// pivoting (OpenCV's LU for small systems, its order of operations); false
// when a pivot is under OpenCV's limit (DBL_EPSILON·100).
func solve6(a *[6][6]float64, b *[6]float64) bool {
	const eps = 100 * 0x1p-52
	for i := range 6 {
		p := i
		for j := i + 1; j < 6; j++ {
			if math.Abs(a[j][i]) > math.Abs(a[p][i]) {
				p = j
			}
		}
		if math.Abs(a[p][i]) < eps {
			return false
		}
		a[i], a[p] = a[p], a[i] // (the columns before i are not read again)
		b[i], b[p] = b[p], b[i]
		d := -1 / a[i][i]
		for j := i + 1; j < 6; j++ {
			alpha := a[j][i] * d
			for k := i + 1; k < 6; k++ {
				a[j][k] += alpha * a[i][k]
			}
			b[j] += alpha * b[i]
		}
	}
	for i := 5; i >= 0; i-- {
		s := b[i]
		for k := i + 1; k < 6; k++ {
			s -= a[i][k] * b[k]
		}
		b[i] = s / a[i][i]
	}
	return true
}

// ToBGR converts an image to a new 8-bit BGR Mat; the caller closes it.
func ToBGR(img image.Image) (gocv.Mat, error) {
	if img == nil {
		return gocv.Mat{}, errors.New("cv: nil image")
	}
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	if w <= 0 || h <= 0 {
		return gocv.Mat{}, errors.New("cv: empty image")
	}
	switch m := img.(type) {
	case *image.RGBA:
		return fromRGBA(m.Pix, m.Stride, m.PixOffset(b.Min.X, b.Min.Y), w, h)
	case *image.NRGBA:
		return fromRGBA(m.Pix, m.Stride, m.PixOffset(b.Min.X, b.Min.Y), w, h)
	case *image.YCbCr:
		return fromYCbCr(m)
	case *image.Gray:
		return fromGray(m)
	}
	buf := make([]byte, 0, w*h*3)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			buf = append(buf, byte(bl>>8), byte(g>>8), byte(r>>8))
		}
	}
	return gocv.NewMatFromBytes(h, w, gocv.MatTypeCV8UC3, buf)
}

// fromRGBA converts 4-byte RGBA rows (alpha ignored) starting at off.
func fromRGBA(pix []byte, stride, off, w, h int) (gocv.Mat, error) {
	buf := pix[off:]
	if stride != 4*w {
		buf = make([]byte, 4*w*h)
		for y := 0; y < h; y++ {
			copy(buf[4*w*y:4*w*(y+1)], pix[off+stride*y:])
		}
	}
	src, err := gocv.NewMatFromBytes(h, w, gocv.MatTypeCV8UC4, buf[:4*w*h])
	if err != nil {
		return gocv.Mat{}, fmt.Errorf("cv: %w", err)
	}
	defer src.Close()
	dst := gocv.NewMat()
	gocv.CvtColor(src, &dst, gocv.ColorRGBAToBGR)
	return dst, nil
}

// fromYCbCr converts a (JPEG-decoded) YCbCr image through OpenCV's
// full-range YCrCb conversion, which matches JFIF.
func fromYCbCr(m *image.YCbCr) (gocv.Mat, error) {
	b := m.Rect
	w, h := b.Dx(), b.Dy()
	buf := make([]byte, 3*w*h)
	i := 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		yo := m.YOffset(b.Min.X, y)
		for x := b.Min.X; x < b.Max.X; x++ {
			c := m.COffset(x, y)
			buf[i], buf[i+1], buf[i+2] = m.Y[yo], m.Cr[c], m.Cb[c]
			yo++
			i += 3
		}
	}
	src, err := gocv.NewMatFromBytes(h, w, gocv.MatTypeCV8UC3, buf)
	if err != nil {
		return gocv.Mat{}, fmt.Errorf("cv: %w", err)
	}
	defer src.Close()
	dst := gocv.NewMat()
	gocv.CvtColor(src, &dst, gocv.ColorYCrCbToBGR)
	return dst, nil
}

func fromGray(m *image.Gray) (gocv.Mat, error) {
	b := m.Rect
	w, h := b.Dx(), b.Dy()
	buf := make([]byte, w*h)
	for y := 0; y < h; y++ {
		copy(buf[w*y:w*(y+1)], m.Pix[m.PixOffset(b.Min.X, b.Min.Y+y):])
	}
	src, err := gocv.NewMatFromBytes(h, w, gocv.MatTypeCV8UC1, buf)
	if err != nil {
		return gocv.Mat{}, fmt.Errorf("cv: %w", err)
	}
	defer src.Close()
	dst := gocv.NewMat()
	gocv.CvtColor(src, &dst, gocv.ColorGrayToBGR)
	return dst, nil
}

// ReadImageFile reads a PNG or JPEG file into a new BGR Mat (caller closes),
// with a clear error for a missing, unreadable or empty file.
func ReadImageFile(path string) (gocv.Mat, error) {
	st, err := os.Stat(path)
	if err != nil {
		return gocv.Mat{}, fmt.Errorf("cv: read image: %w", err)
	}
	if st.IsDir() {
		return gocv.Mat{}, fmt.Errorf("cv: read image %s: is a directory", path)
	}
	if st.Size() == 0 {
		return gocv.Mat{}, fmt.Errorf("cv: read image %s: empty file", path)
	}
	m := gocv.IMRead(path, gocv.IMReadColor)
	if m.Empty() {
		m.Close()
		return gocv.Mat{}, fmt.Errorf("cv: read image %s: not a readable PNG or JPEG image", path)
	}
	return m, nil
}
