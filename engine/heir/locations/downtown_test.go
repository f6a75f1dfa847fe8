package locations

import (
	"math/rand/v2"
	"slices"
	"testing"

	"tableside/engine/heir/difficulty"
	"tableside/engine/trickerion"
)

// trick returns the catalogue Trick id.
func trick(t *testing.T, id string) trickerion.Trick {
	t.Helper()
	tr, ok := trickerion.TrickByID(id)
	if !ok {
		t.Fatalf("no Trick %s", id)
	}
	return tr
}

func tricks(t *testing.T, ids ...string) []trickerion.Trick {
	t.Helper()
	var out []trickerion.Trick
	for _, id := range ids {
		out = append(out, trick(t, id))
	}
	return out
}

func ids(ts []trickerion.Trick) []string {
	var out []string
	for _, t := range ts {
		out = append(out, t.ID)
	}
	return out
}

// residenceWithout is every Trick but the given ones.
func residenceWithout(ids ...string) []*trickerion.Trick {
	return slices.DeleteFunc(TrickRefs(trickerion.Tricks()), func(t *trickerion.Trick) bool { return slices.Contains(ids, t.ID) })
}

func refIDs(ts []*trickerion.Trick) []string {
	var out []string
	for _, t := range ts {
		out = append(out, t.ID)
	}
	return out
}

func rng(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0)) }

// heir-solo-rules: DOWNTOWN table, with ERRATA.md's values.
func TestDiceToCollect_ErrataTable(t *testing.T) {
	want := map[difficulty.Level][5]int{
		difficulty.Easy:   {1, 1, 1, 2, 2},
		difficulty.Normal: {1, 1, 1, 2, 3},
		difficulty.Hard:   {1, 1, 2, 3, 3},
	}
	for l, row := range want {
		for ap := 1; ap <= 5; ap++ {
			if got := DiceToCollect(l, ap); got != row[ap-1] {
				t.Errorf("%v %d AP: %d dice, want %d", l, ap, got, row[ap-1])
			}
		}
		if got := DiceToCollect(l, 0); got != 0 {
			t.Errorf("%v 0 AP: %d dice, want 0", l, got)
		}
		if got := DiceToCollect(l, 6); got != row[4] {
			t.Errorf("%v 6 AP: %d dice, want the 5 AP column %d", l, got, row[4])
		}
	}
}

// heir-solo-rules: DOWNTOWN, "reroll one X die (... Trick > Specialist >
// Money > Apprentice)".
func TestDowntown_Reroll_Priority(t *testing.T) {
	cases := []struct {
		name    string
		dice    Dice
		collect int
		want    Die
		ok      bool
	}{
		{"enough dice showing", Dice{"X", "X", "X", "X", "3", "4"}, 2, 0, false},
		{"trick die first", Dice{"X", "X", "X", "X", "X", "4"}, 2, TrickDie1, true},
		{"right trick die when left shows", Dice{"optical", "X", "X", "X", "X", "X"}, 2, TrickDie2, true},
		{"specialist before money", Dice{"optical", "?", "X", "apprentice", "X", "X"}, 5, SpecialistDie, true},
		{"money before apprentice", Dice{"optical", "?", "manager", "X", "X", "5"}, 5, BankDie1, true},
		{"second bank die", Dice{"optical", "?", "manager", "X", "5", "X"}, 5, BankDie2, true},
		{"apprentice last", Dice{"optical", "?", "manager", "X", "5", "6"}, 6, ApprenticeDie, true},
		{"short by two: still one reroll", Dice{"X", "X", "X", "X", "X", "3"}, 3, TrickDie1, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, ok := RerollDie(c.dice, c.collect)
			if ok != c.ok || ok && got != c.want {
				t.Errorf("RerollDie = %v, %v; want %v, %v", got, ok, c.want, c.ok)
			}
		})
	}
}

