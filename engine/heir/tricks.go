package heir

import (
	"sync"

	"tableside/engine/trickerion"
)

// The Trick cards never change during a game: the engine reads them from
// one shared, read-only copy instead of asking the data package for a fresh
// deep copy at every step. Callers must not change a Trick's Components.
var tricks = sync.OnceValues(func() ([]trickerion.Trick, map[string]trickerion.Trick) {
	all := trickerion.Tricks()
	byID := make(map[string]trickerion.Trick, len(all))
	for _, t := range all {
		byID[t.ID] = t
	}
	return all, byID
})

// magicians and prophecies are the Magician and Prophecy cards, read once
// and shared like the Tricks.
var (
	magicianCards = sync.OnceValue(trickerion.Magicians)
	prophecyCards = sync.OnceValue(trickerion.Prophecies)
)

// trickByID is trickerion.TrickByID on the shared copy.
func trickByID(id string) (trickerion.Trick, bool) {
	_, byID := tricks()
	t, ok := byID[id]
	return t, ok
}
