package academy

import (
	"testing"

	"tableside/engine/trickerion"
)

// academy-rules: GAME SETUP 1: the 2-player side has 8 room spaces, 4
// Classrooms on the left and 4 Practice Rooms on the right.
func TestBoard_Spaces(t *testing.T) {
	n := map[Kind]int{}
	for i, s := range Spaces() {
		n[s.Kind]++
		if j, err := SpaceIndex(s.ID); err != nil || j != i {
			t.Errorf("SpaceIndex(%s) = %d, %v; want %d", s.ID, j, err, i)
		}
	}
	if n[Classroom] != 4 || n[PracticeRoom] != 4 {
		t.Errorf("kinds %v, want 4 and 4", n)
	}
	if _, err := SpaceIndex("XX"); err == nil {
		t.Error("unknown space: no error")
	}
}

func TestBoard_PlayerMovesAndRemoval(t *testing.T) {
	var b Board
	cr3, pr3 := idx(t, "CR3"), idx(t, "PR3")
	if err := b.SetTile(pr3, Tile{Kind: Classroom, Threshold: 1, Slots: []Slot{{}}}); err == nil {
		t.Error("Classroom tile on a Practice Room space: no error")
	}
	if err := b.SetTile(pr3, Tile{Kind: PracticeRoom, Threshold: 16,
		Slots: []Slot{free(AbilityYieldIncrease), free(AbilityTwicePerCard)}}); err != nil {
		t.Fatal(err)
	}
	b.Rooms[pr3].Tile.Slots[0].Increase = Yield{Fame: 2}
	if err := b.PlaceMarker(pr3, 0, Occupant{Owner: Heir, TrickID: "t"}); err != nil {
		t.Fatal(err)
	}
	if err := b.PlaceMarker(pr3, 0, Occupant{Owner: Player}); err == nil {
		t.Error("marker on an occupied slot: no error")
	}
	if err := b.PlaceMarker(cr3, 0, Occupant{Owner: Player}); err == nil {
		t.Error("marker on an empty space: no error")
	}
	s, ok := b.PracticeSlot("t")
	if !ok || s.Ability != AbilityYieldIncrease || s.Increase.Fame != 2 {
		t.Errorf("PracticeSlot = %+v %v", s, ok)
	}
	c := b.Clone()
	if !b.RemoveTrick("t") || b.InAcademy("t") || b.RemoveTrick("t") {
		t.Error("RemoveTrick did not remove the marker exactly once")
	}
	if !c.InAcademy("t") {
		t.Error("Clone shares its slots with the original")
	}
}

func TestAbility_ParseAndPreparation(t *testing.T) {
	for a := AbilityNone; a <= AbilityOther; a++ {
		got, err := ParseAbility(a.String())
		if err != nil || got != a {
			t.Errorf("ParseAbility(%q) = %v, %v", a.String(), got, err)
		}
		want := a == AbilityDecreasePrepAP || a == AbilityDecreasePrepComponents
		if a.DecreasesPreparation() != want {
			t.Errorf("%v.DecreasesPreparation() = %v", a, !want)
		}
	}
	if _, err := ParseAbility("fly"); err == nil {
		t.Error("unknown ability: no error")
	}
}

// The board table agrees with the embedded Trickerion data.
func TestBoard_SpacesMatchTrickerionData(t *testing.T) {
	data := trickerion.RenovationSpaces()
	if len(data) != NumSpaces {
		t.Fatalf("%d spaces in the data, want %d", len(data), NumSpaces)
	}
	for i, d := range data {
		s := spaces[i]
		if d.ID != s.ID || d.Kind != s.Kind.String() || d.OpensOnTurn != s.OpensOnTurn || len(d.Ratios) != 3 {
			t.Errorf("space %d: data %+v, table %+v", i, d, s)
			continue
		}
		for k, r := range d.Ratios {
			if r.FameThreshold != Thresholds[k] || r.Cost != s.Coins[k] || r.Fame != s.Fame[k] {
				t.Errorf("%s ratio %d: data %+v, table %d Coins → %d Fame", s.ID, k, r, s.Coins[k], s.Fame[k])
			}
		}
	}
}
