package academy

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"tableside/engine/heir/difficulty"
)

// exampleSteps12Board is a Turn IV board where the most expensive 16-Fame
// ratios left are CR1 and PR4 (7 Coins, 5 Fame each): CR3 and CR4 (Turns
// I-III) and PR3 are renovated.
func exampleSteps12Board(t *testing.T) Board {
	var b Board
	put(t, &b, "CR3", 1, taken(), free(AbilityNone))
	put(t, &b, "CR4", 1, taken(), free(AbilityNone))
	put(t, &b, "PR3", 1, taken(), free(AbilityOther))
	return b
}

// heir-solo-rules: ACADEMY, EXAMPLE (STEPS 1-2). 18 Fame, the Protégé with
// one Secret (2 AP) on the +2 slot: 4 AP, Easy: 2 Actions. Fewer than two
// Secrets: a Secret by coin flip, replacing the Protégé disk. Equal Banners:
// Renovate; 6 Coins: the most expensive space, a Practice Room with a 16
// Fame Threshold, +5 Fame (18 → 23); Turn IV: 3 Banners; the 6 Coins are
// discarded.
func TestAcademy_ExampleSteps1to2(t *testing.T) {
	if got := ProtegeAP(1) + 2; got != 4 {
		t.Fatalf("Protégé with 1 Secret on the +2 slot has %d AP, want 4", got)
	}
	in := Input{
		Turn: 4, Level: difficulty.Easy, AP: 4,
		Tricks: []string{"a", "b"},
		State: State{
			Fame: 18, Coins: 6, Secrets: 1,
			Banners: Banners{HeirPlaced: 4, PlayerPlaced: 4, HeirLeft: 8, PlayerLeft: 8},
			Board:   exampleSteps12Board(t),
		},
	}
	flip := rand.New(rand.NewPCG(3, 4)).IntN(2)
	a, err := Start(in, rand.New(rand.NewPCG(3, 4)))
	if err != nil {
		t.Fatal(err)
	}
	steps, req := a.Run()
	if len(steps) != 2 {
		t.Fatalf("steps %+v, want Secret and Renovate", steps)
	}
	sec, ren := steps[0], steps[1]
	wantSlot := SecretTop
	if flip == 1 {
		wantSlot = SecretBottom
	}
	if sec.Kind != LearnSecret || sec.Secret != wantSlot || sec.Secrets != 2 || sec.ProtegeAP != 3 || sec.Disk != DiskReplace {
		t.Errorf("Secret step %+v, want the %v Secret, 2 Secrets, Protégé 3 AP, disk replaced", sec, wantSlot)
	}
	if ren.Kind != Renovate || ren.Forced || spaces[ren.Renovation.Space].ID != "PR4" ||
		ren.Renovation.Threshold() != 16 || ren.Fame != 5 || ren.BannersPlaced != 3 || ren.CoinsDiscarded != 6 {
		t.Errorf("Renovate step %+v, want PR4 at 16 Fame Threshold, +5 Fame, 3 Banners, 6 Coins discarded", ren)
	}
	if req == nil || req.Kind != PracticeRoom || req.Threshold != 16 || spaces[req.Space].ID != "PR4" {
		t.Fatalf("tile request %+v, want a 16-Threshold Practice Room for PR4", req)
	}
	if err := a.PlaceTile([]Slot{free(AbilityExtraMarker), free(AbilityDecreasePrepAP)}); err != nil {
		t.Fatal(err)
	}
	if more, req := a.Run(); len(more) != 0 || req != nil || !a.Done() {
		t.Errorf("after 2 Actions: steps %+v, request %+v, done %v", more, req, a.Done())
	}
	s := a.State()
	if s.Fame != 23 || s.Coins != 0 || s.Secrets != 2 || s.Banners.HeirPlaced != 7 || s.Banners.HeirLeft != 5 {
		t.Errorf("state %+v, want 23 Fame, 0 Coins, 2 Secrets, 7 Banners placed, 5 left", s)
	}
	if in.State.Board.Rooms[idx(t, "PR4")].Tile != nil {
		t.Error("Start changed the caller's Board")
	}
	if fin := a.Finish(); !reflect.DeepEqual(fin, s) {
		t.Errorf("Finish %+v, State %+v", fin, s)
	}
}

