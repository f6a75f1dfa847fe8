package cardedit

import (
	"fmt"
	"slices"

	"tableside/engine/heir"
	"tableside/engine/heir/theater"
	"tableside/engine/trickerion"
)

// SoloCards is how many Solo Performance cards the game holds (heir-solo-rules:
// COMPONENTS, 12x Solo Performance cards).
const SoloCards = 12

// SetSize is how many Plan cards the set for use with (or without) the
// Academy holds.
func SetSize(academy bool) int {
	p, s := heir.PlanSetCounts(academy)
	return p + s
}

// kindRoom is how many more cards of kind the set can take.
func kindRoom(lib heir.Library, academy bool, kind string) int {
	p, s := heir.PlanSetCounts(academy)
	want := s
	if kind == heir.Perform {
		want = p
	}
	n := 0
	for _, c := range lib.PlanCards {
		if c.Academy == academy && c.Kind == kind {
			n++
		}
	}
	return want - n
}

// PlanCount is how many Plan cards of the set for use with (or without)
// the Academy the library holds.
func PlanCount(lib heir.Library, academy bool) int {
	n := 0
	for _, c := range lib.PlanCards {
		if c.Academy == academy {
			n++
		}
	}
	return n
}

// Check validates a library: every card valid, ids unique, no set holding
// more cards of a kind than the game has, at most SoloCards solo cards.
func Check(lib heir.Library) error {
	ids := map[string]bool{}
	for _, c := range lib.PlanCards {
		if err := c.Validate(); err != nil {
			return fmt.Errorf("cardedit: library: %w", err)
		}
		if ids[c.ID] {
			return fmt.Errorf("cardedit: library: two cards with id %s", c.ID)
		}
		ids[c.ID] = true
	}
	for _, academy := range []bool{true, false} {
		for _, kind := range []string{heir.Perform, heir.SetUp} {
			if kindRoom(lib, academy, kind) < 0 {
				return fmt.Errorf("cardedit: library: too many %s Plan cards in the set academy=%v", kind, academy)
			}
		}
	}
	for _, c := range lib.SoloPerformanceCards {
		if err := c.Validate(); err != nil {
			return fmt.Errorf("cardedit: library: %w", err)
		}
		if ids[c.ID] {
			return fmt.Errorf("cardedit: library: two cards with id %s", c.ID)
		}
		ids[c.ID] = true
	}
	if n := len(lib.SoloPerformanceCards); n > SoloCards {
		return fmt.Errorf("cardedit: library: %d Solo Performance cards, the game has %d", n, SoloCards)
	}
	return nil
}

// newID is the first id "PREFIXn" (n = 1, 2...) no card of lib uses.
func newID(lib heir.Library, prefix string) string {
	used := map[string]bool{}
	for _, c := range lib.PlanCards {
		used[c.ID] = true
	}
	for _, c := range lib.SoloPerformanceCards {
		used[c.ID] = true
	}
	for n := 1; ; n++ {
		if id := fmt.Sprintf("%s%d", prefix, n); !used[id] {
			return id
		}
	}
}

// samePlan tells whether two Plan cards show the same thing.
func samePlan(a, b heir.PlanCard) bool {
	return a.Academy == b.Academy && a.Kind == b.Kind && slices.Equal(a.Steps, b.Steps)
}

// sameSolo tells whether two solo cards show the same thing (ids aside).
func sameSolo(a, b theater.CardSpec) bool {
	a, b = Canonical(a), Canonical(b)
	a.ID, b.ID, a.Name, b.Name = "", "", "", ""
	return fmt.Sprint(a) == fmt.Sprint(b)
}

// Canonical returns c with its slots, links (each from its first slot in
// reading order) and grey markers in reading order, so that two entries of
// the same card compare equal.
func Canonical(c theater.CardSpec) theater.CardSpec {
	at := func(s trickerion.Slot) int { return s.Y*2 + s.X }
	c.Slots = slices.Clone(c.Slots)
	slices.SortFunc(c.Slots, func(a, b trickerion.Slot) int { return at(a) - at(b) })
	c.Links = slices.Clone(c.Links)
	for i, l := range c.Links {
		if at(l.B) < at(l.A) {
			c.Links[i].A, c.Links[i].B = l.B, l.A
		}
	}
	slices.SortFunc(c.Links, func(a, b trickerion.Link) int {
		if d := at(a.A) - at(b.A); d != 0 {
			return d
		}
		return at(a.B) - at(b.B)
	})
	c.Neutral = slices.Clone(c.Neutral)
	slices.SortFunc(c.Neutral, func(a, b theater.NeutralMarker) int { return at(a.Slot) - at(b.Slot) })
	return c
}
