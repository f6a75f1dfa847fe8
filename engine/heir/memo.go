package heir

import (
	"maps"
	"sync"
	"sync/atomic"

	"tableside/engine"
)

// memo remembers values that depend only on their key (rule references,
// prompt ids), shared read-only by every game. Reading takes no lock: a
// new key copies the map (the keys are few and soon all known).
type memo[K comparable, V any] struct {
	mu sync.Mutex // for writers
	m  atomic.Pointer[map[K]V]
}

// get returns the value of k, building it with build the first time.
func (c *memo[K, V]) get(k K, build func(K) V) V {
	if m := c.m.Load(); m != nil {
		if v, ok := (*m)[k]; ok {
			return v
		}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	old := c.m.Load()
	if old != nil {
		if v, ok := (*old)[k]; ok {
			return v
		}
	}
	next := make(map[K]V, 1)
	if old != nil {
		maps.Copy(next, *old)
	}
	v := build(k)
	next[k] = v
	c.m.Store(&next)
	return v
}

var rules memo[[2]string, *engine.RuleRef]

// rule names a section of the Heir's rules (a shared value: nobody changes
// a prompt's or an event's Rule).
func rule(section, step string) *engine.RuleRef {
	return rules.get([2]string{section, step}, func(k [2]string) *engine.RuleRef {
		return &engine.RuleRef{Book: "heir", Section: k[0], Step: k[1]}
	})
}

type turnSlug struct {
	turn int
	slug string
}

var pids memo[turnSlug, string]

// pid makes a prompt id: "t3.place.heir"; the prompts of setup and of the
// final scoring keep their slug.
func (m *match) pid(slug string) string {
	if m.s.Turn == 0 || m.s.Phase == "end-game" {
		return slug
	}
	return pids.get(turnSlug{m.s.Turn, slug}, func(k turnSlug) string { return "t" + itoa(k.turn) + "." + k.slug })
}
