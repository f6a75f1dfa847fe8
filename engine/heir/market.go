package heir

import (
	"slices"
	"strings"

	"tableside/engine"
	"tableside/engine/heir/locations"
	"tableside/engine/trickerion"
)

// OrderSlots is the size of the Market's Order Area.
const OrderSlots = 4

// actMarketRow resolves the Heir's MARKET ROW action: one question on
// where its Shopping List components are (in the Market or Quick Order
// slot, or already in the Order Area), then steps 1-2.
func (m *match) actMarketRow(ap int) {
	market, ordered := m.askMarket()
	slots := make([]string, OrderSlots)
	copy(slots[copy(slots, m.s.Heir.Orders):], ordered)
	res := locations.MarketRow(locations.MarketRowState{AP: ap, ShoppingList: m.s.Heir.Shopping, // read only
		Market: market, OrderSlots: slots}, m.t.Rand())
	m.s.Heir.Shopping = res.ShoppingList
	for i := range res.Steps {
		s := &res.Steps[i]
		if s.Kind == locations.StepOrder {
			m.s.Heir.Orders = append(m.s.Heir.Orders, s.Component)
		}
		m.stepEvent("MARKET ROW", s)
	}
	m.ackSteps("act.market", "MARKET ROW", res.Steps)
}

// askMarket asks which Shopping List components are in the Market (offer
// or Quick Order) and which the player has in the Order Area.
func (m *match) askMarket() (market, ordered []string) {
	opts := m.marketOptions()
	if len(opts) == 0 {
		return nil, nil
	}
	room := OrderSlots - len(m.s.Heir.Orders)
	got := m.choose(engine.Prompt{ID: "act.market", Key: "heir.ask.market", Options: opts, Min: 1,
		Max: len(opts), None: true, Rule: rule("MARKET ROW", "1")})
	for _, id := range got {
		where, c, _ := strings.Cut(id, ".")
		if where == "market" {
			market = append(market, c)
		} else if len(ordered) < room && !slices.Contains(market, c) {
			ordered = append(ordered, c)
		}
	}
	return market, ordered
}

// marketOptions are the Shopping List's options: in the Market, ordered.
func (m *match) marketOptions() []engine.Option {
	var buf [optionsOnStack]engine.Option
	opts := buf[:0]
	for _, c := range m.s.Heir.Shopping {
		opts = append(opts, options().marketAt(c, false))
		if !slices.Contains(m.s.Heir.Orders, c) {
			opts = append(opts, options().marketAt(c, true))
		}
	}
	return sized(opts)
}

// actDarkAlley resolves the Heir's DARK ALLEY action: the coin flip on the
// Prophecies, then Special Assignment cards of its scarcest colours.
func (m *match) actDarkAlley(ap int) {
	held := map[string]int{}
	for k, v := range m.s.Heir.SA {
		held[k] = max(0, v)
	}
	res := locations.DarkAlley(locations.DarkAlleyState{Level: m.level(), AP: ap, Academy: m.s.Options.Academy,
		Priestess: m.s.Heir.Ability == trickerion.PriestessOfMysticism, Held: held}, m.t.Rand())
	for i := range res.Steps {
		s := &res.Steps[i]
		if s.Kind == locations.StepDrawAssignment {
			m.s.Heir.SA[s.Location]++
		}
		m.stepEvent("DARK ALLEY", s)
	}
	m.ackSteps("act.darkalley", "DARK ALLEY", res.Steps)
}