// The rulebook's Downtown EXAMPLE: 18 Fame, Easy, Magician (3 AP) on the +1
// slot = 4 AP = 2 dice; no Level 2 Trick yet; the only Trick die shows '?',
// so a random Level 2 Trick of the Favorite category (Escape): Walled, which
// goes left of Window to the Otherworld (higher Yield: same Fame, more
// Shards); no Specialist available; the 6 Bank die gives 6 Coins.
// heir-solo-rules: DOWNTOWN EXAMPLE.
func TestDowntown_RulebookExample(t *testing.T) {
	owned := []string{"T16_WindowToTheOtherworld", "T26_StocksEscape"}
	s := DowntownState{
		Level:      difficulty.Easy,
		AP:         3 + 1,
		Dice:       Dice{"X", "?", "X", "X", "6", "4"},
		Fame:       18,
		Favorite:   trickerion.Escape,
		Tricks:     tricks(t, owned...),
		Characters: Characters{Protege: true, Specialists: []string{Assistant}, Apprentices: 1},
		Academy:    true,
		Residence:  residenceWithout(owned...),
	}
	// Seed 6 draws Walled among the four Level 2 Escape Tricks.
	res, err := Downtown(s, rng(6))
	if err != nil {
		t.Fatal(err)
	}
	if res.Collect != 2 || res.Collected() != 2 {
		t.Errorf("collect %d, collected %d; want 2, 2", res.Collect, res.Collected())
	}
	if len(res.Steps) != 2 {
		t.Fatalf("steps %+v, want learn then coins", res.Steps)
	}
	learn, coins := res.Steps[0], res.Steps[1]
	if learn.Kind != StepLearnTrick || learn.Die != TrickDie2 || learn.Face != "?" || learn.Trick.ID != "T31_Walled" || learn.Slot != 0 || learn.Markers != 2 {
		t.Errorf("learn step %+v, want Walled from the '?' die into slot 0 with 2 markers", learn)
	}
	if !slices.Equal(learn.Components, []string{"metal", "padlock", "wood"}) {
		t.Errorf("shopping list additions %v, want metal padlock wood", learn.Components)
	}
	if coins.Kind != StepTakeCoins || coins.Die != BankDie1 || coins.Coins != 6 || res.Coins != 6 {
		t.Errorf("coins step %+v (total %d), want the 6 Bank die for 6 Coins", coins, res.Coins)
	}
	wantBoard := []string{"T31_Walled", "T16_WindowToTheOtherworld", "T26_StocksEscape"}
	if !slices.Equal(ids(res.Tricks), wantBoard) {
		t.Errorf("board %v, want %v", ids(res.Tricks), wantBoard)
	}
	if res.Dice != (Dice{"X", "X", "X", "X", "X", "4"}) {
		t.Errorf("dice after %v", res.Dice)
	}
	if slices.ContainsFunc(res.Residence, func(x *trickerion.Trick) bool { return x.ID == "T31_Walled" }) {
		t.Error("Walled still in the Residence")
	}
}

// Whatever the seed, the example's draw is one of the four Level 2 Escape
// Tricks, and each of them can come up. heir-solo-rules: DOWNTOWN step 1a.
func TestDowntown_Step1a_DrawAmongEligible(t *testing.T) {
	owned := []string{"T16_WindowToTheOtherworld", "T26_StocksEscape"}
	eligible := []string{"T29_PrisonBreak", "T30_ZigZagLady", "T31_Walled", "T32_WolfCage"}
	seen := map[string]bool{}
	for seed := range uint64(200) {
		s := DowntownState{Level: difficulty.Easy, AP: 4, Dice: Dice{"X", "?", "X", "X", "6", "4"}, Fame: 18,
			Favorite: trickerion.Escape, Tricks: tricks(t, owned...), Academy: true, Residence: residenceWithout(owned...)}
		res, err := Downtown(s, rng(seed))
		if err != nil {
			t.Fatal(err)
		}
		id := res.Steps[0].Trick.ID
		if !slices.Contains(eligible, id) {
			t.Fatalf("seed %d drew %s", seed, id)
		}
		seen[id] = true
	}
	if len(seen) != len(eligible) {
		t.Errorf("only %v drawn in 200 games", seen)
	}
}

// heir-solo-rules: DOWNTOWN step 1a EXCEPTION: at Level 1 the Trick needing
// a single type of Basic Component is left out.
func TestDowntown_Step1a_Level1Exception(t *testing.T) {
	cases := []struct {
		cat  trickerion.Category
		fame int
		want []string
	}{
		{trickerion.Escape, 5, []string{"T26_StocksEscape", "T27_BurningMummy", "T28_WaterTankEscape"}},
		{trickerion.Optical, 15, []string{"T02_RabbitFromTheTopHat", "T03_PubInABottle", "T04_CardManipulation"}},
		{trickerion.Mechanical, 16, []string{"T41_MechanicalHornet", "T42_SawingTheAssistantInHalf", "T43_VanishingBirdCage", "T44_BulletCatch"}},
		{trickerion.Spiritual, 36, []string{"T21_BalsamosSkull", "T22_Séance", "T23_SkeletonDance", "T24_Metamorphosis"}},
	}
	for _, c := range cases {
		got := refIDs(LearnCandidates(TrickRefs(trickerion.Tricks()), c.cat, c.fame))
		if !slices.Equal(got, c.want) {
			t.Errorf("%s at %d Fame: %v, want %v", c.cat, c.fame, got, c.want)
		}
	}
}

