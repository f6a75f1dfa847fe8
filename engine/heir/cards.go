package heir

import (
	"fmt"
	"slices"

	"tableside/engine"
	"tableside/engine/heir/theater"
)

// DisplayCards is how many Performance cards are on display in turn n of
// the solo game: 1, then 2, then 3 (performance_cards.json solo facts).
func DisplayCards(turn int) int { return min(turn, 3) }

// cardSpecs lists the Performance cards the player can draw: the solo
// library's, then the multiplayer ones, minus those already seen.
func (m *match) cardSpecs() []theater.CardSpec {
	specs := append(slices.Clone(m.setup0.Library.SoloPerformanceCards), theater.MultiplayerSpecs()...)
	return slices.DeleteFunc(specs, func(c theater.CardSpec) bool { return slices.Contains(m.s.Board.Seen, c.ID) })
}

// askNewCard asks which Performance card was drawn onto the leftmost
// display slot; none means a card Tableside does not know.
func (m *match) askNewCard(slug string) Card {
	var opts []engine.Option
	specs := m.cardSpecs()
	for _, c := range specs {
		opts = append(opts, engine.Option{ID: c.ID, Key: "heir.opt.card", Params: engine.Params{"card": c.Name, "id": c.ID}})
	}
	got := m.choose(engine.Prompt{ID: slug, Key: "heir.ask.newcard", Options: opts, Min: 1, Max: 1, None: true,
		Rule: &engine.RuleRef{Book: "base", Section: "END TURN", Step: "move performance cards"}})
	if got == nil {
		m.s.Board.Unknown++
		return Card{Card: theater.Card{Spec: theater.CardSpec{ID: fmt.Sprintf("unknown-%d", m.s.Board.Unknown)}}}
	}
	m.s.Board.Seen = append(m.s.Board.Seen, got[0])
	i := slices.IndexFunc(specs, func(c theater.CardSpec) bool { return c.ID == got[0] })
	return Card{Card: theater.Card{Spec: specs[i]}, Known: true}
}

// moveCards moves the Performance cards one slot right; from turn III the
// rightmost leaves (the Heir's markers on it still yield, −1 Fame −1 Coin
// each), and a new card comes in on the left (END TURN, MOVE PERFORMANCE CARDS).
func (m *match) moveCards() {
	b := &m.s.Board
	if len(b.Cards) >= DisplayCards(m.s.Turn+1) {
		leaving := b.Cards[len(b.Cards)-1]
		b.Cards = b.Cards[:len(b.Cards)-1]
		m.cardLeaves(leaving)
	}
	b.Cards = append([]Card{m.askNewCard("end.newcard")}, b.Cards...)
}

// cardLeaves pays the Heir its markers on a card leaving the display.
func (m *match) cardLeaves(c Card) {
	m.emit("card.leaves", "heir.ev.cardleaves", engine.Params{"card": c.Spec.ID}, rule("END TURN PHASE", "move performance cards"))
	res := theater.Leave(c.Card, m.theaterTricks())
	m.setTheaterTricks(res.Tricks)
	m.gainYield(res.Gain, "card-leaves")
}
