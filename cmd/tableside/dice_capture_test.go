package main

import (
	"bufio"
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tableside/vision"
	"tableside/vision/synth"
)

// TestTeachFaces: every face of the player's dice once, the Downtown dice
// first (each look-alike X once per kind), then the Turn Setup dice, the
// blue Academy die only with the Academy.
func TestTeachFaces(t *testing.T) {
	for _, tt := range []struct {
		academy bool
		want    int
	}{{false, 41}, {true, 47}} {
		fs := teachFaces(tt.academy)
		if len(fs) != tt.want {
			t.Errorf("academy %v: %d faces, want %d", tt.academy, len(fs), tt.want)
		}
		seen := map[teachFace]bool{}
		for _, f := range fs {
			if seen[f] {
				t.Errorf("academy %v: %s/%s twice", tt.academy, f.kind, f.face)
			}
			seen[f] = true
		}
		if fs[0] != (teachFace{"trick", "escape"}) || fs[len(fs)-1] != (teachFace{"setup-theater", "34"}) {
			t.Errorf("academy %v: first %v, last %v; want trick/escape, setup-theater/34", tt.academy, fs[0], fs[len(fs)-1])
		}
		if seen[teachFace{"setup-academy", "12"}] != tt.academy {
			t.Errorf("academy %v: the blue die's faces listed: %v", tt.academy, !tt.academy)
		}
	}
}

// TestOnly: --only keeps kinds and faces by name; a name matching no face
// is an error that lists the kinds.
func TestOnly(t *testing.T) {
	all := teachFaces(false)
	for _, tt := range []struct {
		list string
		want int
		err  string
	}{
		{"", 41, ""},
		{"bank", 5, ""},
		{"specialist,setup-theater/23", 5, ""},
		{"bank/7", 0, `--only: no face "bank/7" (kinds: trick`},
		{"setup-academy", 0, `--only: no face "setup-academy"`},
	} {
		fs, err := only(all, tt.list)
		if tt.err != "" {
			if err == nil || !strings.HasPrefix(err.Error(), tt.err) {
				t.Errorf("%q: err %v, want it to begin %q", tt.list, err, tt.err)
			}
			continue
		}
		if err != nil || len(fs) != tt.want {
			t.Errorf("%q: %d faces, %v; want %d", tt.list, len(fs), err, tt.want)
		}
	}
}

// TestFaceName: a Turn Setup face is named by the slots it covers, 1-4
// left to right, the Theater's by its weekdays, 1 Thursday to 4 Sunday
// (heir.SetupFaces).
func TestFaceName(t *testing.T) {
	for f, want := range map[teachFace]string{
		{"bank", "4"}:              `"4"`,
		{"setup-downtown", "13"}:   `the face covering slots 1 and 3 from the left ("13")`,
		{"setup-theater", "24"}:    `the face covering Friday and Sunday ("24")`,
		{"setup-theater", "12"}:    `the face covering Thursday and Friday ("12")`,
		{"setup-dark-alley", "34"}: `the face covering slots 3 and 4 from the left ("34")`,
	} {
		if got := faceName(f); got != want {
			t.Errorf("faceName(%v) = %q, want %q", f, got, want)
		}
	}
}

// TestDiceCaptureAnswers: Enter takes a photo, s skips the face, q (or
// the end of the input) stops, another answer is asked again; the
// photos taken are kept, and a second run goes on where the first
// stopped, numbering after them.
func TestDiceCaptureAnswers(t *testing.T) {
	dir := t.TempDir()
	run := func(answers string, only string) string {
		t.Helper()
		var out, errOut bytes.Buffer
		code := diceMainIn([]string{"capture", "--out", dir, "--virtual", "3", "--per-face", "2", "--only", only}, strings.NewReader(answers), &out, &errOut)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errOut.String())
		}
		return out.String()
	}
	out := run("x\n\nq\n", "bank/3,bank/4")
	for _, want := range []string{
		`A Bank die, "3" up: photo 1 of 2 >   Enter takes the photo, s skips this face, q stops`,
		"kept " + filepath.Join(dir, "bank", "3", "000.png"),
		`A Bank die, "3" up: photo 2 of 2 > 1 photo taken.`,
		"Fewer than 2 photos (run again to take them; a face left out is never read): bank/3 bank/4",
		"Teach with: tableside dice teach --out MODEL " + dir,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("first run: no %q in:\n%s", want, out)
		}
	}
	out = run("\ns\n", "bank/3,bank/4")
	if !strings.Contains(out, "kept "+filepath.Join(dir, "bank", "3", "001.png")) || strings.Contains(out, `"3" up: photo 1 of 2`) {
		t.Errorf("second run does not go on with photo 2 of bank/3, as 001.png:\n%s", out)
	}
	if !strings.Contains(out, `A Bank die, "4" up: photo 1 of 2 > 1 photo taken.`) || !strings.Contains(out, "Fewer than 2 photos (run again to take them; a face left out is never read): bank/4\n") {
		t.Errorf("second run: bank/4 not skipped and told short:\n%s", out)
	}
	ps := photos(filepath.Join(dir, "bank", "3"))
	if len(ps) != 2 {
		t.Fatalf("bank/3 holds %v, want 2 photos", ps)
	}
	f, err := os.Open(ps[0])
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if c, err := png.DecodeConfig(f); err != nil || c.Width != 1280 || c.Height != 720 {
		t.Errorf("photo %dx%d (%v), want the camera's whole 1280x720 frame", c.Width, c.Height, err)
	}
}

