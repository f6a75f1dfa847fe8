package heir

import (
	"slices"
	"testing"

	"tableside/engine/heir/difficulty"
	"tableside/engine/trickerion"
)

// heir-solo-rules: PLACE CHARACTER PHASE, stance EXAMPLE: 18 Fame with the
// Level 2 Trick Walled on a Perform card → Ready; without a Level 2 Trick, Busy.
func TestStance_Example(t *testing.T) {
	walled := trickID(t, "Walled")
	window := trickID(t, "Window to the Otherworld")
	perform, setUp := &PlanCard{Kind: Perform}, &PlanCard{Kind: SetUp}
	tests := []struct {
		name   string
		plan   *PlanCard
		fame   int
		tricks []string
		want   string
	}{
		{"example: 18 Fame, Walled, Perform card", perform, 18, []string{walled, window}, Ready},
		{"example: Level 2 reached, no Level 2 Trick", perform, 18, []string{window}, Busy},
		{"Set Up card is always Busy", setUp, 18, []string{walled}, Busy},
		{"below 16 a Level 1 Trick is the highest", perform, 15, []string{window}, Ready},
		{"36 Fame needs a Level 3 Trick", perform, 36, []string{walled}, Busy},
		{"no Plan card yet", nil, 18, []string{walled}, Busy},
	}
	for _, tc := range tests {
		if got := Stance(tc.plan, tc.fame, tc.tricks); got != tc.want {
			t.Errorf("%s: stance %s, want %s", tc.name, got, tc.want)
		}
	}
}

func trickID(t *testing.T, name string) string {
	t.Helper()
	for _, tr := range trickerion.Tricks() {
		if tr.Name == name {
			return tr.ID
		}
	}
	t.Fatalf("no Trick %q", name)
	return ""
}

// heir-solo-rules: END TURN PHASE, PAY WAGES EXAMPLE: 23 Coins on Normal →
// spends 20, scores 6 Fame.
func TestPayWages_Example(t *testing.T) {
	tests := []struct {
		l                  difficulty.Level
		coins, spent, fame int
	}{
		{difficulty.Normal, 23, 20, 6}, // the EXAMPLE
		{difficulty.Easy, 23, 20, 4},
		{difficulty.Hard, 9, 0, 0},
		{difficulty.Hard, 10, 10, 3},
	}
	for _, tc := range tests {
		spent, fame := Wages(tc.l, tc.coins)
		if spent != tc.spent || fame != tc.fame {
			t.Errorf("%v %d Coins: spent %d fame %d, want %d %d", tc.l, tc.coins, spent, fame, tc.spent, tc.fame)
		}
	}
}

// heir-solo-rules: PLACE CHARACTER PHASE: contested Locations, with the
// Theater and Workshop exceptions.
func TestContested_Exceptions(t *testing.T) {
	tests := []struct {
		loc                           string
		heir, heirMag, player, plrMag bool
		want                          bool
	}{
		{Downtown, true, false, true, false, true},
		{Downtown, true, false, false, false, false},
		{Workshop, true, false, true, false, false},
		{Theater, true, false, true, false, true},
		{Theater, true, true, true, false, false}, // the Heir has only its Magician left
		{Theater, true, false, true, true, false}, // you have only your Magician left
	}
	for _, tc := range tests {
		if got := contested(tc.loc, tc.heir, tc.heirMag, tc.player, tc.plrMag); got != tc.want {
			t.Errorf("%+v: contested %v", tc, got)
		}
	}
}

// ERRATA: the priority lists by stance.
func TestPriorities_ReadyBusy(t *testing.T) {
	if got := Priorities(Ready); !slices.Equal(got, []string{Theater, Downtown, Academy, MarketRow, DarkAlley, Workshop}) {
		t.Errorf("Ready: %v", got)
	}
	if got := Priorities(Busy); !slices.Equal(got, []string{Downtown, Academy, Theater, MarketRow, DarkAlley, Workshop}) {
		t.Errorf("Busy: %v", got)
	}
}

// heir-solo-rules: PLACE CHARACTER PHASE: 6 AP resolve as 5 AP and 1 Fame.
func TestClampAP_SixAP(t *testing.T) {
	for _, tc := range []struct{ ap, res, fame int }{{4, 4, 0}, {5, 5, 0}, {6, 5, 1}, {7, 5, 2}} {
		if r, f := ClampAP(tc.ap); r != tc.res || f != tc.fame {
			t.Errorf("ClampAP(%d) = %d, %d", tc.ap, r, f)
		}
	}
}

// base rules, INITIATIVE: lower Fame first; a tie reverses the order.
func TestInitiativeOrder_Ties(t *testing.T) {
	prev := []string{Player, HeirOf}
	tests := []struct {
		heir, player int
		want         []string
	}{
		{10, 12, []string{HeirOf, Player}},
		{12, 10, []string{Player, HeirOf}},
		{11, 11, []string{HeirOf, Player}},
	}
	for _, tc := range tests {
		if got := InitiativeOrder(prev, tc.heir, tc.player); !slices.Equal(got, tc.want) {
			t.Errorf("%d vs %d: %v", tc.heir, tc.player, got)
		}
	}
}