// exampleSteps34 is heir-solo-rules: ACADEMY, EXAMPLE (STEPS 3-4): two
// Tricks not in the Academy, one Academy marker to place. The Practice Room
// of highest Threshold has two free slots that decrease Preparation costs.
func exampleSteps34(t *testing.T, turn int) Input {
	var b Board
	put(t, &b, "CR3", 1, free(AbilityNone), free(AbilityNone))
	put(t, &b, "CR4", 16, taken(), free(AbilityNone))
	put(t, &b, "PR3", 1, free(AbilityNone), heirOn("middle"))
	put(t, &b, "PR4", 36, free(AbilityDecreasePrepAP), free(AbilityDecreasePrepComponents))
	put(t, &b, "PR1", 16, taken(), free(AbilityTwicePerCard))
	return Input{
		Turn: turn, Level: difficulty.Normal, AP: 2,
		Tricks: []string{"left", "middle", "right"},
		State: State{
			Fame: 30, Coins: 3, Secrets: 2,
			Banners: Banners{HeirPlaced: 7, PlayerPlaced: 3, HeirLeft: 5, PlayerLeft: 9},
			Board:   b,
		},
	}
}

func TestAcademy_ExampleSteps3to4(t *testing.T) {
	cases := []struct {
		name    string
		turn    int
		kind    StepKind
		trick   string
		space   string
		slot    int
		ability Ability
	}{
		// Even turn: Practice first, leftmost Trick, highest Threshold
		// ignoring the slots that decrease Preparation cost.
		{name: "even turn", turn: 4, kind: Practice, trick: "left", space: "PR1", slot: 1, ability: AbilityTwicePerCard},
		// Odd turn: Teach first, rightmost Trick, highest-Threshold
		// Classroom, first available slot from the top.
		{name: "odd turn", turn: 5, kind: Teach, trick: "right", space: "CR4", slot: 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			steps, _, err := Resolve(exampleSteps34(t, c.turn), seeded(), twoFreeSlots)
			if err != nil {
				t.Fatal(err)
			}
			if len(steps) != 1 {
				t.Fatalf("steps %+v, want one placement", steps)
			}
			s := steps[0]
			if s.Kind != c.kind || s.Trick != c.trick || spaces[s.Space].ID != c.space || s.Slot != c.slot || s.Ability != c.ability {
				t.Errorf("got %v %s on %s slot %d (%v), want %v %s on %s slot %d (%v)",
					s.Kind, s.Trick, spaces[s.Space].ID, s.Slot, s.Ability, c.kind, c.trick, c.space, c.slot, c.ability)
			}
		})
	}
}

// heir-solo-rules: ACADEMY, IMPORTANT: "do NOT restart from step 1". With 3
// Actions and no Secret yet, the Heir takes one Secret, Renovates, then
// Teaches (odd turn) — not a second Secret.
func TestAcademy_NoRestart(t *testing.T) {
	var b Board
	put(t, &b, "CR3", 1, taken(), free(AbilityNone))
	in := Input{
		Turn: 3, Level: difficulty.Hard, AP: 5,
		Tricks: []string{"x", "y"},
		State: State{
			Fame: 10, Coins: 2,
			Banners: Banners{HeirPlaced: 0, PlayerPlaced: 4, HeirLeft: 12, PlayerLeft: 8},
			Board:   b,
		},
	}
	steps, s, err := Resolve(in, seeded(), twoFreeSlots)
	if err != nil {
		t.Fatal(err)
	}
	want := []StepKind{LearnSecret, Renovate, Teach}
	if !sameKinds(kinds(steps), want) {
		t.Fatalf("steps %v, want %v", kinds(steps), want)
	}
	// 2 Coins: the cheapest, PR3 (3 Coins) on Turn III; the Teach puts
	// the rightmost Trick in CR3's free slot.
	if spaces[steps[1].Renovation.Space].ID != "PR3" {
		t.Errorf("renovated %s, want PR3 (cheapest)", spaces[steps[1].Renovation.Space].ID)
	}
	if steps[2].Trick != "y" || spaces[steps[2].Space].ID != "CR3" || steps[2].Slot != 1 {
		t.Errorf("Teach %+v, want y on CR3 slot 1", steps[2])
	}
	if s.Secrets != 1 || s.Banners.HeirPlaced != 3 {
		t.Errorf("state %+v, want 1 Secret and 3 Banners placed", s)
	}
}

