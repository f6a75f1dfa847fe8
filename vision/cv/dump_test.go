package cv

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"testing"

	"gocv.io/x/gocv"
)

// TestDump is a tool for looking at one frame as the reader sees it: for
// every found die it prints the placed top face and its first reading,
// and writes the rectified patch (pNN.png) and its ink map (iNN.png).
//
//	TABLESIDE_DUMP=/tmp/f5/test/frame-0070.jpg TABLESIDE_DUMP_MODEL=/tmp/f5/model.bin \
//	  TABLESIDE_DUMP_DIR=/tmp/dump go test -run TestDump -v ./vision/cv
func TestDump(t *testing.T) {
	path, model, dir := os.Getenv("TABLESIDE_DUMP"), os.Getenv("TABLESIDE_DUMP_MODEL"), os.Getenv("TABLESIDE_DUMP_DIR")
	if path == "" || model == "" || dir == "" {
		t.Skip("set TABLESIDE_DUMP (a frame), TABLESIDE_DUMP_MODEL and TABLESIDE_DUMP_DIR")
	}
	m, err := Load(model)
	if err != nil {
		t.Fatal(err)
	}
	r := NewReader(m)
	defer r.Close()
	frame := gocv.IMRead(path, gocv.IMReadColor)
	defer frame.Close()
	fs, mask, scale := r.det.find(frame)
	r.q.useMask(mask, scale)
	defer r.q.useMask(gocv.Mat{}, 0)
	r.q.refineAll(frame, fs)
	for i, f := range fs {
		v := r.classifyAt(frame, f.r)
		c := m.Classes[v.class]
		t.Logf("%02d: centre %.0f,%.0f %.0fx%.0f at %.1f° solid %v: %s/%s conf %.2f resid %.3f margin %.2f kind margin %.2f fit %.2f rim %.2f",
			i, f.r.C.X, f.r.C.Y, f.r.W, f.r.H, f.r.Angle*180/math.Pi, f.solid, c.Kind, c.Face, v.conf, v.resid, v.margin, v.kindMargin, v.fit, v.rim)
		p := r.q.patch(frame, f.r)
		bgr := image.NewRGBA(image.Rect(0, 0, patchSize, patchSize))
		for j := 0; j < patchSize*patchSize; j++ {
			bgr.Set(j%patchSize, j/patchSize, color.RGBA{p[3*j+2], p[3*j+1], p[3*j], 255})
		}
		ink := image.NewGray(image.Rect(0, 0, patchSize, patchSize))
		for j, x := range featureOf(p).ink {
			ink.Pix[j] = uint8(math.Max(0, math.Min(255, float64(x)*255)))
		}
		writePNG(t, filepath.Join(dir, fmt.Sprintf("p%02d.png", i)), bgr)
		writePNG(t, filepath.Join(dir, fmt.Sprintf("i%02d.png", i)), ink)
	}
}
