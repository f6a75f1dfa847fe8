package cv

import (
	"math"
	"testing"
)

// glarePatch is a BGR patch of a grey die with a dark glyph (a block in
// the top left of the inner part) and, when glare is set, a white glare
// spot in the lower right larger than the glyph.
func glarePatch(glare bool) (p []byte, glyph, spot, body int) {
	const n = patchSize
	p = make([]byte, 3*n*n)
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			i := y*n + x
			v := byte(150)
			switch {
			case x >= 8 && x < 16 && y >= 8 && y < 20:
				v = 30
			case glare && math.Hypot(float64(x)-30, float64(y)-30) < 10:
				v = 255
			}
			p[3*i], p[3*i+1], p[3*i+2] = v, v, v
		}
	}
	return p, 12*n + 11, 30*n + 30, 4*n + 24
}

func TestFeatureAtPolarity(t *testing.T) {
	p, glyph, spot, body := glarePatch(false)
	if f := featureOf(p); f.pol != polDark {
		t.Fatalf("a dark glyph on a light body: polarity %d, want %d", f.pol, polDark)
	}
	p, glyph, spot, body = glarePatch(true)
	f := featureOf(p)
	if f.pol != polLight {
		t.Fatalf("a glare spot larger than the glyph should flip the polarity shown: got %d, want %d", f.pol, polLight)
	}
	if f.ink[spot] < 0.8 {
		t.Errorf("at the polarity shown the glare spot should read as ink, got %.2f", f.ink[spot])
	}
	g := featureAt(p, polDark)
	if g.pol != polDark {
		t.Fatalf("featureAt(polDark) gave polarity %d", g.pol)
	}
	if g.ink[glyph] < 0.8 || g.ink[spot] > 0 || math.Abs(float64(g.ink[body])) > 0.1 {
		t.Errorf("at the kind's polarity: glyph %.2f (want ≥ 0.8), glare %.2f (want ≤ 0), body %.2f (want ~0)",
			g.ink[glyph], g.ink[spot], g.ink[body])
	}
	if !g.glare || g.glareShare <= 0 {
		t.Errorf("at the kind's polarity the glare spot should be found (glare %v, share %.3f)", g.glare, g.glareShare)
	}
	// Beyond the body on the other side than the glyph: the true glyph
	// (96 of the inner part's 1296 pixels) as shown, the glare spot at
	// the kind's polarity.
	if f.under < 0.05 || f.under > 0.1 || g.under < 0.15 {
		t.Errorf("share beyond the body on the other side: %.3f as shown (want the glyph's, 0.074), %.3f at the kind's polarity (want the spot's, ≥ 0.15)", f.under, g.under)
	}
}

func TestBodyColourLeavesGlareOut(t *testing.T) {
	const n = patchSize
	ring := ringMask()
	p := make([]byte, 3*n*n)
	ik := make([]float32, n*n)
	k := 0
	for i, in := range ring {
		b, g, r := byte(180), byte(90), byte(40) // a blue body
		if in && k%5 < 3 {                       // glare on 60% of the ring
			b, g, r = 255, 255, 255
			ik[i] = inkLo
		}
		if in {
			k++
		}
		p[3*i], p[3*i+1], p[3*i+2] = b, g, r
	}
	clean := make([]byte, len(p))
	for i := 0; i < n*n; i++ {
		clean[3*i], clean[3*i+1], clean[3*i+2] = 180, 90, 40
	}
	got, want := bodyColour(p, ik, ring), bodyColour(clean, make([]float32, n*n), ring)
	for j := 0; j < 2; j++ {
		if math.Abs(got[j]-want[j]) > 1e-9 {
			t.Errorf("chroma %d: %.3f with glare, %.3f without", j, got[j], want[j])
		}
	}
}

func TestModelPolarity(t *testing.T) {
	m := model(t)
	// The renderer's Bank dice are black with light ink, its Trick dice
	// ivory with dark ink.
	for i, c := range m.Classes {
		if c.Kind == "bank" && m.polarity(i) != polLight || c.Kind == "trick" && m.polarity(i) != polDark {
			t.Errorf("%s/%s: polarity %d", c.Kind, c.Face, m.polarity(i))
		}
	}
}

// Glare may have flipped a face's contrast (mayBeFlipped) when its body's
// chroma says the other polarity's kinds, or when it shows light ink with
// dark marks beyond maxUnderLight whatever its chroma (a light die's
// glare spot taken for its ink: an ivory Trick die's chroma lies near a
// black Bank die's).
func TestGlareMayHaveFlippedTheContrast(t *testing.T) {
	m := model(t)
	colour := func(kind string) [numCol]float64 {
		for _, c := range m.Colours {
			if c.Kind == kind {
				return c.Mean
			}
		}
		t.Fatalf("no kind %s", kind)
		return [numCol]float64{}
	}
	bank, trick := colour("bank"), colour("trick")
	for _, c := range []struct {
		name  string
		pol   int
		under float64
		col   [numCol]float64
		want  bool
	}{
		{"light ink, dark marks, a Bank die's chroma", polLight, 2 * maxUnderLight, bank, true},
		{"light ink, few dark marks, a Bank die's chroma", polLight, (flipUnder + maxUnderLight) / 2, bank, false},
		{"light ink, dark marks, a Trick die's chroma", polLight, 2 * maxUnderLight, trick, true},
		{"dark ink, light marks, a Trick die's chroma", polDark, 2 * maxUnderLight, trick, false},
		{"dark ink, light marks, a Bank die's chroma", polDark, 2 * maxUnderLight, bank, true},
		{"dark ink, no marks, a Bank die's chroma", polDark, flipUnder / 2, bank, false},
	} {
		f := feature{pol: c.pol, under: c.under, col: c.col}
		if got := m.mayBeFlipped(f); got != c.want {
			t.Errorf("%s: may be flipped %v, want %v", c.name, got, c.want)
		}
	}
}
