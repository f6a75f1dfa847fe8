package cv

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"os"

	"gocv.io/x/gocv"
)

// warpSquare warps the parallelogram of src whose corners c[0], c[1] and
// c[3] are given (as rect.corners gives them) into dst as an n×n image,
// its x axis along c[0]→c[1] and its y axis along c[0]→c[3].
func warpSquare(src gocv.Mat, dst *gocv.Mat, c [4]pt, n int, interp gocv.InterpolationFlags, border gocv.BorderType, fill color.RGBA) {
	from := gocv.NewPoint2fVectorFromPoints([]gocv.Point2f{
		{X: float32(c[0].X), Y: float32(c[0].Y)},
		{X: float32(c[1].X), Y: float32(c[1].Y)},
		{X: float32(c[3].X), Y: float32(c[3].Y)},
	})
	defer from.Close()
	to := gocv.NewPoint2fVectorFromPoints([]gocv.Point2f{{X: 0, Y: 0}, {X: float32(n), Y: 0}, {X: 0, Y: float32(n)}})
	defer to.Close()
	m := gocv.GetAffineTransform2f(from, to)
	defer m.Close()
	gocv.WarpAffineWithParams(src, dst, m, image.Pt(n, n), interp, border, fill)
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
