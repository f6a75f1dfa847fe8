package academy

import "testing"

// heir-solo-rules: CLASSROOM PHASE: the Heir receives the full Yield of its
// Tricks in Classrooms, regardless of slot modifiers; Tricks in Practice
// Rooms and the player's markers yield it nothing. Professor Bernard: +3
// Coins per marker in the Classrooms, regardless of owner.
func TestClassroomPhase_FullYieldAndBernard(t *testing.T) {
	var b Board
	put(t, &b, "CR3", 16, heirOn("t1"), taken())
	put(t, &b, "CR4", 1, free(AbilityNone), heirOn("t2"))
	put(t, &b, "PR3", 1, heirOn("t3"), taken())
	yields := map[string]Yield{
		"t1": {Fame: 4, Coins: 1},
		"t2": {Coins: 3, Shards: 1},
		"t3": {Fame: 9},
	}
	cases := []struct {
		name    string
		bernard bool
		coins   int
		want    Yield
	}{
		{name: "any Magician", want: Yield{Fame: 4, Coins: 4, Shards: 1}},
		{name: "Professor Bernard, 3 markers", bernard: true, coins: 9, want: Yield{Fame: 4, Coins: 13, Shards: 1}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, err := ClassroomPhase(b, yields, c.bernard)
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Tricks) != 2 || res.Tricks[0].Trick != "t1" || res.Tricks[1].Trick != "t2" {
				t.Errorf("tricks %+v, want t1 then t2", res.Tricks)
			}
			if res.BernardCoins != c.coins || res.Total != c.want {
				t.Errorf("got %+v, want Bernard %d total %+v", res, c.coins, c.want)
			}
		})
	}
	if _, err := ClassroomPhase(b, map[string]Yield{"t1": {}}, false); err == nil {
		t.Error("missing Yield of t2: no error")
	}
}

// heir-solo-rules: Anjali: 2 Coins per Secret of the Protégé.
func TestAnjali_CoinsPerSecret(t *testing.T) {
	for secrets, want := range []int{0, 2, 4} {
		if got := AnjaliCoins(secrets); got != want {
			t.Errorf("AnjaliCoins(%d) = %d, want %d", secrets, got, want)
		}
	}
}

// academy-rules: GAME END: 2 players, more Banners: 8 Fame; tie: no Fame;
// no Banner placed: no Fame.
func TestEndGame_BannerMajority(t *testing.T) {
	cases := []struct {
		heir, player int
		winner       Side
		fame         int
	}{
		{9, 6, HeirSide, 8},
		{6, 9, PlayerSide, 8},
		{7, 7, NoSide, 0},
		{0, 0, NoSide, 0},
		{0, 3, PlayerSide, 8},
	}
	for _, c := range cases {
		w, f := BannerMajority(c.heir, c.player)
		if w != c.winner || f != c.fame {
			t.Errorf("BannerMajority(%d, %d) = %v %d, want %v %d", c.heir, c.player, w, f, c.winner, c.fame)
		}
	}
}
