package heir_test

import (
	"encoding/json"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"tableside/engine"
	"tableside/engine/heir"
	"tableside/engine/heir/heirtest"
)

func benchSetup(b *testing.B, academy bool) json.RawMessage {
	b.Helper()
	s, err := json.Marshal(map[string]any{"difficulty": "normal", "academy": academy, "library": heirtest.Library()})
	if err != nil {
		b.Fatal(err)
	}
	return s
}

// playOne plays a whole game with random legal answers; it returns the
// time each answer took.
func playOne(b *testing.B, setup json.RawMessage, seed uint64, times []time.Duration) []time.Duration {
	g, err := engine.New(heir.Bot{}, setup, seed)
	if err != nil {
		b.Fatal(err)
	}
	defer g.Close()
	r := rand.New(rand.NewPCG(seed, 0x5eed))
	for {
		p, ok := g.Prompt()
		if !ok {
			return times
		}
		a := engine.RandomAnswer(p, r, 10)
		if times == nil { // BenchmarkGame: no clock reading per answer
			if _, err := g.Answer(a); err != nil {
				b.Fatal(err)
			}
			continue
		}
		t0 := time.Now()
		if _, err := g.Answer(a); err != nil {
			b.Fatal(err)
		}
		times = append(times, time.Since(t0))
	}
}

// BenchmarkGame is one whole game of the Heir against a random player, with
// the card library filled (target: ≥ 1,000 games/s on one core).
func BenchmarkGame(b *testing.B) {
	for _, academy := range []bool{true, false} {
		name := map[bool]string{true: "academy", false: "base"}[academy]
		b.Run(name, func(b *testing.B) {
			setup := benchSetup(b, academy)
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				playOne(b, setup, uint64(i), nil)
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
		})
	}
}

// BenchmarkPrompt is the time the engine takes to answer one prompt and
// reach the next, with its 99th percentile (target: ≤ 1 ms at p99).
func BenchmarkPrompt(b *testing.B) {
	setup := benchSetup(b, true)
	times := []time.Duration{}
	for i := 0; b.Loop(); i++ {
		times = playOne(b, setup, uint64(i), times[:0])
	}
	slices.Sort(times)
	if len(times) > 0 {
		b.ReportMetric(float64(times[len(times)/2].Microseconds()), "µs-median")
		b.ReportMetric(float64(times[len(times)*99/100].Microseconds()), "µs-p99")
	}
}
