package heir

import (
	"slices"

	"tableside/engine"
	"tableside/engine/heir/difficulty"
	"tableside/engine/heir/theater"
	"tableside/engine/trickerion"
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
	got := m.choose(engine.Prompt{ID: "perform.day", Key: "heir.ask.performday", Options: m.theaterSpots(nil, false, true),
		Min: 1, Max: 1, None: true, Rule: ruleIn("base", "PERFORMANCE", "")})
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
	if heirDay != "" && m.s.Heir.Ability == trickerion.YorubaSpiritmaster {
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
	y := theater.FlatBackstageBonus(l, backstage)
	return y.Fame, y.Coins
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

// heirPerforms: the Heir picks the card whose Links and bonus pay most
// among those holding its markers, and is paid (PERFORMANCE PHASE).
func (m *match) heirPerforms() {
	cards := m.displayed()
	i, ok := theater.ChoosePerformance(cards)
	if !ok {
		m.emit("heir.noperform", "heir.ev.noperform", nil, rule("PERFORMANCE PHASE", ""))
		return
	}
	res := theater.Perform(theater.PerformInput{Card: cards[i], Tricks: m.theaterTricks(), ByHeir: true,
		RedLotus: m.s.Heir.Ability == trickerion.RedLotus, Level: m.level(), Backstage: m.heirBackstage()})
	m.performed(i, res)
	m.ack("perform.heir", "heir.do.perform", engine.Params{"card": itoa(i + 1), "links": itoa(res.Links),
		"fame": itoa(res.Gain.Fame), "coins": itoa(res.Gain.Coins), "shards": itoa(res.Gain.Shards)},
		rule("PERFORMANCE PHASE", ""), map[string]any{"card": i, "result": res})
}

// performed applies a Performance of card i: the Heir's gains, markers back
// to its Tricks (or staying, Practice Room), the player's markers back home.
func (m *match) performed(i int, res theater.PerformResult) {
	c := res.Card
	c.Markers = slices.DeleteFunc(c.Markers, func(mk theater.Marker) bool { return mk.Owner == theater.Player })
	m.s.Board.Cards[i].Card = c
	m.setTheaterTricks(res.Tricks)
	m.gainYield(res.Gain, "performance")
}

// playerPerforms asks which card the player performed, when the Heir has
// markers on some card (it earns their Yields).
func (m *match) playerPerforms() {
	var opts []engine.Option
	for i, c := range m.s.Board.Cards {
		if len(c.Markers) > 0 {
			opts = append(opts, engine.Option{ID: itoa(i + 1), Key: "heir.opt.cardpos", Params: engine.Params{"n": itoa(i + 1), "card": c.Spec.Name}})
		}
	}
	if len(opts) == 0 {
		return
	}
	got := m.choose(engine.Prompt{ID: "perform.player", Key: "heir.ask.performed", Options: opts, Min: 1, Max: 1, None: true,
		Rule: rule("PERFORMANCE PHASE", "")})
	if got == nil {
		return
	}
	i := atoi(got[0])
	res := theater.Perform(theater.PerformInput{Card: m.s.Board.Cards[i-1].Card, Tricks: m.theaterTricks()})
	m.performed(i-1, res)
}
