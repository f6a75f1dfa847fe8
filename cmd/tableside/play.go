package main

import (
	"bufio"
	"bytes"
	crand "crypto/rand"
	"encoding/binary"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"tableside/engine"
)

func init() {
	register("play", "play a game against a bot in the terminal (--json for scripts)", runPlay)
}

type playFlags struct {
	game, save, setup, lang string
	library                 string
	seed                    uint64
	json                    bool
}

func runPlay(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	var f playFlags
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&f.game, "game", "heir", "the bot to play: "+strings.Join(botNames(), ", "))
	fs.Uint64Var(&f.seed, "seed", 0, "the game's seed (default: a new random seed)")
	fs.StringVar(&f.save, "save", "", "append every answer to this log file, and resume from it if it exists")
	fs.StringVar(&f.setup, "setup", "", "the game's setup: JSON, or @FILE")
	fs.StringVar(&f.lang, "lang", "en", "language of the messages: en or fr")
	fs.StringVar(&f.library, "library", "", "the card library file a new game takes its cards from (see 'tableside cards')")
	fs.BoolVar(&f.json, "json", false, "one prompt per line as JSON out, one answer per line as JSON in")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if f.seed == 0 {
		f.seed = newSeed()
	}
	s, err := openSession(f, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "tableside play: %v\n", err)
		return 1
	}
	defer s.close()
	var front frontEnd = &textFront{in: bufio.NewScanner(stdin), out: stdout, s: s}
	if f.json {
		front = &jsonFront{in: bufio.NewScanner(stdin), out: stdout, s: s}
	}
	if err := s.loop(front); err != nil {
		fmt.Fprintf(stderr, "tableside play: %v\n", err)
		return 1
	}
	return 0
}

// session is a game and the log file it is kept in.
type session struct {
	game *engine.Game
	cat  engine.Catalog
	lang string
	log  *os.File
	// changed, when set, runs after every answer and undo (the card
	// editor saves its library there).
	changed func(*engine.Game) error
}

func openSession(f playFlags, stderr io.Writer) (*session, error) {
	bot, ok := bots[f.game]
	if !ok {
		return nil, fmt.Errorf("no game %q; games: %s", f.game, strings.Join(botNames(), ", "))
	}
	setup, err := readSetup(f.setup)
	if err != nil {
		return nil, err
	}
	var warn bytes.Buffer // what the library lacks: said when a new game starts
	if f.library != "" {
		if setup, err = withLibrary(f.game, setup, f.library, &warn); err != nil {
			return nil, err
		}
	}
	s := &session{cat: bot.Messages(), lang: f.lang}
	if f.save == "" {
		s.game, err = engine.New(bot, setup, f.seed)
	} else {
		s.game, err = resume(bot, f, setup, stderr)
	}
	if err != nil {
		return nil, err
	}
	if len(s.game.Answers()) == 0 {
		stderr.Write(warn.Bytes())
	}
	if f.save == "" {
		return s, nil
	}
	return s, s.openLog(f.save)
}

// newSeed picks a seed for a new game. The engine takes no randomness of
// its own; this is the one place Tableside draws a fresh seed.
func newSeed() uint64 {
	var b [8]byte
	crand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:])>>1 | 1
}

func readSetup(arg string) (json.RawMessage, error) {
	if arg == "" {
		return nil, nil
	}
	b := []byte(arg)
	if strings.HasPrefix(arg, "@") {
		var err error
		if b, err = os.ReadFile(arg[1:]); err != nil {
			return nil, fmt.Errorf("setup: %w", err)
		}
	}
	if !json.Valid(b) {
		return nil, errors.New("setup is not valid JSON")
	}
	return json.RawMessage(b), nil
}

