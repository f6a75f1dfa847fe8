package trickerion

import (
	"slices"
	"strings"
	"testing"
)

func TestDowntownDice_SixDice(t *testing.T) {
	kinds := DowntownDice()
	var names []string
	total := 0
	for _, k := range kinds {
		names = append(names, k.Kind)
		total += k.Count
		if len(k.Faces) != 6 {
			t.Errorf("%s die: %d faces, want 6", k.Kind, len(k.Faces))
		}
	}
	if total != 6 || !slices.Equal(names, []string{DieTrick, DieSpecialist, DieApprentice, DieBank}) {
		t.Errorf("dice = %v (%d dice), want trick, specialist, apprentice, bank (6 dice)", names, total)
	}
}

func TestDowntownDice_Faces(t *testing.T) {
	tests := []struct {
		kind     string
		distinct []string
	}{
		{DieTrick, []string{"escape", "mechanical", "optical", "spiritual", FaceAny, FaceX}},
		{DieSpecialist, []string{FaceX, "assistant", "manager", "engineer"}},
		{DieApprentice, []string{"apprentice", FaceX}},
		{DieBank, []string{"3", "4", "5", "6", FaceX}},
	}
	kinds := DowntownDice()
	for i, tt := range tests {
		if got := kinds[i].DistinctFaces(); kinds[i].Kind != tt.kind || !slices.Equal(got, tt.distinct) {
			t.Errorf("%s distinct faces = %v, want %v", kinds[i].Kind, got, tt.distinct)
		}
	}
}

// Every die's face list is written in downtown_dice.yaml as it is embedded.
func TestDowntownDice_MatchShared(t *testing.T) {
	for _, k := range DowntownDice() {
		faces := slices.Clone(k.Faces)
		for i, f := range faces {
			if f == FaceAny {
				faces[i] = `"?"`
			}
		}
		wantInShared(t, "downtown_dice.yaml", "faces: ["+strings.Join(faces, ", ")+"]")
	}
	wantInShared(t, "downtown_dice.yaml", "trick_dice:", "count: 2", "bank_dice:")
}

// heir-solo-rules ROLL DICE PHASE / WITHOUT ACADEMY: 5 Turn Setup dice,
// 4 without the blue Academy die.
func TestTurnSetupDiceLocations(t *testing.T) {
	without, with := TurnSetupDiceLocations(false), TurnSetupDiceLocations(true)
	if len(without) != 4 || len(with) != 5 || with[4] != Academy {
		t.Errorf("turn setup dice = %v / %v", without, with)
	}
	wantInShared(t, "turn_setup_dice.yaml", "count_without_academy: 4", "count_with_academy: 5")
	for _, l := range with {
		if _, ok := LocationByID(l); !ok {
			t.Errorf("turn setup die location %q is not a Location", l)
		}
	}
}