// heir-solo-rules: END GAME SCORING table, and the caps of 20.
func TestHeirEndFame_ByDifficulty(t *testing.T) {
	l3 := ""
	for _, tr := range trickerion.Tricks() {
		if tr.Level == 3 {
			l3 = tr.ID
			break
		}
	}
	tests := []struct {
		l                 difficulty.Level
		shards, sa, chars int
		tricks            []string
		want              int
	}{
		{difficulty.Easy, 3, 2, 8, []string{l3}, 3 + 4 + 5},
		{difficulty.Normal, 3, 2, 8, []string{l3}, 3 + 4 + 7 + 2},
		{difficulty.Hard, 3, 2, 8, []string{l3}, 3 + 4 + 10 + 4},
		{difficulty.Hard, 25, 15, 6, nil, 20 + 20},
	}
	for _, tc := range tests {
		if got := HeirEndFame(tc.l, tc.shards, tc.sa, tc.tricks, tc.chars); got != tc.want {
			t.Errorf("%v: %d, want %d", tc.l, got, tc.want)
		}
	}
}

// Player's score; Dawn of Technology: 2 Fame per 3 Shards, rounded up.
func TestPlayerScore_Dawn(t *testing.T) {
	tests := []struct {
		t    PlayerTotals
		dawn bool
		want int
	}{
		{PlayerTotals{Fame: 50, Shards: 4, Coins: 10, SACards: 3, L3Bonus: 6}, false, 50 + 4 + 3 + 6 + 6},
		{PlayerTotals{Fame: 50, Shards: 4}, true, 50 + 3},
		{PlayerTotals{Fame: 50, Shards: 3}, true, 50 + 2},
		{PlayerTotals{Fame: 0, Shards: 40, Coins: 90, SACards: 11}, false, 60},
	}
	for _, tc := range tests {
		if got := PlayerScore(tc.t, tc.dawn); got != tc.want {
			t.Errorf("%+v dawn=%v: %d, want %d", tc.t, tc.dawn, got, tc.want)
		}
	}
}

// heir-solo-rules: GAME SETUP steps 5, 7-8 and ERRATA (starting Fame).
func TestSetup_CharactersTrickFame(t *testing.T) {
	tests := []struct {
		l       difficulty.Level
		academy bool
		want    []string
	}{
		{difficulty.Easy, true, []string{Magician, Protege, Specialist, Apprentice}},
		{difficulty.Normal, true, []string{Magician, Protege, Specialist, Apprentice, Apprentice}},
		{difficulty.Hard, true, []string{Magician, Protege, Specialist, Specialist, Apprentice}},
		{difficulty.Normal, false, []string{Magician, Specialist, Apprentice, Apprentice}},
	}
	for _, tc := range tests {
		if got := StartingCharacters(tc.l, tc.academy); !slices.Equal(got, tc.want) {
			t.Errorf("%v academy=%v: %v", tc.l, tc.academy, got)
		}
	}
	if StartingFame(true) != 3 || StartingFame(false) != 5 {
		t.Error("starting Fame is 3 with the Academy, 5 without")
	}
	for _, c := range trickerion.Categories {
		st := StarterTricks(c)
		if len(st) != 3 {
			t.Errorf("%s: %d starter Tricks, want 3", c, len(st))
		}
		for _, tr := range st {
			if tr.Level != 1 || tr.Category != c || trickerion.IsSingleComponentLevel1(tr) {
				t.Errorf("%s: %s is not an eligible starter", c, tr.ID)
			}
		}
	}
}

// A game's setup: the Heir's Magician is never of the player's category,
// its starting Trick is eligible and prepared.
func TestSetup_MagicianAndTrick(t *testing.T) {
	for seed := range uint64(30) {
		g, _ := PlayRandomUntil(t, `{}`, seed, "t1.")
		s := g.State().(State)
		if s.Heir.Category == s.Player.Category {
			t.Errorf("seed %d: Heir's Magician of the player's category %s", seed, s.Player.Category)
		}
		tr, _ := trickerion.TrickByID(s.Heir.Tricks[0].ID)
		if tr.Level != 1 || string(tr.Category) != s.Heir.Category || trickerion.IsSingleComponentLevel1(tr) {
			t.Errorf("seed %d: starting Trick %s not eligible", seed, tr.ID)
		}
		if s.Heir.Tricks[0].Markers == 0 {
			t.Errorf("seed %d: starting Trick not prepared", seed)
		}
		g.Close()
	}
}

// heir-solo-rules: ASSIGNMENT PHASE: Special Assignment marks only with a
// matching card; surplus Locations ignored.
func TestAssignPlan_SpecialAssignments(t *testing.T) {
	steps := []PlanStep{{Location: Theater}, {Location: Downtown, Special: true}, {Location: MarketRow}, {Location: Workshop}}
	got := AssignPlan(steps, map[string]int{}, 3)
	if want := []PlanStep{{Location: Theater}, {Location: MarketRow}, {Location: Workshop}}; !slices.Equal(got, want) {
		t.Errorf("without a Downtown card: %v", got)
	}
	got = AssignPlan(steps, map[string]int{Downtown: 1}, 2)
	if want := []PlanStep{{Location: Theater}, {Location: Downtown, Special: true}}; !slices.Equal(got, want) {
		t.Errorf("with a Downtown card, 2 Characters: %v", got)
	}
}

// heir-solo-rules: PERFORMANCE PHASE flat bonus (ERRATA).
func TestFlatBonus_ByDifficulty(t *testing.T) {
	for _, tc := range []struct {
		l           difficulty.Level
		fame, coins int
	}{{difficulty.Easy, 0, 0}, {difficulty.Normal, 0, 6}, {difficulty.Hard, 3, 0}} {
		if f, c := FlatBonus(tc.l, 3); f != tc.fame || c != tc.coins {
			t.Errorf("%v: %d Fame %d Coins", tc.l, f, c)
		}
	}
}
