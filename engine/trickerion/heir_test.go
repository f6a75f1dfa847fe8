package trickerion

import (
	"strconv"
	"strings"
	"testing"
)

var difficulties = []string{Easy, Normal, Hard}

// heir-solo-rules tables, with ERRATA's Downtown row (the printed one is
// garbled).
func TestHeirTables_ByAPRows(t *testing.T) {
	h := HeirTables()
	tests := []struct {
		name  string
		table map[string][]int
		want  map[string][]int
	}{
		// ERRATA: Downtown: Easy 1/1/1/2/2, Normal 1/1/1/2/3, Hard 1/1/2/3/3
		{"downtown", h.DowntownDice, map[string][]int{Easy: {1, 1, 1, 2, 2}, Normal: {1, 1, 1, 2, 3}, Hard: {1, 1, 2, 3, 3}}},
		// heir-solo-rules: DARK ALLEY step 2 table
		{"dark alley", h.DarkAlleyCards, map[string][]int{Easy: {1, 1, 1, 2, 2}, Normal: {1, 1, 2, 2, 3}, Hard: {1, 2, 2, 3, 3}}},
		// heir-solo-rules: THEATER table
		{"theater", h.TheaterMarkers, map[string][]int{Easy: {1, 2, 2}, Normal: {1, 2, 3}, Hard: {2, 3, 4}}},
		// heir-solo-rules: ACADEMY table
		{"academy", h.AcademyActions, map[string][]int{Easy: {1, 1, 1, 2, 2}, Normal: {1, 1, 2, 2, 2}, Hard: {1, 1, 2, 2, 3}}},
	}
	for _, tt := range tests {
		for _, d := range difficulties {
			for ap := 1; ap <= len(tt.want[d]); ap++ {
				if got := ByAP(tt.table[d], ap); got != tt.want[d][ap-1] {
					t.Errorf("%s %s %d AP = %d, want %d", tt.name, d, ap, got, tt.want[d][ap-1])
				}
			}
		}
	}
}

// heir-solo-rules: "In the extremely rare situation that the Heir has 6 AP,
// resolve it as if it had 5"; the Theater table stops at 3 AP.
func TestByAP_Clamps(t *testing.T) {
	h := HeirTables()
	tests := []struct {
		row      []int
		ap, want int
	}{
		{h.DowntownDice[Normal], 6, 3},
		{h.TheaterMarkers[Hard], 5, 4},
		{h.DarkAlleyCards[Hard], 0, 1},
		{nil, 3, 0},
	}
	for _, tt := range tests {
		if got := ByAP(tt.row, tt.ap); got != tt.want {
			t.Errorf("ByAP(%v, %d) = %d, want %d", tt.row, tt.ap, got, tt.want)
		}
	}
}

// The By-AP rows are those of heir_reference_impl.yaml and of the rules.
func TestHeirTables_MatchShared(t *testing.T) {
	h := HeirTables()
	for _, tab := range []struct {
		key  string
		rows map[string][]int
	}{
		{"downtown_dice_collected", h.DowntownDice}, {"dark_alley_SA_cards_drawn", h.DarkAlleyCards},
		{"theater_trick_markers_set_up", h.TheaterMarkers}, {"academy_actions", h.AcademyActions},
	} {
		want := tab.key + ": {easy: " + byAPMap(tab.rows[Easy]) + ", normal: " + byAPMap(tab.rows[Normal]) + ", hard: " + byAPMap(tab.rows[Hard])
		wantInShared(t, "heir_reference_impl.yaml", want)
	}
	rules := readRules(t, "heir-solo-rules.en.txt")
	for _, d := range difficulties {
		name := strings.ToUpper(d[:1]) + d[1:]
		var dark, acad []string
		for i := range h.DarkAlleyCards[d] {
			dark = append(dark, strconv.Itoa(h.DarkAlleyCards[d][i])+"x")
			acad = append(acad, strconv.Itoa(h.AcademyActions[d][i])+"x")
		}
		for _, line := range []string{
			name + "\t" + strings.Join(dark, "\t") + "\n", name + "\t" + strings.Join(acad, "\t") + "\n",
			name + "\t" + strconv.Itoa(h.FamePer10Coins[d]) + " \n",
			name + "\t" + strconv.Itoa(h.EndGameFamePerLevel3Trick[d]) + " ★\t" + strconv.Itoa(h.EndGameFamePer7thCharacter[d]) + " ★\n",
		} {
			if !strings.Contains(rules, line) {
				t.Errorf("rules lack the %s row %q", d, line)
			}
		}
	}
	errata := readRules(t, "ERRATA.md")
	for _, l := range []string{"Easy 1/1/1/2/2, Normal 1/1/1/2/3, Hard 1/1/2/3/3", "Easy: nothing; Normal: 2 Coins per Character backstage; Hard: 1 Fame per Character backstage", "3 Fame with the Academy, 5 without"} {
		if !strings.Contains(errata, l) {
			t.Errorf("ERRATA lacks %q", l)
		}
	}
}

