package locations

import (
	"slices"
	"testing"
)

// The rulebook's Market Row EXAMPLE: Metal, Wood and Padlock on the Shopping
// List; Metal and Wood are in the Market, so they are discarded; the Padlock
// goes onto the first empty Order slot. heir-solo-rules: MARKET ROW EXAMPLE.
func TestMarketRow_RulebookExample(t *testing.T) {
	s := MarketRowState{
		AP:           2,
		ShoppingList: []string{"metal", "wood", "padlock"},
		Market:       []string{"fabric", "glass", "metal", "wood"},
		OrderSlots:   []string{"", "", "", ""},
	}
	res := MarketRow(s, rng(1))
	if len(res.Steps) != 2 {
		t.Fatalf("steps %+v, want a discard and one order", res.Steps)
	}
	if d := res.Steps[0]; d.Kind != StepDiscardShopping || !slices.Equal(d.Components, []string{"metal", "wood"}) {
		t.Errorf("discard step %+v, want metal and wood", d)
	}
	if o := res.Steps[1]; o.Kind != StepOrder || o.Component != "padlock" || o.Slot != 0 {
		t.Errorf("order step %+v, want padlock on slot 0", o)
	}
	if !slices.Equal(res.ShoppingList, []string{"padlock"}) {
		t.Errorf("shopping list %v, want padlock", res.ShoppingList)
	}
	if !slices.Equal(res.OrderSlots, []string{"padlock", "", "", ""}) {
		t.Errorf("order slots %v", res.OrderSlots)
	}
}

// heir-solo-rules: MARKET ROW step 2 and its three stop conditions.
func TestMarketRow_Step2_StopConditions(t *testing.T) {
	cases := []struct {
		name   string
		ap     int
		list   []string
		market []string
		slots  []string
		want   int // components ordered
		slotAt []int
	}{
		{"stops at Action Points", 2, []string{"rope", "saw", "cog", "mirror"}, nil, []string{"", "", "", ""}, 2, []int{0, 1}},
		{"stops when no Order slot is empty", 5, []string{"rope", "saw", "cog", "mirror"}, nil, []string{"glass", "", "wood", ""}, 2, []int{1, 3}},
		{"stops when every list item is in the Order Area", 5, []string{"rope", "saw", "cog"}, nil, []string{"saw", "", "", ""}, 2, []int{1, 2}},
		{"Quick Order counts as in the Market", 3, []string{"rope", "cog"}, []string{"wood", "cog"}, []string{"", "", "", ""}, 1, []int{0}},
		{"empty list orders nothing", 5, nil, nil, []string{"", "", "", ""}, 0, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := MarketRow(MarketRowState{AP: c.ap, ShoppingList: c.list, Market: c.market, OrderSlots: c.slots}, rng(3))
			got := res.Ordered()
			if len(got) != c.want {
				t.Fatalf("ordered %v, want %d components", got, c.want)
			}
			var slots []int
			for _, s := range res.Steps {
				if s.Kind == StepOrder {
					slots = append(slots, s.Slot)
					if !slices.Contains(c.list, s.Component) || slices.Contains(c.market, s.Component) {
						t.Errorf("ordered %s, not a missing Shopping List component", s.Component)
					}
				}
			}
			if !slices.Equal(slots, c.slotAt) {
				t.Errorf("order slots used %v, want %v", slots, c.slotAt)
			}
			seen := map[string]bool{}
			for _, o := range res.OrderSlots {
				if o != "" && seen[o] && !slices.Contains(c.slots, o) {
					t.Errorf("%s ordered twice", o)
				}
				seen[o] = true
			}
			if slices.Equal(c.slots, res.OrderSlots) != (c.want == 0) {
				t.Error("input Order slots changed or result not updated")
			}
		})
	}
}

// heir-solo-rules: MARKET ROW step 2, "Randomly select": every candidate
// can be picked first.
func TestMarketRow_Step2_RandomPick(t *testing.T) {
	seen := map[string]bool{}
	for seed := range uint64(100) {
		res := MarketRow(MarketRowState{AP: 1, ShoppingList: []string{"rope", "saw", "cog"}, OrderSlots: []string{"", "", "", ""}}, rng(seed))
		seen[res.Ordered()[0]] = true
	}
	if len(seen) != 3 {
		t.Errorf("first orders seen %v, want all three", seen)
	}
}