// heir-solo-rules: DOWNTOWN step 1 condition, "fewer than 2 Tricks with the
// highest Level available to it OR ... 36 or more Fame", and the left Trick
// die first.
func TestDowntown_Step1_Condition(t *testing.T) {
	cases := []struct {
		name  string
		fame  int
		owned []string
		dice  Dice
		learn bool
		cat   trickerion.Category
	}{
		{"one Level 2 Trick at 20 Fame", 20, []string{"T31_Walled", "T26_StocksEscape"}, Dice{"optical", "?", "X", "X", "X", "X"}, true, trickerion.Optical},
		{"two Level 2 Tricks at 20 Fame", 20, []string{"T31_Walled", "T29_PrisonBreak"}, Dice{"optical", "?", "X", "X", "3", "X"}, false, ""},
		{"two Level 1 at 15 Fame", 15, []string{"T27_BurningMummy", "T26_StocksEscape"}, Dice{"optical", "?", "X", "X", "3", "X"}, false, ""},
		{"two Level 1 become stale at 16 Fame", 16, []string{"T27_BurningMummy", "T26_StocksEscape"}, Dice{"X", "mechanical", "X", "X", "3", "X"}, true, trickerion.Mechanical},
		{"two Level 3 at 36 Fame still learns", 36, []string{"T33_BuriedAlive", "T35_IronMaiden"}, Dice{"?", "optical", "X", "X", "3", "X"}, true, trickerion.Escape},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := DowntownState{Level: difficulty.Easy, AP: 1, Dice: c.dice, Fame: c.fame, Favorite: trickerion.Escape,
				Tricks: tricks(t, c.owned...), Residence: residenceWithout(c.owned...)}
			res, err := Downtown(s, rng(1))
			if err != nil {
				t.Fatal(err)
			}
			first := res.Steps[0]
			if (first.Kind == StepLearnTrick) != c.learn {
				t.Fatalf("first step %+v, learn = %v", first, c.learn)
			}
			if c.learn && (first.Trick.Category != c.cat || first.Trick.Level != FameLevel(c.fame)) {
				t.Errorf("learned %s (%s L%d), want %s at Level %d", first.Trick.ID, first.Trick.Category, first.Trick.Level, c.cat, FameLevel(c.fame))
			}
			if !c.learn && first.Kind != StepTakeCoins {
				t.Errorf("first step %+v, want the Bank die", first)
			}
		})
	}
}

// Rules decision (documented on learnTrick): a Trick die whose category has
// nothing left to learn is passed over; with no learnable die, step 1 is
// skipped without setting a die to X.
func TestDowntown_Step1_EmptyResidencePile(t *testing.T) {
	noOpticalL2 := slices.DeleteFunc(residenceWithout(), func(t *trickerion.Trick) bool {
		return t.Category == trickerion.Optical && t.Level == 2
	})
	noL2 := slices.DeleteFunc(residenceWithout(), func(t *trickerion.Trick) bool { return t.Level == 2 })
	cases := []struct {
		name      string
		residence []*trickerion.Trick
		wantKind  StepKind
		wantDie   Die
	}{
		{"left die empty, right die used", noOpticalL2, StepLearnTrick, TrickDie2},
		{"both empty, step 2 next", noL2, StepHireSpecialist, SpecialistDie},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := DowntownState{Level: difficulty.Easy, AP: 1, Dice: Dice{"optical", "spiritual", "engineer", "X", "X", "X"},
				Fame: 20, Favorite: trickerion.Escape, Residence: c.residence}
			res, err := Downtown(s, rng(1))
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Steps) != 1 || res.Steps[0].Kind != c.wantKind || res.Steps[0].Die != c.wantDie {
				t.Errorf("steps %+v, want one %s with %v", res.Steps, c.wantKind, c.wantDie)
			}
		})
	}
}

