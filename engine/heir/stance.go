package heir

import (
	"tableside/engine"
	"tableside/engine/heir/difficulty"
	"tableside/engine/heir/locations"
)

// Stance is the Heir's stance: Ready when its revealed Plan card is a
// Perform card and it has at least one Trick of the highest Level available
// to it; Busy otherwise (heir-solo-rules: PLACE CHARACTER PHASE, stance).
func Stance(plan *PlanCard, fame int, tricks []string) string {
	return stance(plan, fame, len(tricks), func(i int) string { return tricks[i] })
}

// stance is Stance with the n Tricks' ids read through id.
func stance(plan *PlanCard, fame, n int, id func(int) string) string {
	if plan == nil || plan.Kind != Perform {
		return Busy
	}
	top := locations.FameLevel(fame)
	for i := range n {
		if t, ok := trickByID(id(i)); ok && t.Level == top {
			return Ready
		}
	}
	return Busy
}

// restance re-evaluates the stance at once (turn start, crossing 16/36
// Fame, a new Trick) and says when it changes.
func (m *match) restance() {
	h := &m.s.Heir
	s := stance(h.Plan, h.Fame, len(h.Tricks), func(i int) string { return h.Tricks[i].ID })
	if s == m.s.Heir.Stance {
		return
	}
	m.s.Heir.Stance = s
	if m.s.Heir.Plan != nil {
		m.emit("heir.stance", "heir.ev.stance."+s, nil, rule("PLACE CHARACTER PHASE", "stance"))
	}
}

// contested reports whether a Location is contested: both sides have at
// least one Character assigned there and not yet placed. The Theater is not
// contested if either side has only its Magician left there; the Workshop
// never is (heir-solo-rules: PLACE CHARACTER PHASE).
func contested(loc string, heirLeft, heirMagicianOnly, playerLeft, playerMagicianOnly bool) bool {
	switch {
	case loc == Workshop || !heirLeft || !playerLeft:
		return false
	case loc == Theater && (heirMagicianOnly || playerMagicianOnly):
		return false
	}
	return true
}

// Priorities is the Heir's Location priority list by stance (ERRATA):
// Ready: Theater (earliest day) > Downtown > Academy > Market Row > Dark
// Alley > Workshop; Busy: Downtown > Academy > Theater (latest day) > Market
// Row > Dark Alley > Workshop.
// The list is shared: callers must not change it.
func Priorities(stance string) []string {
	if stance != Ready {
		stance = Busy
	}
	return difficulty.Data().LocationPriority[stance]
}

// ClampAP turns the Heir's Action Points into the ones it resolves with and
// the Fame it gains: 6 AP resolve as 5 AP and 1 Fame (PLACE CHARACTER
// PHASE). Rules decision: each point above 5 is 1 Fame.
func ClampAP(ap int) (resolved, fame int) {
	if ap > 5 {
		return 5, ap - 5
	}
	return ap, 0
}

func stanceRule() *engine.RuleRef { return rule("PLACE CHARACTER PHASE", "stance") }
