package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tableside/engine"
)

// dozen is a tiny bot for the front ends' tests: twelve rounds of a die, a
// choice and a number, then the end.
type dozen struct{}

func (dozen) Name() string { return "dozen" }
func (dozen) Messages() engine.Catalog {
	return engine.Catalog{"en": {"d.die": "Roll.", "d.pick": "Pick.", "d.a": "A", "d.b": "B", "d.n": "How many?", "d.go": "Go.", "d.ev": "Total {n}."},
		"fr": {"d.die": "Lancez.", "d.pick": "Choisissez.", "d.a": "A", "d.b": "B", "d.n": "Combien ?", "d.go": "Allez.", "d.ev": "Total {n}."}}
}
func (dozen) Start(_ json.RawMessage, t *engine.Table) (engine.Match, error) {
	return &dozenMatch{t: t}, nil
}

type dozenMatch struct {
	t     *engine.Table
	Total int
}

func (m *dozenMatch) Play() {
	m.t.Ask(engine.Prompt{ID: "go", Kind: engine.Ack, Key: "d.go"})
	for i := 0; i < 12; i++ {
		m.t.Ask(engine.Prompt{ID: "die", Kind: engine.Dice, Key: "d.die", Dice: []engine.Die{{Kind: "bank", Faces: []string{"3", "4", "X"}}}})
		m.t.Ask(engine.Prompt{ID: "pick", Kind: engine.Choice, Key: "d.pick", Min: 1, Max: 1, None: true,
			Options: []engine.Option{{ID: "a", Key: "d.a"}, {ID: "b", Key: "d.b"}}})
		n := m.t.Ask(engine.Prompt{ID: "n", Kind: engine.Number, Key: "d.n", Min: 0, Max: 9})
		m.Total += *n.Number + m.t.Rand().IntN(2)
		m.t.Emit(engine.Event{Type: "total", Key: "d.ev", Params: engine.Params{"n": fmt.Sprint(m.Total)}})
	}
}
func (m *dozenMatch) Correct(c engine.Correction) ([]engine.Event, error) {
	return nil, fmt.Errorf("dozen: nothing to correct")
}
func (m *dozenMatch) State() any { return m }

func init() { bots["dozen"] = dozen{} }

// script answers each JSON prompt line with the answer its function gives.
func runScript(t *testing.T, args []string, answer func(p engine.Prompt) string) (out []jsonOut) {
	t.Helper()
	pr, pw, _ := os.Pipe()
	var stdout bytes.Buffer
	done := make(chan int)
	var outW syncWriter
	outW.lines = make(chan []byte, 1000)
	go func() { done <- dispatch(args, pr, &outW, &stdout) }()
	for line := range outW.lines {
		var o jsonOut
		if err := json.Unmarshal(line, &o); err != nil {
			t.Fatalf("output line is not JSON: %s", line)
		}
		out = append(out, o)
		if o.Type == "over" {
			break
		}
		if o.Type == "prompt" {
			fmt.Fprintln(pw, answer(*o.Prompt))
		}
	}
	pw.Close()
	if code := <-done; code != 0 {
		t.Fatalf("exit %d: %s", code, stdout.String())
	}
	return out
}

// syncWriter hands each written line to a channel.
type syncWriter struct {
	lines chan []byte
	buf   []byte
}

func (w *syncWriter) Write(b []byte) (int, error) {
	w.buf = append(w.buf, b...)
	for {
		i := bytes.IndexByte(w.buf, '\n')
		if i < 0 {
			return len(b), nil
		}
		w.lines <- append([]byte(nil), w.buf[:i]...)
		w.buf = w.buf[i+1:]
	}
}

func firstLegal(p engine.Prompt) string {
	switch p.Kind {
	case engine.Ack:
		return `{"ack":true}`
	case engine.Choice:
		return fmt.Sprintf(`{"choices":[%q]}`, p.Options[0].ID)
	case engine.Number:
		return fmt.Sprintf(`{"number":%d}`, p.Min)
	default:
		faces := make([]string, len(p.Dice))
		for i, d := range p.Dice {
			faces[i] = d.Faces[0]
		}
		b, _ := json.Marshal(map[string]any{"faces": faces})
		return string(b)
	}
}

func TestPlayJSONDrivesAGameToItsEnd(t *testing.T) {
	out := runScript(t, []string{"play", "--game", "dozen", "--json"}, firstLegal)
	last := out[len(out)-1]
	if last.Type != "over" {
		t.Fatalf("last line %+v, want over", last)
	}
	prompts, events := 0, 0
	for _, o := range out {
		switch o.Type {
		case "prompt":
			prompts++
			if o.Text == "" || o.Prompt.ID == "" {
				t.Errorf("prompt without text or id: %+v", o)
			}
		case "event":
			events++
		}
	}
	if prompts != 37 || events != 12 {
		t.Errorf("%d prompts and %d events, want 37 and 12", prompts, events)
	}
}

