// Package synth renders synthetic pictures of Tableside's dice: the Downtown
// dice and the Turn Setup dice drawn with procedural face glyphs on varied mats,
// under uneven light, with shadows, glare, perspective, blur, sensor noise and
// JPEG compression, each picture deterministic from a seed and written with
// its ground truth. It is pure Go (standard library only) and serves the
// dice reader's tests and benchmarks, the `tableside dice render` command and
// the virtual camera of demo mode (VirtualCamera, a vision.Source).
//
// Geometry: a scene is laid out on the table plane in pixel units of the
// untilted view; a homography (the camera tilted by up to Options.Tilt
// degrees about an axis through the image centre) maps it into the image.
// Every pixel of the picture is rendered by inverse mapping, so dice, shadows
// and the mat stay consistent under perspective.
//
// Dice: Trick dice are ivory, the Specialist and Apprentice dice share one
// pale sage green, Bank dice are black with light ink, and the Turn Setup
// dice are yellow, orange, very dark grey, blue and red with white marks
// (the real colours of the Downtown dice are in no source). The X glyph is
// the same on every Downtown kind. Turn Setup faces are named by their two
// covered slots (SetupFaces) and carry an "up" bar, so that no face looks
// like a quarter turn of another.
//
// Entry points: Frame and Single render one picture with its Truth;
// WriteSet / WriteSetWith write a teach set and a test set in the directory
// contract of `tableside dice teach` (RandomOptions gives the varied options
// of the test frames); VirtualCamera films rendered rolls.
package synth

import (
	"fmt"
	"sort"

	"tableside/vision"
)

// Backgrounds are the mats the renderer can draw.
var Backgrounds = []string{"plain", "felt", "wood", "cloth"}

// Lights are the lighting conditions the renderer can draw: even light, a
// gradient across the frame (with a vignette), or a dim room.
var Lights = []string{"even", "gradient", "dim"}

// Kinds lists every die kind the renderer draws, Downtown dice first.
var Kinds = []string{
	vision.KindTrick, vision.KindSpecialist, vision.KindApprentice, vision.KindBank,
	vision.KindSetupDowntown, vision.KindSetupMarketRow, vision.KindSetupDarkAlley,
	vision.KindSetupAcademy, vision.KindSetupTheater,
}

// SetupFaces are the faces of every Turn Setup die in the renderer: the pair
// of covered slots (weekdays for the Theater), slots numbered 1–4.
var SetupFaces = []string{"12", "13", "14", "23", "24", "34"}

// KindFace names one die and the face it shows.
type KindFace struct {
	Kind string `json:"kind"`
	Face string `json:"face"`
}

// Options control one rendered picture. The zero value renders a 1280×720
// frame of the 11 default dice (6 Downtown + 5 Turn Setup, random faces) on
// a random mat under random light, with no touching, glare, tilt or blur.
type Options struct {
	Width, Height int        // picture size; 0 → 1280×720
	Dice          []KindFace // dice to draw; Face "" = random face; nil = DefaultDice
	Background    string     // one of Backgrounds; "" = random
	Light         string     // one of Lights; "" = random
	Touching      bool       // place some dice edge to edge (at least one pair)
	Glare         bool       // glare spots on some dice (at least one)
	Blur          bool       // blur the whole picture (defocus)
	Tilt          float64    // camera tilt off vertical in degrees (0–30 is "mild")
	MinSize       int        // die side in pixels at 1280 wide; 0 → 50
	MaxSize       int        // 0 → 110; sizes scale with Width/1280
	Noise         float64    // sensor noise sigma in grey levels; 0 → 3 (6 when dim); <0 → none
	JPEGQuality   int        // >0: round-trip the picture through image/jpeg at this quality
}

// Truth is the ground truth of one picture, written as the JSON sidecar
// NAME.json beside NAME.jpg / NAME.png.
type Truth struct {
	Image      string     `json:"image"`
	Width      int        `json:"width"`
	Height     int        `json:"height"`
	Background string     `json:"background"`
	Light      string     `json:"light"`
	Quality    int        `json:"jpeg_quality,omitempty"`
	Seed       uint64     `json:"seed"`
	Dice       []DieTruth `json:"dice"`
}

