package engine_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"tableside/engine"
)

// race is a small game that asks every kind of prompt: the engine's own test
// bench. A token races to 20: each round the table rolls a die (Dice), the
// player chooses to move or rest (Choice, with a 'none' way out), and bets a
// number (Number); the engine's own rand adds a gust of wind.
type race struct{}

type raceSetup struct {
	Goal int `json:"goal"`
}

func (race) Name() string { return "race" }

func (race) Messages() engine.Catalog {
	return engine.Catalog{
		"en": {"race.start": "Put the token on 0.", "race.roll": "Roll the die.", "race.move": "Move or rest?",
			"race.opt.move": "Move", "race.opt.rest": "Rest", "race.bet": "Bet how many?", "race.end": "Finished at {pos}."},
		"fr": {"race.start": "Posez le pion sur 0.", "race.roll": "Lancez le dé.", "race.move": "Avancer ou se reposer ?",
			"race.opt.move": "Avancer", "race.opt.rest": "Se reposer", "race.bet": "Combien parier ?", "race.end": "Arrivé à {pos}."},
	}
}

func (race) Start(setup json.RawMessage, t *engine.Table) (engine.Match, error) {
	s := raceSetup{Goal: 20}
	if len(setup) > 0 {
		if err := json.Unmarshal(setup, &s); err != nil {
			return nil, fmt.Errorf("race: setup: %w", err)
		}
	}
	if s.Goal <= 0 {
		return nil, errors.New("race: goal must be positive")
	}
	return &raceMatch{t: t, st: raceState{Goal: s.Goal}}, nil
}

type raceState struct {
	Goal, Pos, Bets, Rounds, Wind int
	Rand                          json.RawMessage
}

type raceMatch struct {
	t  *engine.Table
	st raceState
}

func (m *raceMatch) Play() {
	m.t.Ask(engine.Prompt{ID: "start", Kind: engine.Ack, Key: "race.start"})
	for m.st.Pos < m.st.Goal && m.st.Rounds < 40 {
		m.st.Rounds++
		roll := m.t.Ask(engine.Prompt{ID: "roll", Kind: engine.Dice, Key: "race.roll",
			Dice: []engine.Die{{Kind: "d6", Faces: []string{"1", "2", "3", "4", "5", "6"}}}})
		step, _ := strconv.Atoi(roll.Faces[0])
		mv := m.t.Ask(engine.Prompt{ID: "move", Kind: engine.Choice, Key: "race.move", Min: 1, Max: 1, None: true,
			Options: []engine.Option{{ID: "move", Key: "race.opt.move"}, {ID: "rest", Key: "race.opt.rest"}}})
		if !mv.None && mv.Choices[0] == "move" {
			m.st.Wind = m.t.Rand().IntN(3)
			m.st.Pos += step + m.st.Wind
		}
		bet := m.t.Ask(engine.Prompt{ID: "bet", Kind: engine.Number, Key: "race.bet", Min: 0, Max: 3})
		m.st.Bets += *bet.Number
		m.t.Emit(engine.Event{Type: "race.pos", Key: "race.end", Params: engine.Params{"pos": strconv.Itoa(m.st.Pos)}})
	}
}

func (m *raceMatch) Correct(c engine.Correction) ([]engine.Event, error) {
	if c.Target != "pos" {
		return nil, fmt.Errorf("race: no fact %q to correct", c.Target)
	}
	v, err := strconv.Atoi(c.Value)
	if err != nil || v < 0 {
		return nil, fmt.Errorf("race: position %q is not a whole number ≥ 0", c.Value)
	}
	m.st.Pos = v
	return []engine.Event{{Type: "corrected", Key: "race.end", Params: engine.Params{"pos": c.Value}}}, nil
}

func (m *raceMatch) State() any {
	s := m.st
	s.Rand = m.t.RandState()
	return s
}
