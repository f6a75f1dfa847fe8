package main

import (
	"encoding/json"
	"sort"

	"tableside/engine"
	"tableside/engine/heir"
	"tableside/engine/heir/heirtest"
)

// bots are the games "tableside play" and "tableside sim" know.
var bots = map[string]engine.Bot{"heir": heir.Bot{}}

func init() {
	// Simulations play with every card of the library filled in.
	sampleLibrary = func(bool) json.RawMessage { return heirtest.LibraryJSON() }
	inGameTurn = heir.InGameTurn
}

func botNames() []string {
	names := make([]string, 0, len(bots))
	for n := range bots {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
