package cv

import (
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"gocv.io/x/gocv"

	"tableside/vision/synth"
)

// TestDiagAll is a tool: it teaches from $TABLESIDE_DIAG/teach, reads
// $TABLESIDE_DIAG/test and writes one line per matched die (its truth,
// its reading and every piece of evidence) to $TABLESIDE_DIAG_OUT, to
// look for what tells confident wrong faces from confident right ones.
//
//	TABLESIDE_DIAG=/tmp/f5 TABLESIDE_DIAG_OUT=/tmp/all5.tsv go test -run TestDiagAll ./vision/cv
func TestDiagAll(t *testing.T) {
	dir, out := os.Getenv("TABLESIDE_DIAG"), os.Getenv("TABLESIDE_DIAG_OUT")
	if dir == "" || out == "" {
		t.Skip("set TABLESIDE_DIAG to a rendered bench directory and TABLESIDE_DIAG_OUT")
	}
	m, err := Teach(filepath.Join(dir, "teach"))
	if err != nil {
		t.Fatal(err)
	}
	r := NewReader(m)
	defer r.Close()
	files, _ := filepath.Glob(filepath.Join(dir, "test", "*.json"))
	sort.Strings(files)
	lines := []string{"frame\ttruth\tgot\tok\tconf\tfit\tface\ttmpl\tkind\tmarginr\tkm\tresid\trim\tglare\tgshare\ttry\tside\tmedside\ttruesize\tcond"}
	for _, fn := range files {
		b, _ := os.ReadFile(fn)
		var tr synth.Truth
		if err := json.Unmarshal(b, &tr); err != nil {
			t.Fatal(err)
		}
		frame := gocv.IMRead(strings.TrimSuffix(fn, ".json")+".jpg", gocv.IMReadColor)
		r.read(frame)
		var sides []float64
		for _, c := range r.cands {
			sides = append(sides, c.rc.side())
		}
		sort.Float64s(sides)
		med := 0.0
		if len(sides) > 0 {
			med = sides[len(sides)/2]
		}
		for _, d := range tr.Dice {
			bi, bd := -1, float64(d.Size)/2
			for j, c := range r.cands {
				if e := math.Hypot(c.rc.C.X-float64(d.X), c.rc.C.Y-float64(d.Y)); e < bd {
					bi, bd = j, e
				}
			}
			if bi < 0 {
				continue
			}
			v := r.cands[bi].v
			c := m.Classes[v.class]
			ok := 0
			if c.Face == d.Face {
				ok = 1
			}
			lines = append(lines, fmt.Sprintf("%s\t%s/%s\t%s/%s\t%d\t%.3f\t%.3f\t%.3f\t%.3f\t%.3f\t%.3f\t%.3f\t%.4f\t%.2f\t%v\t%.3f\t%d\t%.1f\t%.1f\t%d\t%s",
				filepath.Base(fn), d.Kind, d.Face, c.Kind, c.Face, ok, v.conf, v.fit, v.faceEv, v.tmplEv, v.kindEv, v.margin/m.Margin, v.kindMargin, v.resid, v.rim, v.glare, v.glareShare, v.try, r.cands[bi].rc.side(), med, d.Size, strings.Join(conditions(tr, d), ",")))
		}
		frame.Close()
	}
	if err := os.WriteFile(out, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestDumpRead is TestDump after the whole reading: the patch and ink map
// of every die at the placement the reader kept (fNN.png, gNN.png).
//
//	TABLESIDE_DUMP=/tmp/f5/test/frame-0070.jpg TABLESIDE_DUMP_MODEL=/tmp/f5/model.bin \
//	  TABLESIDE_DUMP_DIR=/tmp/dump go test -run TestDumpRead -v ./vision/cv
func TestDumpRead(t *testing.T) {
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
	r.read(frame)
	for i, c := range r.cands {
		v := c.v
		cl := m.Classes[v.class]
		t.Logf("%02d: centre %.0f,%.0f %.0fx%.0f at %.1f°: %s/%s conf %.2f resid %.3f face %.2f tmpl %.2f fit %.2f rim %.2f try %d",
			i, v.at.C.X, v.at.C.Y, v.at.W, v.at.H, v.at.Angle*180/math.Pi, cl.Kind, cl.Face, v.conf, v.resid, v.faceEv, v.tmplEv, v.fit, v.rim, v.try)
		p := r.q.patch(frame, v.at)
		bgr := image.NewRGBA(image.Rect(0, 0, patchSize, patchSize))
		for j := 0; j < patchSize*patchSize; j++ {
			bgr.Set(j%patchSize, j/patchSize, color.RGBA{p[3*j+2], p[3*j+1], p[3*j], 255})
		}
		ink := image.NewGray(image.Rect(0, 0, patchSize, patchSize))
		for j, x := range featureOf(p).ink {
			ink.Pix[j] = uint8(math.Max(0, math.Min(255, float64(x)*255)))
		}
		writePNG(t, filepath.Join(dir, fmt.Sprintf("f%02d.png", i)), bgr)
		writePNG(t, filepath.Join(dir, fmt.Sprintf("g%02d.png", i)), ink)
	}
}
