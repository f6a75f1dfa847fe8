package heir

import "testing"

func TestInGameTurnTellsTurnPromptsFromSetupAndFinalScoring(t *testing.T) {
	tests := []struct {
		id   string
		want bool
	}{
		{"1:setup.category", false},
		{"40:t3.place.heir", true},
		{"t7.end.newcard", true},
		{"190:end.fame", false},
		{"191:end.result", false},
		{"", false},
	}
	for _, tc := range tests {
		if got := InGameTurn(tc.id); got != tc.want {
			t.Errorf("InGameTurn(%q) = %v, want %v", tc.id, got, tc.want)
		}
	}
}

func TestWinner_TieGoesToInitiative(t *testing.T) {
	tests := []struct {
		heir, player int
		initiative   []string
		want         string
	}{
		{90, 80, []string{Player, HeirOf}, HeirOf},
		{80, 90, []string{HeirOf, Player}, Player},
		{85, 85, []string{HeirOf, Player}, HeirOf},
		{85, 85, []string{Player, HeirOf}, Player},
	}
	for _, tc := range tests {
		if got := Winner(tc.heir, tc.player, tc.initiative); got != tc.want {
			t.Errorf("Winner(%d, %d, %v) = %s, want %s", tc.heir, tc.player, tc.initiative, got, tc.want)
		}
	}
}