// fullBoard has every open Turn III space renovated with full tiles except
// CR4, which is empty.
func fullExceptCR4(t *testing.T) Board {
	var b Board
	put(t, &b, "CR3", 1, taken(), heirOn("old"))
	put(t, &b, "PR3", 1, taken(), taken())
	put(t, &b, "PR4", 16, taken(), free(AbilityDecreasePrepComponents))
	return b
}

// heir-solo-rules: ACADEMY 5: with spare Actions and Teach and Practice both
// impossible, the Heir Renovates even with more Banners than the player,
// then goes on with Teach and Practice in alternation (odd turn: Teach
// first; Practice impossible, so Teach again).
func TestAcademy_Step5_ForcedRenovateThenAlternate(t *testing.T) {
	in := Input{
		Turn: 3, Level: difficulty.Hard, AP: 5,
		Tricks: []string{"old", "p", "q"},
		State: State{
			Fame: 20, Coins: 2, Secrets: 2,
			Banners: Banners{HeirPlaced: 8, PlayerPlaced: 3, HeirLeft: 4, PlayerLeft: 9},
			Board:   fullExceptCR4(t),
		},
	}
	steps, s, err := Resolve(in, seeded(), twoFreeSlots)
	if err != nil {
		t.Fatal(err)
	}
	want := []StepKind{Renovate, Teach, Teach}
	if !sameKinds(kinds(steps), want) {
		t.Fatalf("steps %v, want %v", kinds(steps), want)
	}
	r := steps[0]
	// 2 Coins: the cheapest ratio of CR4 above Fame 20: 4 Coins, 1 Fame.
	if !r.Forced || spaces[r.Renovation.Space].ID != "CR4" || r.Renovation.Tier != 0 || r.Fame != 1 {
		t.Errorf("renovate %+v, want forced CR4 at Threshold 1 (+1 Fame)", r)
	}
	if steps[1].Trick != "q" || steps[1].Slot != 0 || steps[2].Trick != "p" || steps[2].Slot != 1 {
		t.Errorf("teaches %+v %+v, want q on the top slot then p", steps[1], steps[2])
	}
	if s.Fame != 21 || s.Coins != 0 || s.Banners.HeirPlaced != 11 {
		t.Errorf("state %+v", s)
	}
}

// heir-solo-rules: ACADEMY 5, even turn: the alternation starts with
// Practice; when it fails the other placement is tried.
func TestAcademy_Step5_AlternationEvenTurn(t *testing.T) {
	var b Board
	put(t, &b, "CR3", 1, free(AbilityNone), free(AbilityNone))
	put(t, &b, "PR3", 1, free(AbilityNone), free(AbilityExtraMarker))
	in := Input{
		Turn: 2, Level: difficulty.Hard, AP: 5,
		Tricks: []string{"a", "b", "c", "d"},
		State: State{
			Fame: 10, Secrets: 2,
			Banners: Banners{HeirPlaced: 4, PlayerPlaced: 0, HeirLeft: 8, PlayerLeft: 12},
			Board:   b,
		},
	}
	steps, _, err := Resolve(in, seeded(), twoFreeSlots)
	if err != nil {
		t.Fatal(err)
	}
	type pl struct {
		kind  StepKind
		trick string
		space string
		slot  int
		extra bool
	}
	want := []pl{
		{Practice, "a", "PR3", 0, false},
		{Teach, "d", "CR3", 0, false},
		{Practice, "b", "PR3", 1, true},
	}
	if len(steps) != len(want) {
		t.Fatalf("steps %v, want %d placements", kinds(steps), len(want))
	}
	for i, w := range want {
		s := steps[i]
		got := pl{s.Kind, s.Trick, spaces[s.Space].ID, s.Slot, s.ExtraMarker}
		if got != w {
			t.Errorf("step %d: %+v, want %+v", i, got, w)
		}
	}
}

// heir-solo-rules: ACADEMY 5: with nothing possible, not even a Renovate
// (no Banner left), the remaining Actions are lost.
func TestAcademy_Step5_ActionsLost(t *testing.T) {
	in := Input{
		Turn: 3, Level: difficulty.Hard, AP: 5,
		Tricks: []string{"old"},
		State: State{
			Fame: 20, Secrets: 2,
			Banners: Banners{HeirPlaced: 12, PlayerPlaced: 3, HeirLeft: 0, PlayerLeft: 8},
			Board:   fullExceptCR4(t),
		},
	}
	a, err := Start(in, seeded())
	if err != nil {
		t.Fatal(err)
	}
	steps, req := a.Run()
	if len(steps) != 0 || req != nil || !a.Done() {
		t.Errorf("steps %+v request %+v done %v, want nothing and done", steps, req, a.Done())
	}
}

