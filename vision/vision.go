// Package vision reads the dice on the table: the pure-Go surface of
// Tableside's dice reader. It names the dice and faces, the results a reader
// reports, and the small interfaces a camera and a reader implement. The
// OpenCV implementation lives in vision/cv (cgo, wired in by cmd); the
// synthetic dice renderer and the virtual camera live in vision/synth.
package vision

import (
	"errors"
	"image"
)

// Die kinds. Downtown dice first, then the Turn Setup dice (one per colour).
const (
	KindTrick          = "trick"            // 2 identical Trick dice
	KindSpecialist     = "specialist"       // Specialist die
	KindApprentice     = "apprentice"       // Apprentice die
	KindBank           = "bank"             // 2 identical Bank dice
	KindSetupDowntown  = "setup-downtown"   // yellow Turn Setup die
	KindSetupMarketRow = "setup-market-row" // orange
	KindSetupDarkAlley = "setup-dark-alley" // black
	KindSetupAcademy   = "setup-academy"    // blue
	KindSetupTheater   = "setup-theater"    // red
)

// DowntownFaces are the faces of each Downtown die kind, one entry per
// physical face (../shared/data/trickerion/downtown_dice.yaml).
var DowntownFaces = map[string][]string{
	KindTrick:      {"escape", "mechanical", "optical", "spiritual", "?", "X"},
	KindSpecialist: {"assistant", "manager", "engineer", "X", "X", "X"},
	KindApprentice: {"apprentice", "apprentice", "apprentice", "apprentice", "apprentice", "X"},
	KindBank:       {"3", "4", "4", "5", "6", "X"},
}

// Die is one die a reader found in a frame.
type Die struct {
	Kind       string  `json:"kind"`
	Face       string  `json:"face"` // "" when Unsure
	Unsure     bool    `json:"unsure"`
	Confidence float64 `json:"confidence"`
	X          int     `json:"x"` // centre, in frame pixels
	Y          int     `json:"y"`
	Size       int     `json:"size"` // side of the die's top face, in pixels
	// Guess is an unsure die's best face, never shown as a reading: the
	// bench uses it to tell a doubt from a misread.
	Guess string `json:"-"`
}

// Reading is what a reader saw in one image or still moment of a camera,
// dice ordered left to right.
type Reading struct {
	Image  string  `json:"image"`
	Millis float64 `json:"millis"`
	Dice   []Die   `json:"dice"`
}

// Source gives frames: a USB or Pi camera, image files, or the virtual camera.
type Source interface {
	// Frame returns the next frame. A source that has gone (an unplugged
	// camera) returns an error wrapping ErrSourceGone.
	Frame() (image.Image, error)
	Close() error
}

// Reader reads the dice in a frame.
type Reader interface {
	Read(frame image.Image) (Reading, error)
}

var (
	// ErrSourceGone: the camera stopped giving frames (unplugged, busy).
	ErrSourceGone = errors.New("vision: camera source is gone")
	// ErrNoDice: a frame in which no die was found.
	ErrNoDice = errors.New("vision: no dice found in the frame")
)
