package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"tableside/engine"
)

// textFront is the plain terminal: numbered options, typed answers.
type textFront struct {
	in  *bufio.Scanner
	out io.Writer
	s   *session
}

const textHelp = `Answers: Enter (or ok) to acknowledge; option numbers or ids (several: 1 3);
a number; die faces in order (X 4 ?); none. Commands: undo [N], why, state,
correct TARGET VALUE (fix a fact on the board), help, quit.`

func (t *textFront) events(evs []engine.Event) {
	for _, e := range evs {
		fmt.Fprintf(t.out, "  · %s\n", t.s.render(e.Key, e.Params))
	}
}

func (t *textFront) prompt(p engine.Prompt) {
	fmt.Fprintf(t.out, "\n%s\n", t.s.render(p.Key, p.Params))
	for i, o := range p.Options {
		fmt.Fprintf(t.out, "  %d) %s\n", i+1, t.s.render(o.Key, o.Params))
	}
	fmt.Fprintf(t.out, "[%s] > ", hint(p))
}

// hint says briefly how to answer p at the keyboard.
func hint(p engine.Prompt) string {
	var h string
	switch p.Kind {
	case engine.Ack:
		h = "Enter when done"
	case engine.Choice:
		h = fmt.Sprintf("%d to %d option numbers", p.Min, min(p.Max, len(p.Options)))
		if p.Min == p.Max {
			h = fmt.Sprintf("%d option number(s)", p.Min)
		}
	case engine.Number:
		h = fmt.Sprintf("a number %d to %d", p.Min, p.Max)
	case engine.Dice:
		parts := make([]string, len(p.Dice))
		for i, d := range p.Dice {
			parts[i] = fmt.Sprintf("%s(%s)", d.Kind, strings.Join(distinct(d.Faces), " "))
		}
		h = "faces in order: " + strings.Join(parts, " ")
	}
	if p.None {
		h += ", or none"
	}
	return h + "; help"
}

func distinct(faces []string) []string {
	var out []string
	for _, f := range faces {
		if !slices.Contains(out, f) {
			out = append(out, f)
		}
	}
	return out
}

func (t *textFront) over(state any) {
	fmt.Fprintln(t.out, "\nThe game is over.")
}

func (t *textFront) problem(err error) {
	msg := err.Error()
	if errors.Is(err, engine.ErrIllegal) {
		p, _ := t.s.game.Prompt()
		msg, _, _ = strings.Cut(strings.TrimPrefix(msg, engine.ErrIllegal.Error()+": "), "; ")
		if msg == p.Allowed() {
			msg = "answer with " + hint(p)
		}
		msg = "not allowed here: " + msg
	}
	fmt.Fprintf(t.out, "! %s\n", msg)
}

func (t *textFront) next(p engine.Prompt) (engine.Answer, int, bool) {
	for t.in.Scan() {
		line := strings.TrimSpace(t.in.Text())
		words := strings.Fields(line)
		cmd := ""
		if len(words) > 0 {
			cmd = words[0]
		}
		switch cmd {
		case "quit", "exit":
			return engine.Answer{}, 0, false
		case "help":
			fmt.Fprintln(t.out, textHelp)
		case "why":
			t.why(p)
		case "state":
			b, _ := json.MarshalIndent(t.s.game.State(), "", "  ")
			fmt.Fprintf(t.out, "%s\n", b)
		case "undo":
			n := 1
			if len(words) > 1 {
				n, _ = strconv.Atoi(words[1])
			}
			return engine.Answer{}, max(n, 1), true
		case "correct":
			if len(words) != 3 {
				fmt.Fprintln(t.out, "! correct TARGET VALUE, e.g. correct heir.fame 12")
				break
			}
			return engine.Answer{Correct: &engine.Correction{Target: words[1], Value: words[2]}}, 0, true
		default:
			a, err := parseText(p, words)
			if err == nil {
				return a, 0, true
			}
			t.problem(err)
		}
		fmt.Fprintf(t.out, "[%s] > ", hint(p))
	}
	return engine.Answer{}, 0, false
}

func (t *textFront) why(p engine.Prompt) {
	if p.Rule == nil {
		fmt.Fprintln(t.out, "  (no rule named for this step)")
		return
	}
	fmt.Fprintf(t.out, "  rule: %s, %s %s\n", p.Rule.Book, p.Rule.Section, p.Rule.Step)
}

// parseText reads a typed answer to p.
func parseText(p engine.Prompt, words []string) (engine.Answer, error) {
	if len(words) == 1 && strings.EqualFold(words[0], "none") {
		return engine.Answer{None: true}, nil
	}
	switch p.Kind {
	case engine.Ack:
		if len(words) == 0 || strings.EqualFold(words[0], "ok") {
			return engine.Answer{Ack: true}, nil
		}
	case engine.Choice:
		return parseChoices(p, words)
	case engine.Number:
		if len(words) == 1 {
			if n, err := strconv.Atoi(words[0]); err == nil {
				return engine.Answer{Number: &n}, nil
			}
		}
	case engine.Dice:
		return engine.Answer{Faces: words}, nil
	}
	return engine.Answer{}, fmt.Errorf("answer with %s", hint(p))
}

func parseChoices(p engine.Prompt, words []string) (engine.Answer, error) {
	var a engine.Answer
	for _, w := range strings.FieldsFunc(strings.Join(words, " "), func(r rune) bool { return r == ' ' || r == ',' }) {
		if n, err := strconv.Atoi(w); err == nil && n >= 1 && n <= len(p.Options) {
			w = p.Options[n-1].ID
		}
		a.Choices = append(a.Choices, w)
	}
	if len(a.Choices) == 0 {
		return a, fmt.Errorf("answer with %s", hint(p))
	}
	return a, nil
}