// resume replays the log at f.save if it exists, or starts a new game.
// A log that does not replay whole is kept aside, never overwritten: the
// game goes on from the answers that did replay.
func resume(bot engine.Bot, f playFlags, setup json.RawMessage, stderr io.Writer) (*engine.Game, error) {
	file, err := os.Open(f.save)
	if errors.Is(err, os.ErrNotExist) {
		return engine.New(bot, setup, f.seed)
	}
	if err != nil {
		return nil, err
	}
	h, answers, err := engine.ReadLog(file)
	file.Close()
	switch {
	case errors.Is(err, engine.ErrTorn):
		fmt.Fprintf(stderr, "tableside play: the last line of %s was cut short and is dropped; %d answers kept\n", f.save, len(answers))
	case err != nil:
		return nil, fmt.Errorf("%s cannot be read (%w); move it away to start a new game", f.save, err)
	}
	g, err := engine.Replay(bot, h, answers)
	if err == nil && g.Over() {
		g.Close()
		done := fmt.Sprintf("%s.seed-%d.done", f.save, h.Seed)
		if err := os.Rename(f.save, done); err != nil {
			return nil, err
		}
		fmt.Fprintf(stderr, "tableside play: the game in %s is over (kept as %s); a new game starts\n", f.save, done)
		return engine.New(bot, setup, f.seed)
	}
	for err != nil && len(answers) > 0 {
		answers = answers[:len(answers)-1]
		g, err = engine.Replay(bot, h, answers)
		if err == nil {
			kept := f.save + ".unreplayed"
			os.Rename(f.save, kept)
			fmt.Fprintf(stderr, "tableside play: %s does not replay whole with this version; the original is kept as %s, the game resumes after %d answers\n", f.save, kept, len(answers))
		}
	}
	if err == nil && len(answers) > 0 {
		fmt.Fprintf(stderr, "tableside play: resumed %s after %d answers (seed %d)\n", f.save, len(answers), h.Seed)
	}
	return g, err
}

// openLog rewrites the log with the game's header and answers, then keeps
// it open for appending.
func (s *session) openLog(path string) error {
	tmp := path + ".tmp"
	out, err := os.Create(tmp)
	if err != nil {
		return fmt.Errorf("save: %w", err)
	}
	if err := engine.WriteLog(out, s.game.Header(), s.game.Answers()); err != nil {
		out.Close()
		return err
	}
	if err := out.Close(); err != nil {
		return fmt.Errorf("save: %w", err)
	}
	if err := os.Rename(tmp, path); err != nil {
		return fmt.Errorf("save: %w", err)
	}
	s.log, err = os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0o644)
	return err
}

func (s *session) close() {
	if s.game != nil {
		s.game.Close()
	}
	if s.log != nil {
		s.log.Close()
	}
}

// answer applies a and appends it to the log.
func (s *session) answer(a engine.Answer) ([]engine.Event, error) {
	ev, err := s.game.Answer(a)
	if err != nil {
		return nil, err
	}
	if s.log != nil {
		last := s.game.Answers()[len(s.game.Answers())-1]
		if err := engine.WriteAnswer(s.log, last); err != nil {
			return ev, err
		}
		s.log.Sync()
	}
	return ev, nil
}

// undo takes back n answers, in the game and in the log.
func (s *session) undo(n int) error {
	g, err := s.game.Undo(n)
	if err != nil {
		return err
	}
	s.game.Close()
	s.game = g
	if s.log != nil {
		name := s.log.Name()
		s.log.Close()
		return s.openLog(name)
	}
	return nil
}

func (s *session) render(key string, p engine.Params) string { return s.cat.Render(s.lang, key, p) }

// frontEnd shows prompts and events and reads answers.
type frontEnd interface {
	events([]engine.Event)
	prompt(engine.Prompt)
	over(state any)
	problem(err error)
	// next reads the player's next input: an answer, or a number of
	// answers to undo. ok is false at the end of input.
	next(engine.Prompt) (a engine.Answer, undo int, ok bool)
}

func (s *session) loop(f frontEnd) error {
	f.events(s.game.Started())
	for {
		p, ok := s.game.Prompt()
		if !ok {
			f.over(s.game.State())
			return nil
		}
		f.prompt(p)
		a, undo, ok := f.next(p)
		if !ok {
			return nil
		}
		if undo > 0 {
			if err := s.undo(undo); err != nil {
				f.problem(err)
			}
		} else if ev, err := s.answer(a); err != nil {
			f.problem(err)
			continue
		} else {
			f.events(ev)
		}
		if s.changed != nil {
			if err := s.changed(s.game); err != nil {
				return err
			}
		}
	}
}
