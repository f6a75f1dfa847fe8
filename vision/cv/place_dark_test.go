package cv

import (
	"image"
	"image/color"
	"math"
	"testing"

	"gocv.io/x/gocv"
)

// A black die on a dark mat (the mat 1.8 times as bright: the foreground
// holds only its light glyph), among white dice that give the die size:
// its top face is found whole by telling the body from the mat about the
// die by brightness.
func TestBlackTopFaceOnDarkMatIsFound(t *testing.T) {
	frame := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(60, 58, 62, 0), 480, 640, gocv.MatTypeCV8UC3)
	defer frame.Close()
	top := rect{C: pt{320, 240}, W: 100, H: 100, Angle: 0.35}
	fillRect(&frame, top, color.RGBA{34, 30, 32, 0})
	bar := func(w, h float64) rect { return rect{C: top.C, W: w, H: h, Angle: top.Angle} }
	fillRect(&frame, bar(44, 10), color.RGBA{215, 210, 200, 0})
	fillRect(&frame, bar(10, 44), color.RGBA{215, 210, 200, 0})
	for _, c := range []pt{{90, 90}, {550, 90}, {90, 390}, {550, 390}} {
		white := rect{C: c, W: 100, H: 100, Angle: 0.2}
		fillRect(&frame, white, color.RGBA{205, 210, 212, 0})
		fillRect(&frame, rect{C: c, W: 40, H: 12, Angle: 0.2}, color.RGBA{20, 20, 20, 0})
	}
	det := newDetector()
	defer det.Close()
	q := newRectifier()
	defer q.Close()
	fs, mask, scale := det.find(frame)
	q.useMask(mask, scale)
	defer q.useMask(gocv.Mat{}, 0)
	if len(fs) != 5 {
		t.Fatalf("found %d dice, want 5", len(fs))
	}
	var b rect
	for _, f := range fs {
		if math.Hypot(f.r.C.X-top.C.X, f.r.C.Y-top.C.Y) < 30 {
			b = f.r
		}
	}
	got, _, ok := q.refineShape(b, q.view(frame, b))
	if !ok {
		t.Fatal("no top face found")
	}
	if d := math.Hypot(got.C.X-top.C.X, got.C.Y-top.C.Y); d > 5 || math.Abs(got.side()/top.W-1) > 0.1 {
		t.Errorf("top face at %.0f,%.0f side %.0f, want %.0f,%.0f side %.0f", got.C.X, got.C.Y, got.side(), top.C.X, top.C.Y, top.W)
	}
}

// fillRect draws the rectangle r filled with c (BGR order: c.R is blue).
func fillRect(m *gocv.Mat, r rect, c color.RGBA) {
	var ps []image.Point
	for _, p := range r.corners(1) {
		ps = append(ps, image.Pt(int(math.Round(p.X)), int(math.Round(p.Y))))
	}
	pv := gocv.NewPointsVectorFromPoints([][]image.Point{ps})
	defer pv.Close()
	gocv.FillPoly(m, pv, c)
}

// Opening a top mask by a 5-pixel square cuts the thin rims (a die's
// sides seen edge on, 2 pixels wide) off the top face and keeps the face.
func TestOpenByCutsThinRimsOffTopFace(t *testing.T) {
	const n = refineSize
	m := make([]byte, n*n)
	for y := 10; y < 40; y++ {
		for x := 10; x < 40; x++ {
			m[y*n+x] = 255
		}
	}
	for x := 40; x < 60; x++ { // a rim joined to the face
		m[20*n+x], m[21*n+x] = 255, 255
	}
	o := openBy(m, darkOpen)
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			face := y >= 10 && y < 40 && x >= 10 && x < 40
			if (o[y*n+x] != 0) != face {
				t.Fatalf("pixel %d,%d set %v, want %v", x, y, o[y*n+x] != 0, face)
			}
		}
	}
}

// A black body under a mat twice as bright: its top mask reaches up to
// matMargin below the mat (the body's pure colour may be its darkest
// part's), never above topLightest; under a mat 1.2 times as bright, up
// to the geometric mean of the two.
func TestLightestBelowStopsUnderTheMat(t *testing.T) {
	body := [3]float64{30, 30, 30} // B+G+R+6 = 96
	for _, c := range []struct{ mat, want float64 }{
		{96*1.5 - 6, 1.5 / matMargin},
		{96*1.2 - 6, math.Sqrt(1.2)},
		{96*3 - 6, topLightest},
	} {
		got, dark := lightestBelow(body, c.mat)
		if !dark || math.Abs(got-c.want) > 1e-9 {
			t.Errorf("mat %.0f: bound %.3f dark %v, want %.3f dark", c.mat, got, dark, c.want)
		}
	}
	if _, dark := lightestBelow(body, 96*1.1-6); dark {
		t.Error("a body under a mat 1.1 times as bright is told from it by brightness")
	}
}

// largestPart keeps the largest blob of a refine mask with its holes
// and drops the pieces beside it (a side, a strip of mat).
func TestLargestPartDropsPiecesBesideTopFace(t *testing.T) {
	const n = refineSize
	m := make([]byte, n*n)
	for y := 4; y < 60; y++ { // a side's strip, 4 pixels wide
		for x := 2; x < 6; x++ {
			m[y*n+x] = 255
		}
	}
	for y := 12; y < 52; y++ { // the face, with a glyph hole
		for x := 12; x < 52; x++ {
			if x < 28 || x >= 36 || y < 14 || y >= 50 {
				m[y*n+x] = 255
			}
		}
	}
	o := largestPart(m)
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			face := x >= 12 && m[y*n+x] != 0
			if (o[y*n+x] != 0) != face {
				t.Fatalf("pixel %d,%d set %v, want %v", x, y, o[y*n+x] != 0, face)
			}
		}
	}
}
