package cv

import "testing"

// TestMissingInk: a square of the template's ink the ink map lacks counts
// as missing, in pixels of full ink; ink the map shows, or hidden by
// glare, does not.
func TestMissingInk(t *testing.T) {
	tmpl := make([]float32, patchSize*patchSize)
	for y := 10; y < 16; y++ {
		for x := 10; x < 16; x++ {
			tmpl[y*patchSize+x] = 1
		}
	}
	feat := func(ink []float32, glare bool) feature {
		w := make([]float32, len(ink))
		for i := range w {
			w[i] = 1
			if glare {
				w[i] = 0
			}
		}
		return feature{pad: padded(ink, patchSize, padFine), wpad: padded(w, patchSize, padFine)}
	}
	blank := make([]float32, patchSize*patchSize)
	if got, want := missingInk(tmpl, feat(blank, false), 0, 0), 36*(1-missSlack); got < want-1e-3 || got > want+1e-3 {
		t.Errorf("a blank map lacks %.2f pixels of the square's ink, want %.2f", got, want)
	}
	if got := missingInk(tmpl, feat(tmpl, false), 0, 0); got != 0 {
		t.Errorf("the template's own ink lacks %.2f, want 0", got)
	}
	if got := missingInk(tmpl, feat(blank, true), 0, 0); got != 0 {
		t.Errorf("ink hidden by glare lacks %.2f, want 0", got)
	}
	// Moved by the match's shift, the square is found again.
	moved := make([]float32, patchSize*patchSize)
	for y := 8; y < 14; y++ {
		for x := 9; x < 15; x++ {
			moved[y*patchSize+x] = 1
		}
	}
	if got := missingInk(tmpl, feat(moved, false), 1, 2); got != 0 {
		t.Errorf("the square moved by the match's shift lacks %.2f, want 0", got)
	}
}
