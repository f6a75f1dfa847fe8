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

var rules memo[[3]string, *engine.RuleRef]

// rule names a section of the Heir's rules (a shared value: nobody changes
// a prompt's or an event's Rule).
func rule(section, step string) *engine.RuleRef { return ruleIn("heir", section, step) }

// ruleIn names a section of a rulebook: "heir", "base", "academy", "dawn".
func ruleIn(book, section, step string) *engine.RuleRef {
	return rules.get([3]string{book, section, step}, func(k [3]string) *engine.RuleRef {
		return &engine.RuleRef{Book: k[0], Section: k[1], Step: k[2]}
	})
}

var boxes memo[string, any]

// boxed is s as an event's data value, boxed once for all games.
func boxed(s string) any { return boxes.get(s, func(s string) any { return s }) }

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