// heir-solo-rules: GAME SETUP step 7, PERFORMANCE flat bonus (ERRATA), END
// TURN, END GAME SCORING, WITHOUT ACADEMY; ERRATA starting Fame.
func TestHeirTables_Setup(t *testing.T) {
	h := HeirTables()
	if h.StartingCharacters[Normal] != (Characters{Magician: 1, Protege: 1, Specialists: 1, Apprentices: 2}) ||
		h.StartingCharacters[Hard] != (Characters{Magician: 1, Protege: 1, Specialists: 2, Apprentices: 1}) {
		t.Errorf("starting characters = %+v", h.StartingCharacters)
	}
	if h.BackstageFlatBonus[Easy] != (Yield{}) || h.BackstageFlatBonus[Normal] != (Yield{Coins: 2}) || h.BackstageFlatBonus[Hard] != (Yield{Fame: 1}) {
		t.Errorf("flat bonus = %+v", h.BackstageFlatBonus)
	}
	if h.StartingFame["academy"] != 3 || h.StartingFame["no_academy"] != 5 || h.CharacterSlots["academy"] != 6 ||
		h.CharacterSlots["no_academy"] != 5 || h.TrickSlots != 4 {
		t.Errorf("fame %v, slots %v, trick slots %d", h.StartingFame, h.CharacterSlots, h.TrickSlots)
	}
	if a, n := h.PlanDeck["academy"], h.PlanDeck["no_academy"]; a != (PlanDeck{9, 4, 5, 7}) || n != (PlanDeck{8, 4, 4, 7}) {
		t.Errorf("plan decks = %+v", h.PlanDeck)
	}
	wantInShared(t, "heir_plan_cards.yaml", "without_academy:\n    total: 8\n    perform: 4\n    set_up: 4", "with_academy:\n    total: 9\n    perform: 4\n    set_up: 5")
	rules := readRules(t, "heir-solo-rules.en.txt")
	if !strings.Contains(rules, "Normal\t1\t1\t1\t2\nHard\t1\t1\t2\t1") {
		t.Error("rules setup step 7 table changed")
	}
}

// ERRATA: Place Character priority lists.
func TestHeirTables_Priorities(t *testing.T) {
	h := HeirTables()
	want := map[string]string{
		"ready": "theater downtown academy market-row dark-alley workshop",
		"busy":  "downtown academy theater market-row dark-alley workshop",
	}
	for stance, w := range want {
		if got := strings.Join(h.LocationPriority[stance], " "); got != w {
			t.Errorf("%s priority = %s, want %s", stance, got, w)
		}
	}
	for _, l := range append(h.LocationPriority["ready"], h.DarkAlleyDrawPriority...) {
		if _, ok := LocationByID(l); !ok {
			t.Errorf("priority names unknown Location %q", l)
		}
	}
	if got := strings.Join(h.RerollPriority, " "); got != "trick specialist bank apprentice" {
		t.Errorf("reroll priority = %s", got)
	}
}

func TestHeirTables_ReturnsCopies(t *testing.T) {
	h := HeirTables()
	h.DowntownDice[Easy][0] = 9
	h.LocationPriority["ready"][0] = "x"
	if g := HeirTables(); g.DowntownDice[Easy][0] == 9 || g.LocationPriority["ready"][0] == "x" {
		t.Error("mutating HeirTables() changed the shared data")
	}
}
