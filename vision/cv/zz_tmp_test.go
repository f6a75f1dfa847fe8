package cv

import (
	"math"
	"os"
	"testing"

	"gocv.io/x/gocv"
)

func TestZZProbe(t *testing.T) {
	path, model := os.Getenv("TABLESIDE_DUMP"), os.Getenv("TABLESIDE_DUMP_MODEL")
	if path == "" {
		t.Skip()
	}
	m, _ := Load(model)
	r := NewReader(m)
	defer r.Close()
	frame := gocv.IMRead(path, gocv.IMReadColor)
	defer frame.Close()
	r.read(frame)
	for _, c := range r.cands {
		if math.Abs(c.v.at.C.X-246) > 3 || math.Abs(c.v.at.C.Y-495) > 3 {
			continue
		}
		f := featureOf(r.q.patch(frame, c.v.at))
		fs := m.score(f.desc, f.col)
		for i, cl := range m.Classes {
			if cl.Kind != "bank" {
				continue
			}
			var ds [4]float64
			for rot := 0; rot < 4; rot++ {
				mt := match{class: i, rot: rot}
				m.fine(&mt, f)
				ds[rot] = mt.d / float64(innerPixels)
			}
			t.Logf("%s/%s lda %.1f (best %d rot %d) tmpl %.3f %.3f %.3f %.3f", cl.Kind, cl.Face, fs.g[i], fs.class, fs.rot, ds[0], ds[1], ds[2], ds[3])
		}
	}
}
