package engine

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strconv"
)

// Table is a match's link to the people at the table: it asks them
// questions, tells them what happened, and holds the game's seeded
// randomness.
type Table struct {
	pcg    *rand.PCG
	rng    *rand.Rand
	yield  func(Prompt) bool
	answer Answer
	// events holds the events emitted since the last answer from start on;
	// each answer's events go out as a slice of their own, capacity capped,
	// so the array is shared but never written twice.
	events []Event
	start  int
	asked  int
}

// stopped unwinds a script whose game was closed while it waited.
type stopped struct{}

func newTable(seed uint64) *Table {
	pcg := rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)
	return &Table{pcg: pcg, rng: rand.New(pcg)}
}

// Ask puts p to the table and returns a valid answer to it. The prompt's ID
// is made unique by prefixing the number of prompts asked before it.
func (t *Table) Ask(p Prompt) Answer {
	t.asked++
	var buf [64]byte
	id := strconv.AppendInt(buf[:0], int64(t.asked), 10)
	if p.ID != "" {
		id = append(append(id, ':'), p.ID...)
	}
	p.ID = string(id)
	if !t.yield(p) {
		panic(stopped{})
	}
	return t.answer
}

// Emit records an event; the engine hands it out with the answer that led
// to it.
func (t *Table) Emit(e Event) {
	if len(t.events) == cap(t.events) {
		n := len(t.events) - t.start
		more := make([]Event, n, max(64, 2*n))
		copy(more, t.events[t.start:])
		t.events, t.start = more, 0
	}
	t.events = append(t.events, e)
}

// Rand is the game's seeded random source. Use nothing else.
func (t *Table) Rand() *rand.Rand { return t.rng }

// RandState is the random source's state, for a match's State.
func (t *Table) RandState() json.RawMessage {
	b, err := t.pcg.MarshalBinary()
	if err != nil {
		panic(fmt.Sprintf("engine: PCG state: %v", err)) // PCG never fails to marshal
	}
	out, _ := json.Marshal(b)
	return out
}

func (t *Table) takeEvents() []Event {
	n := len(t.events)
	if t.start == n {
		return nil
	}
	ev := t.events[t.start:n:n]
	t.start = n
	return ev
}
