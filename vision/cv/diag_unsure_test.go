package cv

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"gocv.io/x/gocv"

	"tableside/vision/synth"
)

// TestDiagUnsure is a tool: it teaches from $TABLESIDE_DIAG/teach, reads
// $TABLESIDE_DIAG/test and tells for every die read unsure or wrong which
// piece of evidence was weakest (fit, margin, kind or templates), counts
// the causes and lists the dice in $TMPDIR/vt_diag.txt.
//
//	TABLESIDE_DIAG=/tmp/f5 go test -run TestDiagUnsure -v ./vision/cv
func TestDiagUnsure(t *testing.T) {
	dir := os.Getenv("TABLESIDE_DIAG")
	if dir == "" {
		t.Skip("set TABLESIDE_DIAG to a rendered bench directory")
	}
	m, err := Teach(filepath.Join(dir, "teach"))
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("margin %.2f, held out %d, wrong %d", m.Margin, m.heldOut, len(m.heldOutWrong))
	r := NewReader(m)
	defer r.Close()
	files, _ := filepath.Glob(filepath.Join(dir, "test", "*.json"))
	sort.Strings(files)
	causes := map[string]int{}
	var lines []string
	for _, fn := range files {
		b, _ := os.ReadFile(fn)
		var tr synth.Truth
		if err := json.Unmarshal(b, &tr); err != nil {
			t.Fatal(err)
		}
		frame := gocv.IMRead(strings.TrimSuffix(fn, ".json")+".jpg", gocv.IMReadColor)
		r.read(frame)
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
			if v.conf >= m.Threshold && c.Face == d.Face {
				continue
			}
			cause := "templates"
			switch {
			case v.fit < 1:
				cause = "fit"
			case v.margin/m.Margin < 1:
				cause = "margin"
			case v.kindMargin < minKindZ:
				cause = "kind"
			}
			if c.Face != d.Face {
				cause += "-wrongguess"
			}
			if v.conf >= m.Threshold {
				cause = "CONFIDENT-WRONG"
			}
			causes[cause]++
			lines = append(lines, fmt.Sprintf("%s %s/%s got %s/%s conf %.2f fit %.2f m %.2f km %.2f resid %.3f rim %.1f %s", filepath.Base(fn), d.Kind, d.Face, c.Kind, c.Face, v.conf, v.fit, v.margin/m.Margin, v.kindMargin, v.resid, v.rim, strings.Join(conditions(tr, d), ",")))
		}
		frame.Close()
	}
	os.WriteFile(filepath.Join(os.TempDir(), "vt_diag.txt"), []byte(strings.Join(lines, "\n")+"\n"), 0o644)
	t.Logf("causes: %v", causes)
}
