package heir

import (
	"encoding/json"
	"slices"

	"tableside/engine"
	"tableside/engine/trickerion"
)

// DisplayCards is how many Performance cards are on display in turn n of
// the solo game: 1, then 2, then 3 (performance_cards.json solo facts).
func DisplayCards(turn int) int { return min(turn, 3) }

// cardIDs lists the Performance cards the player can draw: the solo
// library's, then the multiplayer ones, minus those already seen.
func (m *match) cardIDs() []string {
	var ids []string
	for _, raw := range m.setup0.Library.SoloPerformanceCards {
		var c struct {
			ID string `json:"id"`
		}
		if json.Unmarshal(raw, &c) == nil && c.ID != "" {
			ids = append(ids, c.ID)
		}
	}
	for _, c := range trickerion.PerformanceCards() {
		ids = append(ids, c.ID)
	}
	return slices.DeleteFunc(ids, func(id string) bool { return slices.Contains(m.s.Board.Seen, id) })
}

// askNewCard asks which Performance card was drawn onto the leftmost
// display slot; none means a card Tableside does not know.
func (m *match) askNewCard(slug string) Card {
	var opts []engine.Option
	for _, id := range m.cardIDs() {
		opts = append(opts, engine.Option{ID: id, Key: "heir.opt.card", Params: engine.Params{"card": id}})
	}
	got := m.choose(engine.Prompt{ID: slug, Key: "heir.ask.newcard", Options: opts, Min: 1, Max: 1, None: true,
		Rule: &engine.RuleRef{Book: "base", Section: "END TURN", Step: "move performance cards"}})
	if got == nil {
		return Card{}
	}
	m.s.Board.Seen = append(m.s.Board.Seen, got[0])
	return Card{ID: got[0]}
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
	m.emit("card.leaves", "heir.ev.cardleaves", engine.Params{"card": c.ID}, rule("END TURN PHASE", "move performance cards"))
}
