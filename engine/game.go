package engine

import (
	"encoding/json"
	"errors"
	"fmt"
	"iter"
)

// FormatVersion is the version of the answer log format.
const FormatVersion = 1

// Header is the first line of a game's log: everything needed, with the
// answers, to rebuild the game.
type Header struct {
	Format int             `json:"format"`
	Game   string          `json:"game"`
	Seed   uint64          `json:"seed"`
	Setup  json.RawMessage `json:"setup,omitempty"`
}

// Game is one game being played: a bot's match driven by answers.
type Game struct {
	bot     Bot
	header  Header
	answers []Answer
	match   Match
	table   *Table
	next    func() (Prompt, bool)
	stop    func()
	current Prompt
	over    bool
	started []Event
}

// ErrOver is returned when an answer comes after the game has ended.
var ErrOver = errors.New("engine: the game is over")

// New starts a game of bot with the given setup (JSON, may be empty) and seed.
func New(bot Bot, setup json.RawMessage, seed uint64) (*Game, error) {
	h := Header{Format: FormatVersion, Game: bot.Name(), Seed: seed, Setup: setup}
	t := newTable(seed)
	m, err := bot.Start(setup, t)
	if err != nil {
		return nil, fmt.Errorf("engine: start %s: %w", bot.Name(), err)
	}
	g := &Game{bot: bot, header: h, match: m, table: t, answers: make([]Answer, 0, 256)} // a whole game's log, in one piece
	g.next, g.stop = iter.Pull(g.run)
	g.advance()
	g.started = t.takeEvents()
	return g, nil
}

func (g *Game) run(yield func(Prompt) bool) {
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(stopped); !ok {
				panic(r)
			}
		}
	}()
	g.table.yield = yield
	g.match.Play()
}

func (g *Game) advance() {
	p, ok := g.next()
	if !ok {
		g.over, g.current = true, Prompt{}
		return
	}
	g.current = p
}

// Prompt is the question the game waits on; ok is false once it is over.
func (g *Game) Prompt() (p Prompt, ok bool) { return g.current, !g.over }

// Over reports whether the game has ended.
func (g *Game) Over() bool { return g.over }

// Started returns the events of the game's start, before its first prompt.
func (g *Game) Started() []Event { return g.started }

// Answer validates a and applies it: the game runs to its next prompt and
// the events on the way are returned. An illegal answer returns an error
// naming what is allowed and changes nothing. An answer with Correct set
// corrects the board and leaves the prompt open.
func (g *Game) Answer(a Answer) ([]Event, error) {
	if g.over {
		return nil, ErrOver
	}
	if a.Prompt != "" && a.Prompt != g.current.ID {
		return nil, fmt.Errorf("%w: answer is for prompt %q, the open prompt is %q", ErrIllegal, a.Prompt, g.current.ID)
	}
	a.Prompt = g.current.ID
	if a.Correct != nil {
		ev, err := g.match.Correct(*a.Correct)
		if err != nil {
			return nil, fmt.Errorf("engine: correction %s=%q: %w", a.Correct.Target, a.Correct.Value, err)
		}
		g.answers = append(g.answers, a)
		return ev, nil
	}
	if err := g.current.Check(a); err != nil {
		return nil, err
	}
	g.table.answer = a
	g.answers = append(g.answers, a)
	g.advance()
	return g.table.takeEvents(), nil
}

// State is the match's whole state.
func (g *Game) State() any { return g.match.State() }

// Header is the game's log header.
func (g *Game) Header() Header { return g.header }

// Answers is the log of answers so far (the caller must not change it).
func (g *Game) Answers() []Answer { return g.answers }

// Bot is the bot the game plays.
func (g *Game) Bot() Bot { return g.bot }

// Close ends the game's script. A game that is not played to its end must
// be closed, or its script stays suspended.
func (g *Game) Close() { g.stop() }

// Replay rebuilds a game from its header and answers. It fails, naming the
// answer, if an answer does not fit the game (a log of another version or
// another game).
func Replay(bot Bot, h Header, answers []Answer) (*Game, error) {
	if h.Format != FormatVersion {
		return nil, fmt.Errorf("engine: log format %d, this Tableside reads format %d", h.Format, FormatVersion)
	}
	if h.Game != bot.Name() {
		return nil, fmt.Errorf("engine: log is a game of %q, not %q", h.Game, bot.Name())
	}
	g, err := New(bot, h.Setup, h.Seed)
	if err != nil {
		return nil, err
	}
	for i, a := range answers {
		if _, err := g.Answer(a); err != nil {
			g.Close()
			return nil, fmt.Errorf("engine: replay answer %d: %w", i+1, err)
		}
	}
	return g, nil
}

// Undo returns the game as it was n answers ago (corrections count as
// answers). The receiver is left as it is.
func (g *Game) Undo(n int) (*Game, error) {
	if n < 0 || n > len(g.answers) {
		return nil, fmt.Errorf("engine: cannot undo %d answers, %d given", n, len(g.answers))
	}
	return Replay(g.bot, g.header, g.answers[:len(g.answers)-n])
}
