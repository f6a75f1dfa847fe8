package locations

import (
	"math/rand/v2"
	"slices"
)

// MarketRowState is what the Heir's Market Row action reads. Market is a
// table fact the FLOW asks for.
type MarketRowState struct {
	AP           int      // Action Points the Heir arrived with
	ShoppingList []string // component types on the Heir's Shopping List
	Market       []string // component types in the Market now, the Quick Order slot included
	OrderSlots   []string // the Order Area, left to right then top to bottom; "" = empty
}

// MarketRowResult is what the Heir's Market Row action did and the state
// after.
type MarketRowResult struct {
	Steps        []Step
	ShoppingList []string
	OrderSlots   []string
}

// Ordered lists the components the Heir ordered, in order.
func (r MarketRowResult) Ordered() []string {
	var out []string
	for _, s := range r.Steps {
		if s.Kind == StepOrder {
			out = append(out, s.Component)
		}
	}
	return out
}

// MarketRow resolves the Heir's Market Row action (heir-solo-rules: MARKET
// ROW):
//  1. every Shopping List component present in the Market (Quick Order slot
//     included) is discarded from the list (one StepDiscardShopping);
//  2. a random Shopping List component goes onto the first empty Order slot
//     (StepOrder, Slot = index in OrderSlots), repeated until no Order slot
//     is empty, every Shopping List component is in the Order Area, or the
//     Heir has ordered as many components as its Action Points.
//
// Rules decision: the random pick is among the Shopping List components not
// yet in the Order Area, so nothing is ordered twice (that is what the stop
// condition "every Component ... is present in the Order Area" implies). An
// ordered component stays on the Shopping List: it leaves it at a later
// visit, once the order has arrived in the Market (step 1).
func MarketRow(s MarketRowState, r *rand.Rand) MarketRowResult {
	res := MarketRowResult{OrderSlots: slices.Clone(s.OrderSlots)}
	var gone []string
	for _, c := range s.ShoppingList {
		if slices.Contains(s.Market, c) {
			gone = append(gone, c)
		} else {
			res.ShoppingList = append(res.ShoppingList, c)
		}
	}
	if len(gone) > 0 {
		res.Steps = append(res.Steps, Step{Kind: StepDiscardShopping, Rule: "1", Components: gone})
	}
	var buf [16]string
	for n := 0; n < s.AP; n++ {
		slot := slices.Index(res.OrderSlots, "")
		wanted := slices.DeleteFunc(append(buf[:0], res.ShoppingList...), func(c string) bool { return slices.Contains(res.OrderSlots, c) })
		if slot < 0 || len(wanted) == 0 {
			break
		}
		c := wanted[r.IntN(len(wanted))]
		res.OrderSlots[slot] = c
		res.Steps = append(res.Steps, Step{Kind: StepOrder, Rule: "2", Component: c, Slot: slot})
	}
	return res
}