func TestPlayJSONIllegalAnswerGetsAnErrorAndTheSamePrompt(t *testing.T) {
	bad := true
	out := runScript(t, []string{"play", "--game", "dozen", "--json", "--lang", "fr"}, func(p engine.Prompt) string {
		if p.Kind == engine.Dice && bad {
			bad = false
			return `{"faces":["7"]}`
		}
		return firstLegal(p)
	})
	for i, o := range out {
		if o.Type == "error" {
			if !strings.Contains(o.Allowed, "bank (3|4|X)") || out[i+1].Type != "prompt" || out[i+1].Prompt.ID != out[i-1].Prompt.ID {
				t.Fatalf("error %+v not followed by the same prompt", o)
			}
			if out[i-1].Text != "Lancez." {
				t.Errorf("French text %q", out[i-1].Text)
			}
			return
		}
	}
	t.Fatal("no error line for an illegal answer")
}

func TestPlaySaveResumesInANewProcessAndKeepsATornLog(t *testing.T) {
	path := filepath.Join(t.TempDir(), "game.log")
	var stdout, stderr bytes.Buffer
	in := "{\"ack\":true}\n{\"faces\":[\"4\"]}\n{\"choices\":[\"b\"]}\n{\"number\":5}\n"
	if code := dispatch([]string{"play", "--game", "dozen", "--json", "--seed", "9", "--save", path}, strings.NewReader(in), &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	log, _ := os.ReadFile(path)
	if n := strings.Count(string(log), "\n"); n != 5 {
		t.Fatalf("log has %d lines, want header + 4 answers:\n%s", n, log)
	}
	os.WriteFile(path, append(log, []byte(`{"faces":["`)...), 0o644) // power lost mid-write
	stdout.Reset()
	stderr.Reset()
	if code := dispatch([]string{"play", "--game", "dozen", "--json", "--save", path}, strings.NewReader(""), &stdout, &stderr); code != 0 {
		t.Fatalf("resume exit %d: %s", code, stderr.String())
	}
	if !strings.Contains(stderr.String(), "cut short") || !strings.Contains(stderr.String(), "after 4 answers (seed 9)") {
		t.Errorf("resume said: %s", stderr.String())
	}
	first, _ := bufio.NewReader(&stdout).ReadString('\n')
	if !strings.Contains(first, `"id":"5:die"`) {
		t.Errorf("resumed at %s, want the 5th prompt", first)
	}
	log2, _ := os.ReadFile(path)
	if string(log2) != string(log) {
		t.Errorf("the log was not restored to its whole answers:\n%s", log2)
	}
}

func TestPlayTextUndoAndNone(t *testing.T) {
	var stdout, stderr bytes.Buffer
	in := "\n4\nnone\nundo\n2\n3\nwhy\n7\nquit\n"
	if code := dispatch([]string{"play", "--game", "dozen"}, strings.NewReader(in), &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	s := stdout.String()
	for _, want := range []string{"Roll.", "1) A", "2) B", "How many?", "Total "} {
		if !strings.Contains(s, want) {
			t.Errorf("output lacks %q:\n%s", want, s)
		}
	}
}

func TestUnknownCommandAndGame(t *testing.T) {
	var o, e bytes.Buffer
	if dispatch([]string{"fly"}, nil, &o, &e) != 2 || !strings.Contains(e.String(), "unknown command") {
		t.Errorf("unknown command: %s", e.String())
	}
	e.Reset()
	if dispatch([]string{"play", "--game", "chess"}, strings.NewReader(""), &o, &e) != 1 || !strings.Contains(e.String(), "no game") {
		t.Errorf("unknown game: %s", e.String())
	}
}

func TestPlaySaveOfAFinishedGameStartsANewOne(t *testing.T) {
	path := filepath.Join(t.TempDir(), "game.log")
	var in strings.Builder
	in.WriteString("{\"ack\":true}\n")
	for i := 0; i < 12; i++ {
		in.WriteString("{\"faces\":[\"3\"]}\n{\"none\":true}\n{\"number\":1}\n")
	}
	var stdout, stderr bytes.Buffer
	if code := dispatch([]string{"play", "--game", "dozen", "--json", "--seed", "4", "--save", path}, strings.NewReader(in.String()), &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if !strings.Contains(stdout.String(), `"type":"over"`) {
		t.Fatal("the first game did not end")
	}
	stderr.Reset()
	if code := dispatch([]string{"play", "--game", "dozen", "--json", "--save", path}, strings.NewReader(""), &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if !strings.Contains(stderr.String(), "is over") {
		t.Errorf("second run said: %s", stderr.String())
	}
	if _, err := os.Stat(path + ".seed-4.done"); err != nil {
		t.Errorf("the finished game was not kept: %v", err)
	}
}

// TestPlayJSONDrivesAWholeHeirGame: a script answers every prompt of a game
// against the Heir through --json, at random within each prompt's bounds,
// to the end.
func TestPlayJSONDrivesAWholeHeirGame(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	out := runScript(t, []string{"play", "--game", "heir", "--seed", "3", "--json", "--setup", `{"difficulty":"hard"}`}, func(p engine.Prompt) string {
		b, _ := json.Marshal(engine.RandomAnswer(p, r, 6))
		return string(b)
	})
	last := out[len(out)-1]
	if last.Type != "over" || !strings.Contains(fmt.Sprint(last.State), "result") {
		t.Fatalf("the game did not end with a result: %+v", last)
	}
	for _, o := range out {
		if o.Type == "error" {
			t.Errorf("a legal answer was refused: %s", o.Error)
		}
	}
}
