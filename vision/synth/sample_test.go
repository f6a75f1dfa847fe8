package synth

import (
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
