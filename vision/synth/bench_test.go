package synth

import "testing"

// BenchmarkFrame1280x720 renders 1280×720 frames of 11 dice with the varied
// options of a test set (touching, glare, blur, tilt as RandomOptions picks).
func BenchmarkFrame1280x720(b *testing.B) {
	warmGlyphs(b)
	for i := 0; b.Loop(); i++ {
		o := RandomOptions(7, i, 1280, 720)
		o.JPEGQuality = 0
		if _, _, err := Frame(uint64(i), o); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFrame1280x720Plain renders untilted, unblurred frames.
func BenchmarkFrame1280x720Plain(b *testing.B) {
	warmGlyphs(b)
	for i := 0; b.Loop(); i++ {
		if _, _, err := Frame(uint64(i), Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFrame1920x1080 renders full-HD frames with tilt.
func BenchmarkFrame1920x1080(b *testing.B) {
	warmGlyphs(b)
	for i := 0; b.Loop(); i++ {
		if _, _, err := Frame(uint64(i), Options{Width: 1920, Height: 1080, Tilt: 20, Touching: true}); err != nil {
			b.Fatal(err)
		}
	}
}

// warmGlyphs fills the glyph cache so benchmarks time frames only.
func warmGlyphs(b *testing.B) {
	for _, k := range Kinds {
		for _, f := range Faces(k) {
			glyphMask(k, f)
		}
	}
	b.ResetTimer()
}