// TestDiceCaptureNotSquare: a photo whose top face dice teach does not
// see square is kept, with a hint (a face is taught from the photos seen
// square first): here the second and the fifth; five photos a face by
// default.
func TestDiceCaptureNotSquare(t *testing.T) {
	var out, errOut bytes.Buffer
	code := diceMainIn([]string{"capture", "--out", t.TempDir(), "--virtual", "1", "--only", "trick/escape"}, strings.NewReader("\n\n\n\n\n"), &out, &errOut)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	want := "escape/001.png\n  (its top face was not seen square and whole: the camera straight above the die teaches best)\n"
	if !strings.Contains(out.String(), want) || strings.Count(out.String(), "(its top face") != 2 {
		t.Errorf("no hint after the second and fifth photos alone (%q) in:\n%s", want, out.String())
	}
	if !strings.Contains(out.String(), "photo 5 of 5 > ") || !strings.Contains(out.String(), "\n5 photos taken.") {
		t.Errorf("not 5 photos a face:\n%s", out.String())
	}
}

// TestDiceCaptureAgain: --again takes a face's photos anew; the old ones
// stay until the first new one is kept, then move into .retaken.
func TestDiceCaptureAgain(t *testing.T) {
	dir := t.TempDir()
	fdir := filepath.Join(dir, "bank", "6")
	run := func(answers string, again bool) {
		t.Helper()
		var out, errOut bytes.Buffer
		args := []string{"capture", "--out", dir, "--virtual", "3", "--per-face", "2", "--only", "bank/6"}
		if again {
			args = append(args, "--again")
		}
		if code := diceMainIn(args, strings.NewReader(answers), &out, &errOut); code != 0 {
			t.Fatalf("exit %d: %s", code, errOut.String())
		}
	}
	run("\n\n", false)
	run("q\n", true) // stopped at once: the old photos stay
	if kept, aside := photos(fdir), photos(filepath.Join(fdir, ".retaken")); len(kept) != 2 || len(aside) != 0 {
		t.Errorf("stopped before a new photo: %d kept, %d aside; want 2 and 0", len(kept), len(aside))
	}
	run("\nq\n", true) // one new photo
	if kept, aside := photos(fdir), photos(filepath.Join(fdir, ".retaken")); len(kept) != 1 || len(aside) != 2 {
		t.Errorf("after one new photo: %d kept, %d aside; want 1 and 2", len(kept), len(aside))
	}
}

// TestDiceCaptureOneDieOnly: a photo that does not show exactly one die
// is not kept, and the player is told to leave only the die asked for
// (or to put it there, when none is seen); a camera that goes stops the
// capture with what to check, the photos taken kept.
func TestDiceCaptureOneDieOnly(t *testing.T) {
	dir := t.TempDir()
	roll, err := synth.NewVirtualCamera(9, synth.RandomOptions(9, 0, 1280, 720))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	c := capture{ph: &photographer{cam: roll}, dir: dir, perFace: 1, in: bufio.NewScanner(strings.NewReader("\n")), out: &out}
	if err := c.run([]teachFace{{"trick", "optical"}}); err != nil {
		t.Fatal(err)
	}
	if want := "  found 11 dice: leave only a Trick die under the camera, on a mat lighter or darker than the die, and press Enter again"; !strings.Contains(out.String(), want) {
		t.Errorf("no %q in:\n%s", want, out.String())
	}
	if _, err := os.Stat(filepath.Join(dir, "trick")); !os.IsNotExist(err) {
		t.Errorf("a photo of 11 dice was kept (%v)", err)
	}
	bare, err := synth.NewVirtualCamera(9, synth.Options{Dice: []synth.KindFace{}})
	if err != nil {
		t.Fatal(err)
	}
	out.Reset()
	c.ph, c.in = &photographer{cam: bare}, bufio.NewScanner(strings.NewReader("\n"))
	if err := c.run([]teachFace{{"trick", "optical"}}); err != nil {
		t.Fatal(err)
	}
	if want := "  found no die: put a Trick die under the camera, on a mat lighter or darker than the die, and press Enter again"; !strings.Contains(out.String(), want) {
		t.Errorf("no %q in:\n%s", want, out.String())
	}
	c.ph = &photographer{cam: roll}
	roll.Unplug()
	c.in = bufio.NewScanner(strings.NewReader("\n"))
	if err := c.run([]teachFace{{"trick", "optical"}}); err == nil || !strings.Contains(err.Error(), "is the camera plugged in?") {
		t.Errorf("camera unplugged: err %v, want what to check", err)
	}
}

