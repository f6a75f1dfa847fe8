package heirtest

import (
	"encoding/json"
	"testing"

	"tableside/engine/heir"
)

// The sample library must hold a whole Plan set for both compositions
// (heir-solo-rules: COMPONENTS, 9 with the Academy, 8 without) and valid
// Solo Performance cards, or simulations would silently ask what a real
// library answers.
func TestSampleLibraryIsWholeAndValid(t *testing.T) {
	for _, academy := range []bool{true, false} {
		setup, _ := json.Marshal(map[string]any{"academy": academy, "library": Library()})
		_, opts, err := heir.ParseSetup(setup)
		if err != nil {
			t.Fatalf("academy=%v: %v", academy, err)
		}
		if !opts.PlanLibrary {
			t.Errorf("academy=%v: the Plan library is not taken as entered", academy)
		}
	}
	for _, c := range SoloCards() {
		if err := c.Validate(); err != nil {
			t.Errorf("%s: %v", c.ID, err)
		}
	}
	if n := len(PlanCards()); n != 17 {
		t.Errorf("%d Plan cards, the game has 17", n)
	}
}

func TestSampleSoloCardsMakeTheSoloDeck(t *testing.T) {
	by := map[string]int{}
	for _, c := range SoloCards() {
		by[c.Theater]++
	}
	if len(SoloCards()) != 12 || len(by) != 3 {
		t.Fatalf("sample solo cards by theater: %v", by)
	}
}
