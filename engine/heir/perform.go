package heir

import (
	"tableside/engine"
	"tableside/engine/heir/difficulty"
)

// performance runs the PERFORMANCE PHASE: Magicians on Performance spots
// perform by weekday (Yoruba Spiritmaster: the Heir always first).
func (m *match) performance() {
	m.s.Phase = "perform"
	if m.s.Player.MagTheater && m.s.Player.PerformDay == "" {
		m.askPerformDay()
	}
	for _, who := range m.performOrder() {
		if who == HeirOf {
			m.heirPerforms()
		} else {
			m.playerPerforms()
		}
	}
}

// askPerformDay asks on which weekday the player's Magician performs, when
// it was placed after the Heir had finished placing.
func (m *match) askPerformDay() {
	got := m.choose(engine.Prompt{ID: "perform.day", Key: "heir.ask.performday", Options: m.theaterSpots(false, true),
		Min: 1, Max: 1, None: true, Rule: &engine.RuleRef{Book: "base", Section: "PERFORMANCE"}})
	if got == nil {
		return
	}
	day := got[0][len("theater.") : len(got[0])-len(".perform")]
	d := m.s.Board.Days[day]
	d.Perform = Player
	m.s.Board.Days[day] = d
	m.s.Player.PerformDay = day
}

// performOrder lists who performs, in order.
func (m *match) performOrder() []string {
	var out []string
	heirDay := m.heirPerformDay()
	if heirDay != "" && m.s.Heir.Ability == "yoruba-spiritmaster" {
		out = append(out, HeirOf)
		heirDay = ""
	}
	for _, d := range Weekdays {
		if d == heirDay {
			out = append(out, HeirOf)
		}
		if d == m.s.Player.PerformDay {
			out = append(out, Player)
		}
	}
	return out
}

func (m *match) heirPerformDay() string {
	for _, d := range Weekdays {
		if m.s.Board.Days[d].Perform == HeirOf {
			return d
		}
	}
	return ""
}

// FlatBonus is the Heir's flat bonus per Character backstage when it
// performs: Easy nothing, Normal 2 Coins, Hard 1 Fame (ERRATA).
func FlatBonus(l difficulty.Level, backstage int) (fame, coins int) {
	return difficulty.Pick(l, 0, 0, backstage), difficulty.Pick(l, 0, 2*backstage, 0)
}

// heirBackstage counts the Heir's Characters backstage in the Theater.
func (m *match) heirBackstage() int {
	n := 0
	for _, d := range Weekdays {
		for _, s := range m.s.Board.Days[d].Backstage {
			if s == HeirOf {
				n++
			}
		}
	}
	return n
}

func (m *match) heirPerforms() {
	m.temporary("PERFORMANCE PHASE", 0)
	fame, coins := FlatBonus(m.level(), m.heirBackstage())
	m.gainFame(fame, "backstage")
	m.gainCoins(coins, "backstage")
}

func (m *match) playerPerforms() {}

// classroom runs the CLASSROOM PHASE (Academy only).
func (m *match) classroom() {
	if !m.s.Options.Academy {
		return
	}
	m.s.Phase = "classroom"
	m.temporary("CLASSROOM PHASE", 0)
}
