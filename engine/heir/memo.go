package heir

import (
	"sync"

	"tableside/engine"
)

// memo remembers values that depend only on their key (rule references,
// prompt ids), shared read-only by every game.
type memo[K comparable, V any] struct {
	mu sync.RWMutex
	m  map[K]V
}

// get returns the value of k, building it with build the first time.
func (c *memo[K, V]) get(k K, build func(K) V) V {
	c.mu.RLock()
	v, ok := c.m[k]
	c.mu.RUnlock()
	if ok {
		return v
	}
	v = build(k)
	c.mu.Lock()
	if c.m == nil {
		c.m = map[K]V{}
	}
	c.m[k] = v
	c.mu.Unlock()
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
