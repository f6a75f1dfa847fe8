package cv

import (
	"fmt"
	"image"
	"image/color"
	"os"
	"path/filepath"
	"testing"

	"gocv.io/x/gocv"
)

// TestDetectDiag is a hand-run tool: it finds the dice of the frame
// $TABLESIDE_DETDIAG and writes to $TABLESIDE_DETDIAG_OUT (a folder) the
// work image with the mask's outline (green), the ink (red) and the dice
// found (blue), and the smoothed score map, logging every blob.
//
//	TABLESIDE_DETDIAG=/tmp/f23/test/frame-0021.jpg TABLESIDE_DETDIAG_OUT=/tmp/out go test -run TestDetectDiag -v ./vision/cv
func TestDetectDiag(t *testing.T) {
	path, out := os.Getenv("TABLESIDE_DETDIAG"), os.Getenv("TABLESIDE_DETDIAG_OUT")
	if path == "" || out == "" {
		t.Skip("TABLESIDE_DETDIAG and TABLESIDE_DETDIAG_OUT not set")
	}
	frame := gocv.IMRead(path, gocv.IMReadColor)
	defer frame.Close()
	d := newDetector()
	defer d.Close()
	fs, _, scale := d.find(frame)
	sm, _ := d.smooth.DataPtrUint8()
	t.Logf("threshold %d", threshold(sm))
	side := dieSides(d.outer)
	for _, b := range d.outer {
		s := side(b.r.C)
		t.Logf("blob at %.0f,%.0f (frame %.0f,%.0f) %.0fx%.0f area %.0f = %.2f s² (s %.1f)", b.r.C.X, b.r.C.Y, b.r.C.X/scale, b.r.C.Y/scale, b.r.W, b.r.H, b.area, b.area/(s*s), s)
	}
	vis := d.work.Clone()
	defer vis.Close()
	cs := gocv.FindContours(d.mask, gocv.RetrievalExternal, gocv.ChainApproxNone)
	defer cs.Close()
	gocv.DrawContours(&vis, cs, -1, color.RGBA{0, 255, 0, 0}, 1)
	ic := gocv.FindContours(d.raw, gocv.RetrievalExternal, gocv.ChainApproxNone)
	defer ic.Close()
	gocv.DrawContours(&vis, ic, -1, color.RGBA{255, 0, 0, 0}, 1)
	for _, f := range fs {
		c := f.r.corners(1)
		var ps []image.Point
		for _, p := range c {
			ps = append(ps, image.Pt(int(p.X*scale), int(p.Y*scale)))
		}
		pv := gocv.NewPointsVectorFromPoints([][]image.Point{ps})
		gocv.Polylines(&vis, pv, true, color.RGBA{0, 0, 255, 0}, 1)
		pv.Close()
		t.Logf("found %.0f,%.0f side %.0f solid %v big %v", f.r.C.X, f.r.C.Y, f.r.side(), f.solid, f.big)
	}
	base := filepath.Base(path)
	gocv.IMWrite(filepath.Join(out, base+".vis.png"), vis)
	gocv.IMWrite(filepath.Join(out, base+".score.png"), d.smooth)
	var cx, cy int
	if _, err := fmt.Sscanf(os.Getenv("TABLESIDE_DETDIAG_AT"), "%d,%d", &cx, &cy); err == nil {
		x, y := int(float64(cx)*scale), int(float64(cy)*scale)
		r := image.Rect(x-70, y-60, x+70, y+60).Intersect(image.Rect(0, 0, vis.Cols(), vis.Rows()))
		for _, m := range []struct {
			name string
			m    gocv.Mat
		}{{"vis", vis}, {"score", d.smooth}, {"work", d.work}} {
			reg := m.m.Region(r)
			big := gocv.NewMat()
			gocv.Resize(reg, &big, image.Pt(4*r.Dx(), 4*r.Dy()), 0, 0, gocv.InterpolationNearestNeighbor)
			if m.name == "score" {
				big.ConvertToWithParams(&big, gocv.MatTypeCV8UC1, 4, 0)
			}
			gocv.IMWrite(filepath.Join(out, base+"."+m.name+".crop.png"), big)
			reg.Close()
			big.Close()
		}
	}
}