// heir-solo-rules: DOWNTOWN steps 1b and 1c: with four Tricks the rightmost
// goes back to the Residence, then the new Trick is inserted by Yield.
func TestDowntown_Step1b_ReturnRightmost(t *testing.T) {
	owned := []string{"T33_BuriedAlive", "T29_PrisonBreak", "T30_ZigZagLady", "T26_StocksEscape"}
	s := DowntownState{Level: difficulty.Easy, AP: 1, Dice: Dice{"mechanical", "X", "X", "X", "X", "X"}, Fame: 40,
		Favorite: trickerion.Escape, Tricks: tricks(t, owned...),
		Residence: TrickRefs(tricks(t, "T47_Automaton")), ShoppingList: []string{"wood", "metal"}}
	res, err := Downtown(s, rng(1))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Steps) != 2 || res.Steps[0].Kind != StepReturnTrick || res.Steps[0].Trick.ID != "T26_StocksEscape" || res.Steps[0].Slot != 3 {
		t.Fatalf("steps %+v, want Stocks Escape returned from slot 3 first", res.Steps)
	}
	learn := res.Steps[1]
	if learn.Trick.ID != "T47_Automaton" || learn.Slot != 0 {
		t.Errorf("learned %s into slot %d, want Automaton (7 Fame) into slot 0", learn.Trick.ID, learn.Slot)
	}
	want := []string{"T47_Automaton", "T33_BuriedAlive", "T29_PrisonBreak", "T30_ZigZagLady"}
	if !slices.Equal(ids(res.Tricks), want) {
		t.Errorf("board %v, want %v", ids(res.Tricks), want)
	}
	if !slices.Equal(refIDs(res.Residence), []string{"T26_StocksEscape"}) {
		t.Errorf("residence %v, want Stocks Escape back", refIDs(res.Residence))
	}
	if !slices.Equal(learn.Components, []string{"cog", "petroleum"}) || !slices.Equal(res.ShoppingList, []string{"wood", "metal", "cog", "petroleum"}) {
		t.Errorf("added %v, list %v; want cog and petroleum added, metal already there", learn.Components, res.ShoppingList)
	}
	if res.Collected() != 1 {
		t.Errorf("collected %d dice, want 1 (the return is no die)", res.Collected())
	}
}

// heir-solo-rules: DOWNTOWN step 1c: Fame, then Shards, then Coins.
func TestDowntown_Step1c_InsertSlot(t *testing.T) {
	board := tricks(t, "T31_Walled", "T16_WindowToTheOtherworld", "T28_WaterTankEscape")
	cases := []struct {
		id   string
		want int
	}{
		{"T07_ShatteredMirror", 0},     // 5 Fame
		{"T32_WolfCage", 0},            // 3 Fame 1 Shard 3 Coins: above Walled (3/1/2), more Coins
		{"T29_PrisonBreak", 1},         // 3 Fame 0 Shards 3 Coins: below Walled, above Window (3/0/2)
		{"T02_RabbitFromTheTopHat", 2}, // 3 Fame 0 Shards 1 Coin: below Window
		{"T25_BarricadedBarrels", 3},   // 1 Fame 0 Shards: below Water Tank (1 Fame 1 Shard)
		{"T31_Walled", 1},              // equal Yield: right of the equal one
	}
	for _, c := range cases {
		if got := InsertSlot(board, trick(t, c.id)); got != c.want {
			t.Errorf("%s: slot %d, want %d", c.id, got, c.want)
		}
	}
}