// TestDiceCaptureRetake: once a face's photos are taken, what dice teach
// would say of them is told (two photos unlike the one the face would be
// taught from), and r takes them again, the first ones moved aside.
func TestDiceCaptureRetake(t *testing.T) {
	dir := t.TempDir()
	film := func(f teachFace, n int) (vision.Source, error) {
		kind, face := "bank", "5"
		switch n {
		case 1:
			kind, face = "trick", "escape"
		case 2:
			kind, face = "setup-theater", "12"
		}
		s := uint64(40 + n)
		return synth.NewVirtualCamera(s, synth.TeachOptions(s, kind, face, 1280, 720))
	}
	var out bytes.Buffer
	c := capture{ph: &photographer{film: film}, dir: dir, perFace: 3, in: bufio.NewScanner(strings.NewReader("\n\n\nr\n\n\n\n")), out: &out}
	if err := c.run([]teachFace{{"bank", "5"}}); err != nil {
		t.Fatal(err)
	}
	fdir := filepath.Join(dir, "bank", "5")
	for _, want := range []string{
		"  dice teach would say of these photos:\n    " + fdir,
		".png: unlike ", ".png, the one image bank/5 is taught from (none of its 2 other images looks like that one)",
		"  r takes this face's photos again (those taken go into " + filepath.Join(fdir, ".retaken") + "), Enter keeps them > ",
		`A Bank die, "5" up: photo 3 of 3 >   kept ` + filepath.Join(fdir, "002.png"),
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("no %q in:\n%s", want, out.String())
		}
	}
	if n := strings.Count(out.String(), "dice teach would say"); n != 1 {
		t.Errorf("told %d times, want once (the photos taken again agree):\n%s", n, out.String())
	}
	if kept, aside := photos(fdir), photos(filepath.Join(fdir, ".retaken")); len(kept) != 3 || len(aside) != 3 {
		t.Errorf("%d photos kept and %d moved aside, want 3 and 3", len(kept), len(aside))
	}
}

// TestDiceCaptureUsage: a directory is needed, at most one camera, and at
// least one photo a face.
func TestDiceCaptureUsage(t *testing.T) {
	for _, args := range [][]string{{}, {"--again"}, {"--out", "d", "--pi", "--virtual", "1"}, {"--out", "d", "--per-face", "0"}, {"--out", "d", "--camera", "-2"}, {"--out", "d", "extra"}} {
		var out, errOut bytes.Buffer
		if code := diceMain(append([]string{"capture"}, args...), &out, &errOut); code != 2 || !strings.Contains(errOut.String(), "usage: tableside dice capture") {
			t.Errorf("%v: exit %d, %q", args, code, errOut.String())
		}
	}
}

// TestDiceCaptureTeachWatch: the whole of teaching at the table, with the
// virtual camera: capture photographs every face (the Academy's too),
// teach learns them all from the photos, and watch reads rolls with that
// model, none of their dice a wrong face.
func TestDiceCaptureTeachWatch(t *testing.T) {
	if testing.Short() {
		t.Skip("photographs 94 faces and teaches them")
	}
	dir := t.TempDir()
	photos, model := filepath.Join(dir, "photos"), filepath.Join(dir, "model.bin")
	var out, errOut bytes.Buffer
	if code := diceMainIn([]string{"capture", "--out", photos, "--virtual", "5", "--academy", "--per-face", "2"}, strings.NewReader(strings.Repeat("\n", 300)), &out, &errOut); code != 0 {
		t.Fatalf("capture: exit %d: %s", code, errOut.String())
	}
	if !strings.Contains(out.String(), "94 photos taken.\nTeach with: ") {
		t.Fatalf("capture did not take 94 photos:\n%s", out.String())
	}
	out.Reset()
	if code := diceMain([]string{"teach", "--out", model, photos}, &out, &errOut); code != 0 {
		t.Fatalf("teach: exit %d: %s", code, errOut.String())
	}
	if !strings.HasPrefix(out.String(), "taught 47 faces of 9 kinds") {
		t.Errorf("teach: %s", out.String())
	}
	out.Reset()
	errOut.Reset()
	if code := diceMain([]string{"watch", "--model", model, "--virtual", "5", "--rolls", "3"}, &out, &errOut); code != 0 {
		t.Fatalf("watch: exit %d: %s", code, errOut.String())
	}
	if want := "all rolls against the virtual camera's truth: 33 dice: correct faces "; !strings.Contains(out.String(), want) || !strings.Contains(out.String(), "confident wrong face 0.00% (0)") {
		t.Errorf("watch: no %q with no wrong face in:\n%s", want, out.String())
	}
}