// heir-solo-rules: ACADEMY 2: the Heir Renovates only with equal or fewer
// Banners than the player and at least one Banner left.
func TestAcademy_Step2_RenovateConditions(t *testing.T) {
	cases := []struct {
		name          string
		heir, player  int
		left          int
		renovateFirst bool
		fame          int
	}{
		{name: "fewer Banners", heir: 3, player: 4, left: 9, fame: 10, renovateFirst: true},
		{name: "equal Banners", heir: 4, player: 4, left: 8, fame: 10, renovateFirst: true},
		{name: "more Banners", heir: 5, player: 4, left: 7, fame: 10},
		{name: "no Banner left", heir: 0, player: 0, left: 0, fame: 10},
		{name: "Fame 1 exceeds no Threshold", heir: 0, player: 0, left: 12, fame: 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var b Board
			put(t, &b, "CR3", 1, free(AbilityNone), free(AbilityNone))
			in := Input{Turn: 1, Level: difficulty.Easy, AP: 1, Tricks: []string{"a"},
				State: State{Fame: c.fame, Secrets: 2, Board: b,
					Banners: Banners{HeirPlaced: c.heir, PlayerPlaced: c.player, HeirLeft: c.left, PlayerLeft: 12}}}
			steps, _, err := Resolve(in, seeded(), twoFreeSlots)
			if err != nil {
				t.Fatal(err)
			}
			if len(steps) != 1 {
				t.Fatalf("steps %v, want one Action", kinds(steps))
			}
			if got := steps[0].Kind == Renovate; got != c.renovateFirst {
				t.Errorf("first Action %v, renovate wanted: %v", steps[0].Kind, c.renovateFirst)
			}
		})
	}
}

// academy-rules: RENOVATE, IMPORTANT: placing the last Banner makes the
// other side return one unused Banner; fewer Banners left than the turn's
// number: place as many as possible.
func TestAcademy_Renovate_LastBanner(t *testing.T) {
	cases := []struct {
		name             string
		left, playerLeft int
		placed           int
		returned         bool
		playerLeftAfter  int
	}{
		{name: "2 left on Turn I", left: 2, playerLeft: 5, placed: 2, returned: true, playerLeftAfter: 4},
		{name: "4 left on Turn I", left: 4, playerLeft: 5, placed: 4, returned: true, playerLeftAfter: 4},
		{name: "player has none left", left: 4, playerLeft: 0, placed: 4, returned: false, playerLeftAfter: 0},
		{name: "5 left on Turn I", left: 5, playerLeft: 5, placed: 4, returned: false, playerLeftAfter: 5},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in := Input{Turn: 1, Level: difficulty.Easy, AP: 1,
				State: State{Fame: 5, Secrets: 2,
					Banners: Banners{HeirLeft: c.left, PlayerLeft: c.playerLeft}}}
			steps, s, err := Resolve(in, seeded(), twoFreeSlots)
			if err != nil {
				t.Fatal(err)
			}
			if len(steps) != 1 || steps[0].BannersPlaced != c.placed || steps[0].PlayerBannerReturned != c.returned ||
				s.Banners.PlayerLeft != c.playerLeftAfter {
				t.Errorf("steps %+v state %+v", steps, s.Banners)
			}
		})
	}
}

// heir-solo-rules: Geert van Augustin: the most expensive renovation
// whatever the Coins, and 1 Shard per renovation.
func TestAcademy_Renovate_Geert(t *testing.T) {
	in := Input{Turn: 1, Level: difficulty.Easy, AP: 1, Geert: true,
		State: State{Fame: 5, Coins: 1, Shards: 2, Secrets: 2, Banners: Banners{HeirLeft: 12, PlayerLeft: 12}}}
	steps, s, err := Resolve(in, seeded(), twoFreeSlots)
	if err != nil {
		t.Fatal(err)
	}
	if len(steps) != 1 || spaces[steps[0].Renovation.Space].ID != "CR3" || steps[0].Shards != 1 ||
		steps[0].CoinsDiscarded != 1 || s.Shards != 3 || s.Fame != 9 {
		t.Errorf("steps %+v state %+v, want CR3 (+4 Fame), 1 Shard, 1 Coin discarded", steps, s)
	}
}

