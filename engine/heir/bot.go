package heir

import (
	"encoding/json"

	"tableside/engine"
	"tableside/engine/heir/theater"
)

// Bot plays Dahlgaard's Heir. Its zero value is ready to use.
type Bot struct{}

// Name is "heir".
func (Bot) Name() string { return "heir" }

// Messages is the Heir's message catalog in English and French.
func (Bot) Messages() engine.Catalog { return Messages() }

// Start reads the setup (see Setup) and returns a match ready to Play.
func (Bot) Start(raw json.RawMessage, t *engine.Table) (engine.Match, error) {
	setup, opts, err := parseSetupCached(raw)
	if err != nil {
		return nil, err
	}
	m := &match{t: t, setup0: setup}
	m.s.Options = opts
	m.s.Board = newBoard()
	m.s.Player.Assigned = map[string]int{}
	m.s.Heir.SA = map[string]int{}
	m.s.Heir.Asked = map[string]int{}
	return m, nil
}

// match is one game of the Heir: the script and its state.
type match struct {
	t      *engine.Table
	s      State
	setup0 Setup
	turn   turnFlags
	// scratch holds the Theater's view of the board (theaterTricks,
	// displayed), remade at each call: the theater rules copy what they keep.
	scratch struct {
		tricks []theater.HeirTrick
		cards  []theater.Card
	}
}

// turnFlags are the per-turn facts the abilities need, reset each turn.
type turnFlags struct {
	apprenticeBoost bool // The Mechaniker: the first Apprentice placed got +1 AP
	opticoUsed      int  // The Great Optico: non-Apprentice Characters boosted so far
	firstTrick      bool // Master of Chains: the first Trick placed this turn
}

// Play runs the game from setup to the final scores.
func (m *match) Play() {
	m.setup()
	for m.s.Turn = 1; m.s.Turn <= Turns; m.s.Turn++ {
		m.playTurn()
	}
	m.endGame()
}

// Turns is the number of game turns (the Dark Alley game: I to VII).
const Turns = 7

func (m *match) playTurn() {
	m.turn = turnFlags{}
	m.emit("turn", "heir.ev.turn", engine.Params{"turn": roman(m.s.Turn)}, nil)
	m.rollDice()
	m.initiative()
	m.advertise()
	m.assignment()
	m.placeCharacters()
	m.performance()
	m.classroom()
	m.endTurn()
}

// State is the whole game state, random source included.
func (m *match) State() any {
	s := m.s
	s.Rand = m.t.RandState()
	return s
}
