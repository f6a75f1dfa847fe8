package synth

import (
	"image"
	"os"
	"testing"
)

// TestSample writes sample pictures for a person to look at when
// SYNTH_SAMPLE names a directory.
func TestSample(t *testing.T) {
	dir := os.Getenv("SYNTH_SAMPLE")
	if dir == "" {
		t.Skip("set SYNTH_SAMPLE=DIR to write sample pictures")
	}
	for i, o := range []Options{
		{},
		{Touching: true, Glare: true, Tilt: 25, Background: "wood", Light: "gradient"},
		{Touching: true, Background: "cloth", Light: "dim", Blur: true, Tilt: 12},
		{Background: "felt", Tilt: 30, Glare: true, JPEGQuality: 60},
	} {
		img, _, err := Frame(uint64(i+1), o)
		if err != nil {
			t.Fatal(err)
		}
		if err := writePNG(dir+"/sample-"+string(rune('0'+i))+".png", img); err != nil {
			t.Fatal(err)
		}
	}
}

// TestSampleGlyphs writes a sheet of every glyph mask when SYNTH_SAMPLE is set.
func TestSampleGlyphs(t *testing.T) {
	dir := os.Getenv("SYNTH_SAMPLE")
	if dir == "" {
		t.Skip("set SYNTH_SAMPLE=DIR to write the glyph sheet")
	}
	var dice []KindFace
	for _, k := range []string{"trick", "specialist", "apprentice", "bank", "setup-downtown", "setup-theater"} {
		for _, f := range Faces(k) {
			dice = append(dice, KindFace{k, f})
		}
	}
	img := image.NewGray(image.Rect(0, 0, 8*glyphRes, ((len(dice)+7)/8)*glyphRes))
	for i, kf := range dice {
		m := GlyphMask(kf.Kind, kf.Face)
		for y := 0; y < glyphRes; y++ {
			for x := 0; x < glyphRes; x++ {
				img.Pix[(i/8*glyphRes+y)*img.Stride+i%8*glyphRes+x] = uint8(255 - 255*m[y*glyphRes+x])
			}
		}
	}
	if err := writePNG(dir+"/glyphs.png", img); err != nil {
		t.Fatal(err)
	}
}
