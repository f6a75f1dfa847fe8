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
