package synth

import (
	"bytes"
	"testing"
)

func TestFrame_Deterministic(t *testing.T) {
	for _, o := range []Options{
		{},
		{Touching: true, Glare: true, Blur: true, Tilt: 20, JPEGQuality: 70},
		{Width: 1920, Height: 1080, Tilt: 10, Background: "wood"},
	} {
		a, ta, err := Frame(42, o)
		if err != nil {
			t.Fatal(err)
		}
		b, tb, err := Frame(42, o)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a.Pix, b.Pix) {
			t.Errorf("%+v: same seed gave different pixels", o)
		}
		if len(ta.Dice) != len(tb.Dice) || ta.Dice[0] != tb.Dice[0] {
			t.Errorf("%+v: same seed gave different truth", o)
		}
		c, _, err := Frame(43, o)
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Equal(a.Pix, c.Pix) {
			t.Errorf("%+v: seeds 42 and 43 gave the same picture", o)
		}
	}
}
