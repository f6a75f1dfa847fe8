package heir

import "testing"

// heir-solo-rules: PLACE CHARACTER PHASE: contested Locations first, then
// the stance's priority list; the Theater is not contested when a side has
// only its Magician left there.
func TestPickLocation_ContestedThenPriority(t *testing.T) {
	tests := []struct {
		name     string
		stance   string
		heir     map[string][]int // Location -> Character indexes
		player   map[string]int
		magician bool // the player's Magician is assigned to the Theater
		want     string
	}{
		{"contested Market Row beats Downtown", Busy, map[string][]int{Downtown: {0}, MarketRow: {1}}, map[string]int{MarketRow: 1}, false, MarketRow},
		{"nothing contested, Busy: Downtown first", Busy, map[string][]int{Theater: {1}, Downtown: {0}}, nil, false, Downtown},
		{"nothing contested, Ready: Theater first", Ready, map[string][]int{Theater: {1}, Downtown: {0}}, nil, false, Theater},
		{"two contested, Busy order", Busy, map[string][]int{Academy: {0}, DarkAlley: {1}}, map[string]int{Academy: 1, DarkAlley: 1}, false, Academy},
		{"Workshop never contested", Ready, map[string][]int{Workshop: {0}, DarkAlley: {1}}, map[string]int{Workshop: 1}, false, DarkAlley},
		{"player's Magician alone: Theater not contested", Busy, map[string][]int{Theater: {1}, MarketRow: {0}}, map[string]int{MarketRow: 0}, true, Theater},
	}
	for _, tc := range tests {
		m := &match{}
		m.s.Heir.Stance = tc.stance
		m.s.Heir.Characters = []Character{{Kind: Specialist, Assigned: "x"}, {Kind: Apprentice, Assigned: "x"}}
		for l, idx := range tc.heir {
			for _, i := range idx {
				m.s.Heir.Characters[i].Assigned = l
			}
		}
		m.s.Player.Assigned = map[string]int{}
		for l, n := range tc.player {
			m.s.Player.Assigned[l] = n
		}
		m.s.Player.MagTheater = tc.magician
		var cands []int
		for _, idx := range tc.heir {
			cands = append(cands, idx...)
		}
		if got := m.pickLocation(cands); got != tc.want {
			t.Errorf("%s: %s, want %s", tc.name, got, tc.want)
		}
	}
}

// heir-solo-rules: PLACE CHARACTER PHASE: Theater left to right with the
// Magician last; Downtown left to right.
func TestPickCharacter_TheaterMagicianLast(t *testing.T) {
	m := &match{}
	m.s.Heir.Characters = []Character{{Kind: Magician}, {Kind: Protege}, {Kind: Specialist}, {Kind: Apprentice}}
	if got := m.pickCharacter(Theater, []int{0, 2, 3}); got != 2 {
		t.Errorf("Theater: character %d, want the Specialist (2)", got)
	}
	if got := m.pickCharacter(Theater, []int{0}); got != 0 {
		t.Errorf("Theater, Magician alone: %d", got)
	}
	if got := m.pickCharacter(Downtown, []int{1, 2}); got != 1 {
		t.Errorf("Downtown left to right: %d", got)
	}
	m.s.Heir.Secrets = 2 // Protégé 3 AP beats the Specialist elsewhere
	if got := m.pickCharacter(MarketRow, []int{2, 1}); got != 1 {
		t.Errorf("Market Row highest AP: %d", got)
	}
}

// heir-solo-rules: Special Assignment +1 AP; The Mechaniker, The Great Optico.
func TestBonusAP_Abilities(t *testing.T) {
	m := &match{}
	m.s.Heir.Ability = "mechaniker"
	if got := m.bonusAP(Character{Kind: Apprentice, SA: true}); got != 2 {
		t.Errorf("Mechaniker first Apprentice with a card: %d", got)
	}
	if got := m.bonusAP(Character{Kind: Apprentice}); got != 0 {
		t.Errorf("Mechaniker second Apprentice: %d", got)
	}
	m = &match{}
	m.s.Heir.Ability, m.s.Player.SAUsed = "great-optico", 1
	if a, b := m.bonusAP(Character{Kind: Specialist}), m.bonusAP(Character{Kind: Protege}); a != 1 || b != 0 {
		t.Errorf("Great Optico with 1 card used: %d then %d", a, b)
	}
}