// heir-solo-rules: DOWNTOWN steps 2 to 6, in order, never restarting.
func TestDowntown_Steps2to6(t *testing.T) {
	noLearn := tricks(t, "T31_Walled", "T29_PrisonBreak") // two Level 2 Tricks at 20 Fame
	cases := []struct {
		name    string
		level   difficulty.Level
		ap      int
		dice    Dice
		chars   Characters
		academy bool
		want    []string // rule of each step
		coins   int
		after   Characters
	}{
		{"step 2 hires a missing Specialist", difficulty.Easy, 1, Dice{"X", "X", "manager", "apprentice", "6", "X"},
			Characters{Specialists: []string{Assistant}, Apprentices: 1}, true, []string{"2"}, 0,
			Characters{Specialists: []string{Assistant, Manager}, Apprentices: 1}},
		{"step 2 skips an owned Specialist", difficulty.Easy, 1, Dice{"X", "X", "assistant", "apprentice", "6", "X"},
			Characters{Specialists: []string{Assistant}, Apprentices: 1}, true, []string{"3"}, 0,
			Characters{Specialists: []string{Assistant}, Apprentices: 2}},
		{"step 3 with 6 Characters and the Academy", difficulty.Easy, 1, Dice{"X", "X", "X", "apprentice", "6", "X"},
			Characters{Protege: true, Specialists: []string{Assistant, Manager}, Apprentices: 2}, true, []string{"3"}, 0,
			Characters{Protege: true, Specialists: []string{Assistant, Manager}, Apprentices: 3}},
		{"step 3 refused with 6 Characters without the Academy", difficulty.Easy, 1, Dice{"X", "X", "X", "apprentice", "6", "X"},
			Characters{Specialists: []string{Assistant, Manager}, Apprentices: 3}, false, []string{"4"}, 6,
			Characters{Specialists: []string{Assistant, Manager}, Apprentices: 3}},
		{"a Specialist hired in step 2 counts for step 3", difficulty.Normal, 5, Dice{"X", "X", "engineer", "apprentice", "4", "5"},
			Characters{Protege: true, Specialists: []string{Assistant, Manager}, Apprentices: 2}, true, []string{"2", "4", "5"}, 9,
			Characters{Protege: true, Specialists: []string{Assistant, Manager, Engineer}, Apprentices: 2}},
		{"step 6 after both Bank dice", difficulty.Hard, 5, Dice{"X", "X", "X", "apprentice", "4", "5"},
			Characters{Protege: true, Specialists: []string{Assistant, Manager}, Apprentices: 3}, true, []string{"4", "5", "6"}, 9,
			Characters{Protege: true, Specialists: []string{Assistant, Manager}, Apprentices: 4}},
		{"no Apprentice beyond 4", difficulty.Hard, 5, Dice{"X", "X", "X", "apprentice", "4", "5"},
			Characters{Specialists: []string{Assistant}, Apprentices: 4}, true, []string{"4", "5"}, 9,
			Characters{Specialists: []string{Assistant}, Apprentices: 4}},
		{"higher Bank die is the second", difficulty.Easy, 1, Dice{"X", "X", "X", "X", "3", "5"},
			Characters{Apprentices: 4}, true, []string{"4"}, 5, Characters{Apprentices: 4}},
		{"only the second Bank die", difficulty.Normal, 5, Dice{"X", "X", "X", "X", "X", "4"},
			Characters{Apprentices: 4}, true, []string{"4"}, 4, Characters{Apprentices: 4}},
		{"nothing to do", difficulty.Hard, 5, Dice{"X", "X", "assistant", "apprentice", "X", "X"},
			Characters{Specialists: []string{Assistant}, Apprentices: 4}, true, nil, 0,
			Characters{Specialists: []string{Assistant}, Apprentices: 4}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := DowntownState{Level: c.level, AP: c.ap, Dice: c.dice, Fame: 20, Favorite: trickerion.Optical,
				Tricks: noLearn, Characters: c.chars, Academy: c.academy, Residence: residenceWithout()}
			res, err := Downtown(s, rng(1))
			if err != nil {
				t.Fatal(err)
			}
			var rules []string
			for _, st := range res.Steps {
				rules = append(rules, st.Rule)
			}
			if !slices.Equal(rules, c.want) {
				t.Errorf("steps %v, want %v", rules, c.want)
			}
			if res.Coins != c.coins {
				t.Errorf("coins %d, want %d", res.Coins, c.coins)
			}
			if res.Characters.Total() != c.after.Total() || !slices.Equal(res.Characters.Specialists, c.after.Specialists) || res.Characters.Apprentices != c.after.Apprentices {
				t.Errorf("characters %+v, want %+v", res.Characters, c.after)
			}
			if !slices.Equal(s.Characters.Specialists, c.chars.Specialists) {
				t.Error("input Characters changed")
			}
		})
	}
}

func TestDowntown_InvalidDice(t *testing.T) {
	for _, d := range []Dice{
		{"X", "X", "X", "X", "2", "X"},
		{"wood", "X", "X", "X", "X", "X"},
		{"X", "X", "apprentice", "X", "X", "X"},
		{"", "X", "X", "X", "X", "X"},
	} {
		if _, err := Downtown(DowntownState{AP: 3, Dice: d}, rng(1)); err == nil {
			t.Errorf("dice %v accepted", d)
		}
	}
}

// Prophecy "Double Coins" (p02, affects the Heir too): heir-solo-rules
// DOWNTOWN steps 4 and 5 take twice the die.
func TestDowntown_Step4and5_DoubleCoinsProphecy(t *testing.T) {
	for _, c := range []struct {
		double bool
		want   int
	}{{false, 11}, {true, 22}} {
		s := DowntownState{Level: difficulty.Normal, AP: 4, Dice: Dice{"X", "X", "X", "X", "5", "6"}, Fame: 20,
			Tricks: tricks(t, "T31_Walled", "T29_PrisonBreak"), Characters: Characters{Apprentices: 4}, DoubleCoins: c.double}
		res, err := Downtown(s, rng(1))
		if err != nil {
			t.Fatal(err)
		}
		if res.Coins != c.want || res.Steps[0].Coins != c.want*6/11 {
			t.Errorf("double %v: %d Coins (first die %d), want %d", c.double, res.Coins, res.Steps[0].Coins, c.want)
		}
	}
}
