package heir

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"tableside/engine"
	"tableside/engine/heir/theater"
	"tableside/engine/trickerion"
)

// DisplayCards is how many Performance cards are on display in turn n of
// the solo game: 1, then 2, then 3 (performance_cards.json solo facts).
func DisplayCards(turn int) int { return min(turn, 3) }

// cardSpecs lists the Performance cards the player can draw: the solo
// library's (the first solo of them), then the multiplayer ones, minus
// those already seen.
func (m *match) cardSpecs() (specs []theater.CardSpec, solo int) {
	unseen := func(c theater.CardSpec) bool { return !slices.Contains(m.s.Board.Seen, c.ID) }
	for _, c := range m.setup0.Library.SoloPerformanceCards {
		if unseen(c) {
			specs = append(specs, c)
		}
	}
	solo = len(specs)
	for _, c := range multiplayerSpecs() {
		if unseen(c) {
			specs = append(specs, c)
		}
	}
	return specs, solo
}

// askNewCard asks which Performance card was drawn onto the leftmost
// display slot; none means a card Tableside does not know.
func (m *match) askNewCard(slug string) Card {
	var opts []engine.Option
	specs, solo := m.cardSpecs()
	for i, c := range specs {
		opts = append(opts, options().card(c, i < solo))
	}
	got := m.choose(engine.Prompt{ID: slug, Key: "heir.ask.newcard", Options: opts, Min: 1, Max: 1, None: true,
		Rule: ruleIn("base", "END TURN", "move performance cards")})
	if got == nil {
		m.s.Board.Unknown++
		return Card{Card: theater.Card{Spec: theater.CardSpec{ID: fmt.Sprintf("unknown-%d", m.s.Board.Unknown)}}}
	}
	m.s.Board.Seen = append(m.s.Board.Seen, got[0])
	i := slices.IndexFunc(specs, func(c theater.CardSpec) bool { return c.ID == got[0] })
	return Card{Card: theater.Card{Spec: specs[i]}, Known: true}
}

// cardParams describe a Performance card well enough to tell it from the
// others of its theater.
func cardParams(c theater.CardSpec) engine.Params {
	shard := 0
	for _, l := range c.Links {
		if l.Shard {
			shard++
		}
	}
	return engine.Params{"card": cardName(c), "id": c.ID, "slots": itoa(len(c.Slots)), "links": itoa(len(c.Links)),
		"shardlinks": itoa(shard), "bonus": yieldWords(c.Bonus)}
}

// cardName names a Performance card: its printed name, or for a Solo card
// entered without one, its theater (the bonus then tells it apart).
func cardName(c theater.CardSpec) string {
	if c.Name != "" {
		return c.Name
	}
	return "@heir.theater." + c.Theater
}

// yieldWords writes a Yield as "2 Fame 1 Shard" words.
func yieldWords(y trickerion.Yield) string {
	var parts []string
	for _, p := range []struct {
		n    int
		word string
	}{{y.Fame, "@heir.word.fame"}, {y.Coins, "@heir.word.coins"}, {y.Shards, "@heir.word.shards"}} {
		if p.n != 0 {
			parts = append(parts, itoa(p.n)+" "+p.word)
		}
	}
	if len(parts) == 0 {
		return "-"
	}
	return strings.Join(parts, " ")
}

// soloDeck builds the Performance deck from the Solo Performance cards of
// the library, when it holds enough of each theater: one random Riverside
// card face up, then top to bottom 2 Riverside, 2 Grand Magorian, 2 Magnus
// Pantheon (heir-solo-rules: GAME SETUP step 3; performance_cards.json solo
// facts). ok is false when the library cannot make the deck.
func soloDeck(lib []theater.CardSpec, r *rand.Rand) (up theater.CardSpec, deck []theater.CardSpec, ok bool) {
	by := map[string][]theater.CardSpec{}
	for _, c := range lib {
		by[c.Theater] = append(by[c.Theater], c)
	}
	riv, gm, mp := by[trickerion.RiversideTheater], by[trickerion.GrandMagorian], by[trickerion.MagnusPantheon]
	if len(riv) < 3 || len(gm) < 2 || len(mp) < 2 {
		return up, nil, false
	}
	riv, gm, mp = shuffled(riv, r), shuffled(gm, r), shuffled(mp, r)
	deck = append(append(slices.Clone(riv[1:3]), gm[:2]...), mp[:2]...)
	return riv[0], deck, true
}

// firstCard sets the first Performance card on display at setup.
func (m *match) firstCard() {
	up, deck, ok := soloDeck(m.setup0.Library.SoloPerformanceCards, m.t.Rand())
	if !ok {
		m.s.Board.Cards = []Card{m.askNewCard("setup.card")}
		return
	}
	m.s.Board.PerfDeck = deck
	m.s.Board.Cards = []Card{m.showCard(up, "setup.card")}
}

// showCard tells the table which card Tableside drew onto the leftmost slot.
func (m *match) showCard(c theater.CardSpec, slug string) Card {
	m.s.Board.Seen = append(m.s.Board.Seen, c.ID)
	m.ack(slug, "heir.do.newcard", engine.Params{"card": cardName(c), "id": c.ID, "bonus": yieldWords(c.Bonus)}, ruleIn("base", "END TURN", "move performance cards"),
		map[string]any{"card": c})
	return Card{Card: theater.Card{Spec: c}, Known: true}
}

// nextCard draws the next Performance card: from Tableside's deck, or asked.
func (m *match) nextCard() Card {
	if len(m.s.Board.PerfDeck) > 0 {
		c := m.s.Board.PerfDeck[0]
		m.s.Board.PerfDeck = m.s.Board.PerfDeck[1:]
		return m.showCard(c, "end.newcard")
	}
	return m.askNewCard("end.newcard")
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
	b.Cards = append(append(make([]Card, 0, len(b.Cards)+1), m.nextCard()), b.Cards...)
}

// cardLeaves pays the Heir its markers on a card leaving the display.
func (m *match) cardLeaves(c Card) {
	m.emit("card.leaves", "heir.ev.cardleaves", engine.Params{"card": c.Spec.ID}, rule("END TURN PHASE", "move performance cards"))
	res := theater.Leave(c.Card, m.theaterTricks())
	m.setTheaterTricks(res.Tricks)
	m.gainYield(res.Gain, "card-leaves")
}
