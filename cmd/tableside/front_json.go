package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"

	"tableside/engine"
)

// jsonFront speaks one JSON object per line, for scripts.
//
// Out: {"type":"prompt","prompt":{...engine.Prompt},"text":"...","options":["..."]}
//
//	{"type":"event","event":{...engine.Event},"text":"..."}
//	{"type":"error","error":"...","allowed":"..."}
//	{"type":"over","state":{...}}
//
// In: an engine.Answer ({"ack":true}, {"choices":["id"]}, {"number":3},
// {"faces":["X","4"]}, {"none":true}, {"correct":{"target":"heir.fame","value":"12"}})
// or {"undo":N}. "prompt" may be left out: it defaults to the open prompt.
type jsonFront struct {
	in  *bufio.Scanner
	out io.Writer
	s   *session
}

type jsonOut struct {
	Type    string         `json:"type"`
	Prompt  *engine.Prompt `json:"prompt,omitempty"`
	Event   *engine.Event  `json:"event,omitempty"`
	Text    string         `json:"text,omitempty"`
	Options []string       `json:"options,omitempty"`
	Error   string         `json:"error,omitempty"`
	Allowed string         `json:"allowed,omitempty"`
	State   any            `json:"state,omitempty"`
}

type jsonIn struct {
	engine.Answer
	Undo int `json:"undo,omitempty"`
}

func (j *jsonFront) emit(v jsonOut) {
	b, err := json.Marshal(v)
	if err != nil {
		b, _ = json.Marshal(jsonOut{Type: "error", Error: err.Error()})
	}
	fmt.Fprintf(j.out, "%s\n", b)
}

func (j *jsonFront) events(evs []engine.Event) {
	for i := range evs {
		j.emit(jsonOut{Type: "event", Event: &evs[i], Text: j.s.render(evs[i].Key, evs[i].Params)})
	}
}

func (j *jsonFront) prompt(p engine.Prompt) {
	opts := make([]string, len(p.Options))
	for i, o := range p.Options {
		opts[i] = j.s.render(o.Key, o.Params)
	}
	j.emit(jsonOut{Type: "prompt", Prompt: &p, Text: j.s.render(p.Key, p.Params), Options: opts})
}

func (j *jsonFront) over(state any) { j.emit(jsonOut{Type: "over", State: state}) }

func (j *jsonFront) problem(err error) {
	p, _ := j.s.game.Prompt()
	j.emit(jsonOut{Type: "error", Error: err.Error(), Allowed: p.Allowed()})
}

func (j *jsonFront) next(engine.Prompt) (engine.Answer, int, bool) {
	for j.in.Scan() {
		line := j.in.Bytes()
		if len(line) == 0 {
			continue
		}
		var in jsonIn
		if err := json.Unmarshal(line, &in); err != nil {
			j.problem(fmt.Errorf("tableside: answer is not JSON: %w", err))
			continue
		}
		return in.Answer, in.Undo, true
	}
	return engine.Answer{}, 0, false
}
