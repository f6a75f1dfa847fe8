package trickerion

import (
	"maps"
	"testing"
)

func TestTricks_Counts(t *testing.T) {
	all := Tricks()
	if len(all) != 48 {
		t.Fatalf("Tricks() = %d, want 48", len(all))
	}
	ids := map[string]bool{}
	for _, tr := range all {
		if ids[tr.ID] {
			t.Errorf("duplicate trick id %s", tr.ID)
		}
		ids[tr.ID] = true
	}
	for _, c := range Categories {
		for level := 1; level <= 3; level++ {
			got := TricksOf(c, level)
			if len(got) != 4 {
				t.Errorf("TricksOf(%s, %d) = %d tricks, want 4", c, level, len(got))
			}
			for _, tr := range got {
				if tr.FameThreshold != FameThreshold(level) {
					t.Errorf("%s threshold %d, want %d", tr.ID, tr.FameThreshold, FameThreshold(level))
				}
			}
		}
	}
}

func TestTricks_FieldsValid(t *testing.T) {
	for _, tr := range Tricks() {
		if !tr.Category.Valid() || tr.Name == "" || tr.PrepareAP < 1 || tr.Markers < 1 || len(tr.Components) == 0 {
			t.Errorf("%s: bad fields %+v", tr.ID, tr)
		}
		for c, n := range tr.Components {
			if ComponentTier(c) == "" || n < 1 {
				t.Errorf("%s: component %s x%d", tr.ID, c, n)
			}
		}
		if (tr.Level == 3) != (tr.EndGameBonus != "") || (tr.Level == 3) != (tr.EndGameRule != nil) {
			t.Errorf("%s: level %d with end-game bonus %q", tr.ID, tr.Level, tr.EndGameBonus)
		}
		if len(tr.Source) == 0 {
			t.Errorf("%s: no source", tr.ID)
		}
	}
}

// Spot values: every trick equals the shared tricks.json entry.
func TestTricks_MatchShared(t *testing.T) {
	var shared struct {
		Tricks []struct {
			ID         string         `json:"id"`
			Category   Category       `json:"category"`
			Level      int            `json:"level"`
			Components map[string]int `json:"components"`
			PrepareAP  int            `json:"prepare_action_points"`
			Markers    int            `json:"trick_markers_prepared"`
			Yield      Yield          `json:"yield"`
			Bonus      *struct {
				Text string `json:"text_bga"`
			} `json:"endgame_bonus"`
			Source []string `json:"source"`
		} `json:"tricks"`
	}
	readSharedJSON(t, "tricks.json", &shared)
	all := Tricks()
	if len(all) != len(shared.Tricks) {
		t.Fatalf("%d tricks, shared has %d", len(all), len(shared.Tricks))
	}
	for i, s := range shared.Tricks {
		g := all[i]
		bonus := ""
		if s.Bonus != nil {
			bonus = s.Bonus.Text
		}
		if g.ID != s.ID || g.Category != s.Category || g.Level != s.Level || !maps.Equal(g.Components, s.Components) ||
			g.PrepareAP != s.PrepareAP || g.Markers != s.Markers || g.Yield != s.Yield || g.EndGameBonus != bonus ||
			len(g.Source) != len(s.Source) {
			t.Errorf("trick %d: got %+v, shared %+v", i, g, s)
		}
	}
}

func TestTricks_SpotValues(t *testing.T) {
	tests := []struct {
		id    string
		name  string
		yield Yield
	}{
		{"T01_EnchantedButterflies", "Enchanted Butterflies", Yield{Fame: 2}},
		{"T13_MindReading", "Mind Reading", Yield{Shards: 1}},
		{"T47_Automaton", "Automaton", Yield{Fame: 7, Coins: 7}},
	}
	for _, tt := range tests {
		tr, ok := TrickByID(tt.id)
		if !ok || tr.Name != tt.name || tr.Yield != tt.yield {
			t.Errorf("TrickByID(%s) = %+v, %v; want %s yielding %+v", tt.id, tr, ok, tt.name, tt.yield)
		}
	}
	if _, ok := TrickByID("nope"); ok {
		t.Error("TrickByID(nope) found a trick")
	}
}

// heir-solo-rules: SETUP step 5 and DOWNTOWN step 1a EXCEPTION: one Level 1
// Trick per category needs a single type of Basic Component.
func TestIsSingleComponentLevel1_OnePerCategory(t *testing.T) {
	want := map[Category]string{
		Optical: "T01_EnchantedButterflies", Spiritual: "T13_MindReading",
		Escape: "T25_BarricadedBarrels", Mechanical: "T37_LinkingRings",
	}
	for _, c := range Categories {
		var got []string
		for _, tr := range TricksOf(c, 1) {
			if IsSingleComponentLevel1(tr) {
				got = append(got, tr.ID)
			}
		}
		if len(got) != 1 || got[0] != want[c] {
			t.Errorf("%s: single-component Level 1 = %v, want [%s]", c, got, want[c])
		}
	}
	for _, tr := range append(TricksOf(Escape, 2), TricksOf(Escape, 3)...) {
		if IsSingleComponentLevel1(tr) {
			t.Errorf("%s (level %d) reported as single-component Level 1", tr.ID, tr.Level)
		}
	}
}

func TestComponentTier(t *testing.T) {
	tests := []struct{ component, tier string }{
		{"wood", TierBasic}, {"fabric", TierBasic}, {"rope", TierAdvanced},
		{"animal", TierAdvanced}, {"cog", TierSuperior}, {"mirror", TierSuperior}, {"gold", ""},
	}
	for _, tt := range tests {
		if got := ComponentTier(tt.component); got != tt.tier {
			t.Errorf("ComponentTier(%s) = %q, want %q", tt.component, got, tt.tier)
		}
	}
	for tier, cost := range map[string]int{TierBasic: 1, TierAdvanced: 2, TierSuperior: 3} {
		if got := ComponentTierCost(tier); got != cost || len(Components(tier)) != 4 {
			t.Errorf("tier %s: cost %d (want %d), %d types", tier, got, cost, len(Components(tier)))
		}
	}
}

func TestTricks_ReturnsCopies(t *testing.T) {
	a := Tricks()
	a[0].Components["fabric"] = 99
	a[0].Source[0] = "x"
	b, _ := TrickByID(a[0].ID)
	if b.Components["fabric"] == 99 || b.Source[0] == "x" {
		t.Error("mutating a returned Trick changed the shared data")
	}
}
