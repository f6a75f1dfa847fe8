// Package trickerion holds the Trickerion component data the bots need:
// Tricks, Performance cards, Magicians, Prophecies, Downtown dice,
// Locations, Academy renovation spaces, Special Assignment cards and the
// Dahlgaard's Heir reference tables. The data is embedded JSON derived from
// the researched component files (shared/data/trickerion); every entry keeps
// the source it was read from. Accessors return copies, so callers may
// change what they get without touching the shared data.
package trickerion

import (
	"embed"
	"encoding/json"
	"fmt"
	"slices"
	"sync"
)

//go:embed data/*.json
var dataFS embed.FS

// load decodes the embedded file name into v. The data is part of the
// binary, so a decoding error is a programming error and panics.
func load(name string, v any) {
	b, err := dataFS.ReadFile("data/" + name)
	if err != nil {
		panic(fmt.Errorf("trickerion: read %s: %w", name, err))
	}
	if err := json.Unmarshal(b, v); err != nil {
		panic(fmt.Errorf("trickerion: decode %s: %w", name, err))
	}
}

// loader returns a function that decodes the embedded file name once and
// then returns the decoded value.
func loader[T any](name string) func() T {
	return sync.OnceValue(func() T {
		var v T
		load(name, &v)
		return v
	})
}

// Category of a Trick and of a Magician's Favorite.
type Category string

// The four Trick categories.
const (
	Escape     Category = "escape"
	Mechanical Category = "mechanical"
	Optical    Category = "optical"
	Spiritual  Category = "spiritual"
)

// Categories lists the four Trick categories.
var Categories = []Category{Escape, Mechanical, Optical, Spiritual}

// Valid reports whether c is one of the four categories.
func (c Category) Valid() bool { return slices.Contains(Categories, c) }

// Yield is an amount of Fame, Coins and Shards.
type Yield struct {
	Fame   int `json:"fame"`
	Coins  int `json:"coins"`
	Shards int `json:"shards"`
}

// Add returns y plus o.
func (y Yield) Add(o Yield) Yield {
	return Yield{Fame: y.Fame + o.Fame, Coins: y.Coins + o.Coins, Shards: y.Shards + o.Shards}
}
