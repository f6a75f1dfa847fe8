package trickerion

import (
	"slices"
	"testing"
)

func TestLocations_IDsAndSlots(t *testing.T) {
	var ids []string
	for _, l := range Locations() {
		ids = append(ids, l.ID)
	}
	if want := []string{Downtown, MarketRow, DarkAlley, Academy, Theater, Workshop}; !slices.Equal(ids, want) {
		t.Fatalf("Location ids = %v, want %v", ids, want)
	}
	tests := []struct {
		id   string
		mods []int
	}{
		{Downtown, []int{2, 1, 1, 0}},
		{MarketRow, []int{2, 1, 1, 0}},
		{DarkAlley, []int{2, 1, 1, 0}},
		{Academy, []int{2, 1, 1, 0}}, // ERRATA: Academy slot modifiers
		{Theater, []int{1, 0, 0, -1}},
		{Workshop, []int{0, 0}},
	}
	for _, tt := range tests {
		l, _ := LocationByID(tt.id)
		if !slices.Equal(l.SlotModifiers, tt.mods) {
			t.Errorf("%s slot modifiers = %v, want %v", tt.id, l.SlotModifiers, tt.mods)
		}
	}
}

func TestLocations_MatchShared(t *testing.T) {
	for _, key := range []struct{ yaml, id string }{{"downtown", Downtown}, {"market_row", MarketRow}, {"dark_alley", DarkAlley}} {
		l, _ := LocationByID(key.id)
		line := lineWith(string(readShared(t, "locations_and_rules.yaml")), "  "+key.yaml+": ")
		if !contains(line, "{slots: 4, ap_modifiers: ["+ints(l.SlotModifiers, true)+"]}") {
			t.Errorf("%s: yaml line %q, embedded %v", key.id, line, l.SlotModifiers)
		}
	}
	a, _ := LocationByID(Academy)
	w, _ := LocationByID(Workshop)
	wantInShared(t, "locations_and_rules.yaml",
		"    ap_modifiers: ["+ints(a.SlotModifiers, true)+"]",
		"workshop:   {slots: 2, ap_modifiers: ["+ints(w.SlotModifiers, false)+"]",
		"ap_modifier_by_day: {thursday: +1, friday: 0, saturday: 0, sunday: -1}",
		"downtown: {learn_trick: 3, hire_character: 3, take_coins: 3, reroll_die: 1, set_die: 2,")
	if errata := readRules(t, "ERRATA.md"); !contains(errata, "four slots +2, +1, +1, +0") {
		t.Error("ERRATA no longer gives the Academy slots +2, +1, +1, +0")
	}
}

func TestLocations_ActionAP(t *testing.T) {
	tests := []struct {
		loc, action string
		ap          int
	}{
		{Downtown, "learn-trick", 3}, {Downtown, "set-die", 2}, {MarketRow, "quick-order", 2},
		{DarkAlley, "draw-further-cards", 2}, {Theater, "set-up-trick", 1}, {Academy, "renovate", 2},
	}
	for _, tt := range tests {
		l, _ := LocationByID(tt.loc)
		if ap, ok := l.ActionAP(tt.action); !ok || ap != tt.ap {
			t.Errorf("%s %s = %d, %v; want %d", tt.loc, tt.action, ap, ok, tt.ap)
		}
	}
}

func TestTheaterDays(t *testing.T) {
	days := TheaterDays()
	if len(days) != 4 || days[0].Day != "thursday" || days[3].Day != "sunday" {
		t.Fatalf("TheaterDays = %+v", days)
	}
	if days[0].YieldModifier != (Yield{Fame: -1, Coins: -1}) || days[3].YieldModifier != (Yield{Fame: 1, Coins: 1}) ||
		days[1].YieldModifier != (Yield{}) || days[0].BackstageSlots != 2 || days[0].PerformanceSlots != 1 {
		t.Errorf("TheaterDays = %+v", days)
	}
	for _, d := range days {
		if d.YieldModifier != WeekdayYieldModifier(d.Day) {
			t.Errorf("%s: locations and performance cards disagree: %+v vs %+v", d.Day, d.YieldModifier, WeekdayYieldModifier(d.Day))
		}
	}
}

func TestGameRules(t *testing.T) {
	r := GameRules()
	if r.BaseAP["magician"] != 3 || r.BaseAP["engineer"] != 2 || r.BaseAP["apprentice"] != 1 ||
		r.Wages["specialist"] != 2 || r.AdvertiseFame != 2 || r.TurnsSolo != 7 || len(r.Source) == 0 {
		t.Errorf("GameRules = %+v", r)
	}
	wantInShared(t, "locations_and_rules.yaml", "base_action_points: {magician: 3, engineer: 2, manager: 2, assistant: 2, apprentice: 1,",
		"turns: {base_game: 5, dark_alley_and_solo: 7,")
	// Component costs agree with the tiers of tricks.json.
	for c, cost := range r.ComponentCost {
		if ComponentTierCost(ComponentTier(c)) != cost {
			t.Errorf("component %s costs %d, its tier %s costs %d", c, cost, ComponentTier(c), ComponentTierCost(ComponentTier(c)))
		}
	}
	if len(r.ComponentCost) != 12 {
		t.Errorf("%d component costs, want 12", len(r.ComponentCost))
	}
}
