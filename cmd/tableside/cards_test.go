package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tableside/engine/heir"
	"tableside/engine/heir/heirtest"
)

// TestCardsSavesEachCard: "tableside cards" saves the library after each
// card, and an undo takes the card back out of the file too.
func TestCardsSavesEachCard(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sub", "library.json")
	in := "1\n2\n2\nworkshop\nnone\nnone\n"
	var out, errOut bytes.Buffer
	if code := runCards([]string{"--library", path}, strings.NewReader(in), &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	lib, err := loadLibrary(path)
	if err != nil || len(lib.PlanCards) != 1 || lib.PlanCards[0].Kind != heir.SetUp || lib.PlanCards[0].Steps[0].Location != heir.Workshop {
		t.Fatalf("library %+v (%v)", lib, err)
	}
	in = "1\n2\n2\ntheater\nnone\nnone\nundo\n"
	if code := runCards([]string{"--library", path}, strings.NewReader(in), &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	if lib, _ := loadLibrary(path); len(lib.PlanCards) != 1 {
		t.Errorf("after undo the file holds %d cards, want 1", len(lib.PlanCards))
	}
}

// TestCardsKeepsABadLibrary: a library file that does not parse is not
// overwritten; the message says what to do.
func TestCardsKeepsABadLibrary(t *testing.T) {
	path := filepath.Join(t.TempDir(), "library.json")
	os.WriteFile(path, []byte(`{"plan_cards":[{"id"`), 0o644)
	var out, errOut bytes.Buffer
	if code := runCards([]string{"--library", path}, strings.NewReader("1\n"), &out, &errOut); code != 1 {
		t.Fatalf("exit %d", code)
	}
	if b, _ := os.ReadFile(path); string(b) != `{"plan_cards":[{"id"` || !strings.Contains(errOut.String(), "move it away") {
		t.Errorf("file %q, message %q", b, errOut.String())
	}
}

func TestWithLibrary(t *testing.T) {
	dir := t.TempDir()
	whole := filepath.Join(dir, "whole.json")
	saveLibrary(whole, heirtest.Library())
	half := heirtest.Library()
	half.PlanCards = half.PlanCards[:5]
	halfPath := filepath.Join(dir, "half.json")
	saveLibrary(halfPath, half)
	for _, tc := range []struct {
		name, setup, path string
		plans, solos      int
		warn              string
	}{
		{"whole library", `{"difficulty":"hard"}`, whole, 17, 12, ""},
		{"half a Plan set", ``, halfPath, 0, 12, "5 of 9 Plan cards"},
		{"no file yet", `{"academy":false}`, filepath.Join(dir, "none.json"), 0, 0, "0 of 8 Plan cards"},
		{"the setup's own library wins", `{"library":{}}`, whole, 0, 0, ""},
	} {
		var warn bytes.Buffer
		out, err := withLibrary("heir", json.RawMessage(tc.setup), tc.path, &warn)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		s, _, err := heir.ParseSetup(out)
		if err != nil || len(s.Library.PlanCards) != tc.plans || len(s.Library.SoloPerformanceCards) != tc.solos {
			t.Errorf("%s: %d plan, %d solo cards (%v)", tc.name, len(s.Library.PlanCards), len(s.Library.SoloPerformanceCards), err)
		}
		if !strings.Contains(warn.String(), tc.warn) {
			t.Errorf("%s: warning %q, want %q", tc.name, warn.String(), tc.warn)
		}
	}
}