// DieTruth is one die of a picture. X, Y is the centre of its top face and
// Size the side of the top face, in image pixels; Angle is the direction of
// the face's "up" rotated clockwise from the image's up, in degrees [0,360);
// Tilt is the camera tilt of the picture.
type DieTruth struct {
	Kind     string  `json:"kind"`
	Face     string  `json:"face"`
	X        int     `json:"x"`
	Y        int     `json:"y"`
	Size     int     `json:"size"`
	Angle    float64 `json:"angle"`
	Tilt     float64 `json:"tilt"`
	Glare    bool    `json:"glare"`
	Touching bool    `json:"touching"`
	Blur     bool    `json:"blur"`
}

// DefaultDice are the 11 dice of a turn with the Academy, faces random:
// 2 Trick, Specialist, Apprentice, 2 Bank and the 5 Turn Setup dice.
func DefaultDice() []KindFace {
	var d []KindFace
	for _, k := range []string{vision.KindTrick, vision.KindTrick, vision.KindSpecialist,
		vision.KindApprentice, vision.KindBank, vision.KindBank,
		vision.KindSetupDowntown, vision.KindSetupMarketRow, vision.KindSetupDarkAlley,
		vision.KindSetupAcademy, vision.KindSetupTheater} {
		d = append(d, KindFace{Kind: k})
	}
	return d
}

// Faces returns the distinct face names of a die kind (nil for an unknown
// kind): the Downtown faces of vision.DowntownFaces without repeats, and
// SetupFaces for every Turn Setup die.
func Faces(kind string) []string {
	if f, ok := vision.DowntownFaces[kind]; ok {
		var out []string
		seen := map[string]bool{}
		for _, s := range f {
			if !seen[s] {
				seen[s] = true
				out = append(out, s)
			}
		}
		return out
	}
	if _, ok := setupSlots[kind]; ok {
		return append([]string(nil), SetupFaces...)
	}
	return nil
}

// setupSlots: whether a setup die shows its slots as a 1×4 row (Theater
// weekdays) rather than a 2×2 grid.
var setupSlots = map[string]bool{
	vision.KindSetupDowntown: false, vision.KindSetupMarketRow: false,
	vision.KindSetupDarkAlley: false, vision.KindSetupAcademy: false,
	vision.KindSetupTheater: true,
}

// rgb is a colour in linear-ish 0..255 float units.
type rgb struct{ r, g, b float32 }

// look is how a die kind is painted: body colour and ink colour.
type look struct{ body, ink rgb }

// Body colours (the physical colours of the Downtown dice are in no source;
// chosen so that some kinds share a colour and the face must decide):
// Trick dice ivory; Specialist and Apprentice the same pale sage green; Bank
// dice black with light ink; Turn Setup dice yellow, orange, very dark grey,
// blue and red with white marks. The X glyph is the same on every kind, so X
// faces of same-coloured kinds look alike.
var looks = map[string]look{
	vision.KindTrick:          {rgb{236, 231, 216}, rgb{38, 36, 44}},
	vision.KindSpecialist:     {rgb{178, 198, 168}, rgb{34, 44, 36}},
	vision.KindApprentice:     {rgb{178, 198, 168}, rgb{34, 44, 36}},
	vision.KindBank:           {rgb{34, 33, 36}, rgb{232, 226, 208}},
	vision.KindSetupDowntown:  {rgb{238, 200, 36}, rgb{250, 250, 246}},
	vision.KindSetupMarketRow: {rgb{236, 122, 30}, rgb{250, 250, 246}},
	vision.KindSetupDarkAlley: {rgb{52, 52, 58}, rgb{246, 246, 242}},
	vision.KindSetupAcademy:   {rgb{38, 86, 190}, rgb{250, 250, 246}},
	vision.KindSetupTheater:   {rgb{198, 36, 40}, rgb{250, 250, 246}},
}

// checkDice validates kinds and faces of a dice list.
func checkDice(dice []KindFace) error {
	for _, d := range dice {
		faces := Faces(d.Kind)
		if faces == nil {
			return fmt.Errorf("synth: unknown die kind %q (want one of %v)", d.Kind, Kinds)
		}
		if d.Face == "" {
			continue
		}
		i := sort.SearchStrings(sorted(faces), d.Face)
		if s := sorted(faces); i >= len(s) || s[i] != d.Face {
			return fmt.Errorf("synth: die kind %q has no face %q (want one of %v)", d.Kind, d.Face, faces)
		}
	}
	return nil
}

func sorted(s []string) []string {
	c := append([]string(nil), s...)
	sort.Strings(c)
	return c
}