// heir-solo-rules: ACADEMY 1: fewer than 2 Secrets: take one by coin flip;
// when only one Secret is left on the board the Heir takes it; with none
// left or 2 Secrets learned the step is skipped.
func TestAcademy_Step1_Secret(t *testing.T) {
	cases := []struct {
		name    string
		secrets int
		taken   SecretsTaken
		learn   bool
		slot    SecretSlot
		disk    Disk
	}{
		{name: "only bottom left", secrets: 0, taken: SecretsTaken{Top: true}, learn: true, slot: SecretBottom, disk: DiskFlip},
		{name: "only top left", secrets: 1, taken: SecretsTaken{Bottom: true}, learn: true, slot: SecretTop, disk: DiskReplace},
		{name: "none left", secrets: 0, taken: SecretsTaken{Top: true, Bottom: true}},
		{name: "two Secrets", secrets: 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in := Input{Turn: 1, Level: difficulty.Easy, AP: 1, Tricks: []string{"a"},
				State: State{Fame: 5, Secrets: c.secrets, SecretsTaken: c.taken, Banners: Banners{HeirLeft: 12, HeirPlaced: 1}}}
			steps, _, err := Resolve(in, seeded(), twoFreeSlots)
			if err != nil {
				t.Fatal(err)
			}
			learned := len(steps) == 1 && steps[0].Kind == LearnSecret
			if learned != c.learn || (learned && (steps[0].Secret != c.slot || steps[0].Disk != c.disk)) {
				t.Errorf("steps %+v, want learn=%v %v %v", steps, c.learn, c.slot, c.disk)
			}
		})
	}
}

// heir-solo-rules: ACADEMY 1: the coin flip takes the top or the bottom
// Secret; over many seeds both happen.
func TestAcademy_Step1_CoinFlip(t *testing.T) {
	seen := map[SecretSlot]int{}
	for seed := range uint64(40) {
		in := Input{Turn: 1, Level: difficulty.Easy, AP: 1, State: State{Fame: 5}}
		steps, _, err := Resolve(in, rand.New(rand.NewPCG(seed, 1)), twoFreeSlots)
		if err != nil || len(steps) != 1 {
			t.Fatalf("seed %d: %v %+v", seed, err, steps)
		}
		seen[steps[0].Secret]++
	}
	if seen[SecretTop] == 0 || seen[SecretBottom] == 0 {
		t.Errorf("coin flips %v, want both sides", seen)
	}
}

func TestAcademy_InputErrors(t *testing.T) {
	var wrongKind Board
	wrongKind.Rooms[0].Tile = &Tile{Kind: PracticeRoom, Threshold: 1, Slots: []Slot{{}}}
	cases := []struct {
		name string
		in   Input
	}{
		{"turn 0", Input{Turn: 0}},
		{"turn 8", Input{Turn: 8}},
		{"repeated Trick", Input{Turn: 1, Tricks: []string{"a", "a"}}},
		{"negative Coins", Input{Turn: 1, State: State{Coins: -1}}},
		{"Practice Room tile on a Classroom space", Input{Turn: 1, State: State{Board: wrongKind}}},
	}
	for _, c := range cases {
		if _, err := Start(c.in, seeded()); err == nil {
			t.Errorf("%s: no error", c.name)
		}
	}
	if _, err := Start(Input{Turn: 1}, nil); err == nil {
		t.Error("nil random source: no error")
	}
}

func TestAcademy_PlaceTileErrors(t *testing.T) {
	in := Input{Turn: 1, Level: difficulty.Easy, AP: 1, State: State{Fame: 5, Secrets: 2, Banners: Banners{HeirLeft: 12}}}
	a, err := Start(in, seeded())
	if err != nil {
		t.Fatal(err)
	}
	if err := a.PlaceTile([]Slot{{}}); err == nil {
		t.Error("PlaceTile before any request: no error")
	}
	if _, req := a.Run(); req == nil {
		t.Fatal("no tile request")
	}
	if err := a.PlaceTile(nil); err == nil {
		t.Error("a tile without slots: no error")
	}
	if err := a.PlaceTile([]Slot{taken()}); err == nil {
		t.Error("a drawn tile with a marker: no error")
	}
	if a.Done() {
		t.Error("done while the tile is still awaited")
	}
}
