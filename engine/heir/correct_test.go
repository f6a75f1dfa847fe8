package heir

import (
	"testing"

	"tableside/engine"
)

// Corrections validate like answers and change exactly their target.
func TestCorrect_Targets(t *testing.T) {
	g, _ := PlayRandomUntil(t, `{}`, 3, "t1.assign.player")
	walled := trickID(t, "Walled")
	tests := []struct {
		target, value string
		ok            bool
		check         func(State) bool
	}{
		{"heir.fame", "18", true, func(s State) bool { return s.Heir.Fame == 18 }},
		{"heir.fame", "-1", false, nil},
		{"heir.coins", "x", false, nil},
		{"heir.trick.1", walled, true, func(s State) bool { return s.Heir.Tricks[0].ID == walled }},
		{"heir.trick.1.markers", "1", true, func(s State) bool { return s.Heir.Tricks[0].Markers == 1 }},
		{"heir.trick.3", "nope", false, nil},
		{"heir.sa.theater", "2", true, func(s State) bool { return s.Heir.SA[Theater] == 2 }},
		{"heir.sa.dark-alley", "2", false, nil},
		{"heir.characters.apprentice", "3", true, func(s State) bool { return s.Heir.count(Apprentice) == 3 }},
		{"heir.shopping", "wood, rope", true, func(s State) bool { return len(s.Heir.Shopping) == 2 }},
		{"player.banners", "4", true, func(s State) bool { return s.Player.Banners == 4 }},
		{"board.downtown", "?,X,X,apprentice,6,3", true, func(s State) bool { return s.Board.Downtown[0] == "?" }},
		{"board.downtown", "?,X", false, nil},
		{"board.slot.downtown.2", "player", true, func(s State) bool { return s.Board.Slots[Downtown][1] == Player }},
		{"heir.nothing", "1", false, nil},
	}
	for _, tc := range tests {
		_, err := g.Answer(engine.Answer{Correct: &engine.Correction{Target: tc.target, Value: tc.value}})
		if (err == nil) != tc.ok {
			t.Errorf("%s=%q: err %v", tc.target, tc.value, err)
			continue
		}
		if tc.ok && !tc.check(g.State().(State)) {
			t.Errorf("%s=%q: not applied", tc.target, tc.value)
		}
	}
	// the Stance follows a corrected Fame at once
	s := g.State().(State)
	if s.Heir.Plan != nil && s.Heir.Stance != Stance(s.Heir.Plan, s.Heir.Fame, s.Heir.trickIDs()) {
		t.Error("stance not re-evaluated after corrections")
	}
}

// A game replays from its log to the same state (determinism).
func TestReplay_SameState(t *testing.T) {
	g, _ := PlayRandomUntil(t, `{"difficulty":"hard"}`, 9, "never")
	r, err := engine.Replay(Bot{}, g.Header(), g.Answers())
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	a, b := MustJSON(t, g.State()), MustJSON(t, r.State())
	if a != b {
		t.Error("replayed state differs")
	}
}
