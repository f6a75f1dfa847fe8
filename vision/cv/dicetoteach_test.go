package cv

import (
	"bytes"
	"image"
	"image/jpeg"
	"testing"

	"tableside/vision/synth"
)

// DiceToTeach counts the dice as Teach finds them in a teaching image
// ("each image showing one die of that kind with that face up"): one in a
// teach image, each of a roll's (11), none on a bare mat.
func TestDiceToTeach(t *testing.T) {
	one, err := synth.TeachImage(7, "trick", "escape", 0, 1280, 720)
	if err != nil {
		t.Fatal(err)
	}
	b, _, err := synth.TestFrame(7, 0, 1280, 720)
	if err != nil {
		t.Fatal(err)
	}
	roll, err := jpeg.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	bare := image.NewRGBA(image.Rect(0, 0, 640, 480))
	for i := range bare.Pix {
		bare.Pix[i] = 120
	}
	tests := []struct {
		name string
		img  image.Image
		want int
	}{
		{"a teach image", one, 1},
		{"a roll of 11 dice", roll, 11},
		{"a bare mat", bare, 0},
	}
	for _, tt := range tests {
		n, err := DiceToTeach(tt.img)
		if err != nil || n != tt.want {
			t.Errorf("%s: %d dice, %v; want %d", tt.name, n, err, tt.want)
		}
	}
	if _, err := DiceToTeach(image.NewRGBA(image.Rectangle{})); err == nil {
		t.Error("an empty image: no error")
	}
}
