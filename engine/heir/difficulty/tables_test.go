package difficulty

import (
	"slices"
	"testing"

	"tableside/engine/trickerion"
)

// The tables by Level are the component data's rows for that Level (the
// data is pinned against the rule texts in package trickerion).
func TestTables_AreTheDataRows(t *testing.T) {
	d := trickerion.HeirTables()
	for _, l := range Levels {
		k, got := l.String(), l.Tables()
		rows := []struct {
			name      string
			got, want []int
		}{
			{"downtown", got.DowntownDice, d.DowntownDice[k]},
			{"dark alley", got.DarkAlleyCards, d.DarkAlleyCards[k]},
			{"theater", got.TheaterMarkers, d.TheaterMarkers[k]},
			{"academy", got.AcademyActions, d.AcademyActions[k]},
		}
		for _, r := range rows {
			if len(r.want) == 0 || !slices.Equal(r.got, r.want) {
				t.Errorf("%s %s: %v, want %v", l, r.name, r.got, r.want)
			}
		}
		if got.BackstageFlatBonus != d.BackstageFlatBonus[k] || got.FamePer10Coins != d.FamePer10Coins[k] ||
			got.FamePerLevel3Trick != d.EndGameFamePerLevel3Trick[k] || got.FamePer7thCharacter != d.EndGameFamePer7thCharacter[k] ||
			got.StartingCharacters != d.StartingCharacters[k] {
			t.Errorf("%s: %+v", l, got)
		}
	}
	if Level(7).Tables() != Hard.Tables() {
		t.Error("a Level out of range does not read as Hard")
	}
}

// heir-solo-rules: "resolve it as if it had 5"; below 1 AP nothing.
func TestByAP_Clamps(t *testing.T) {
	row := []int{1, 1, 2, 3, 3}
	for _, tc := range []struct{ ap, want int }{{-1, 0}, {0, 0}, {1, 1}, {3, 2}, {5, 3}, {6, 3}} {
		if got := ByAP(row, tc.ap); got != tc.want {
			t.Errorf("ByAP(%d) = %d, want %d", tc.ap, got, tc.want)
		}
	}
}
