// Package cardedit is the card editor of Dahlgaard's Heir: the dialogue in
// which the player enters, once, the cards no public source holds — the
// Heir's 17 Plan cards and the 12 Solo Performance cards — into the card
// library every later game uses (heir.Library).
//
// It is an engine.Bot like the games: the editor asks narrow questions
// (which set, which kind, each Location icon left to right, which slots,
// which link circles...) through the same prompts, so every front end (the
// terminal, the kiosk) shows it, and answers, undo and logs work as in a
// game. Its setup is {"library": <heir.Library>} (the library so far); its
// state is the library being edited. Each card entered or removed is an
// event whose Data holds the whole library ("library"), for the front end
// to save at once.
package cardedit

import (
	"encoding/json"
	"errors"
	"fmt"

	"tableside/engine"
	"tableside/engine/heir"
)

// Bot is the card editor. Its zero value is ready to use.
type Bot struct{}

// Name is "heir-cards".
func (Bot) Name() string { return "heir-cards" }

// Messages is the editor's catalog in English and French.
func (Bot) Messages() engine.Catalog { return Messages() }

// Setup is the editor's setup JSON.
type Setup struct {
	Library heir.Library `json:"library"`
}

// Start reads the library to edit.
func (Bot) Start(raw json.RawMessage, t *engine.Table) (engine.Match, error) {
	var s Setup
	if len(raw) > 0 {
		if err := json.Unmarshal(raw, &s); err != nil {
			return nil, fmt.Errorf("cardedit: setup: %w", err)
		}
	}
	if err := Check(s.Library); err != nil {
		return nil, err
	}
	return &editor{t: t, lib: s.Library}, nil
}

// editor is one editing session.
type editor struct {
	t   *engine.Table
	lib heir.Library
}

// State is the library as edited so far.
func (e *editor) State() any { return State{Library: e.lib} }

// State is the editor's state.
type State struct {
	Library heir.Library `json:"library"`
}

// ErrNoCorrection: the editor tracks no table fact; a wrong answer is taken
// back with undo.
var ErrNoCorrection = errors.New("cardedit: nothing to correct here; take a wrong answer back with undo")

// Correct refuses every correction (see ErrNoCorrection).
func (e *editor) Correct(engine.Correction) ([]engine.Event, error) { return nil, ErrNoCorrection }

// Menu choices.
const (
	optPlan   = "plan"
	optSolo   = "solo"
	optRemove = "remove"
	optDone   = "done"
)

// Play asks what to do until the player is done.
func (e *editor) Play() {
	for {
		switch e.menu() {
		case optPlan:
			e.enterPlan()
		case optSolo:
			e.enterSolo()
		case optRemove:
			e.remove()
		default:
			return
		}
	}
}

// menu asks what the player wants to do next; none means done.
func (e *editor) menu() string {
	ac, bc := PlanCount(e.lib, true), PlanCount(e.lib, false)
	var opts []engine.Option
	if ac < SetSize(true) || bc < SetSize(false) {
		opts = append(opts, opt(optPlan, "cards.opt.plan", nil))
	}
	if len(e.lib.SoloPerformanceCards) < SoloCards {
		opts = append(opts, opt(optSolo, "cards.opt.solo", nil))
	}
	if len(e.lib.PlanCards)+len(e.lib.SoloPerformanceCards) > 0 {
		opts = append(opts, opt(optRemove, "cards.opt.remove", nil))
	}
	opts = append(opts, opt(optDone, "cards.opt.done", nil))
	got := e.choose(engine.Prompt{ID: "menu", Key: "cards.ask.what", Options: opts, Min: 1, Max: 1, None: true,
		Params: engine.Params{"academy": itoa(ac), "academy_of": itoa(SetSize(true)),
			"base": itoa(bc), "base_of": itoa(SetSize(false)),
			"solo": itoa(len(e.lib.SoloPerformanceCards)), "solo_of": itoa(SoloCards)}})
	if len(got) == 0 {
		return optDone
	}
	return got[0]
}

// choose asks a choice prompt; nil means none.
func (e *editor) choose(p engine.Prompt) []string {
	p.Kind = engine.Choice
	a := e.t.Ask(p)
	if a.None {
		return nil
	}
	return a.Choices
}

// number asks a number prompt; ok is false for none.
func (e *editor) number(p engine.Prompt) (int, bool) {
	p.Kind = engine.Number
	a := e.t.Ask(p)
	if a.None || a.Number == nil {
		return 0, false
	}
	return *a.Number, true
}

// changed tells the table the library changed and hands it over whole.
func (e *editor) changed(typ, key string, p engine.Params) {
	e.t.Emit(engine.Event{Type: typ, Key: key, Params: p, Data: map[string]any{"library": e.lib}})
}

// refused tells the table why a card is not added: it was dropped (not
// ok), or it is already in the library (dup ≥ 0, the index idOf names).
func (e *editor) refused(ok bool, dup int, idOf func(int) string) bool {
	switch {
	case !ok:
		e.t.Emit(engine.Event{Type: "card.dropped", Key: "cards.ev.dropped"})
	case dup >= 0:
		e.t.Emit(engine.Event{Type: "card.duplicate", Key: "cards.ev.duplicate", Params: engine.Params{"id": idOf(dup)}})
	default:
		return false
	}
	return true
}

func opt(id, key string, p engine.Params) engine.Option {
	return engine.Option{ID: id, Key: key, Params: p}
}

func itoa(n int) string { return fmt.Sprint(n) }
