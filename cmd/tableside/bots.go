package main

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"tableside/engine/heir/cardedit"

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

// withLibrary puts the card library file's cards into a new game's setup
// (a setup that brings its own library keeps it). Only whole sets of Plan
// cards are used: with a set half entered the player tells each revealed
// card, as without a library.
func withLibrary(game string, setup json.RawMessage, path string, warn io.Writer) (json.RawMessage, error) {
	if game != "heir" {
		return setup, nil
	}
	lib, err := loadLibrary(path)
	if err != nil {
		return nil, err
	}
	s := map[string]json.RawMessage{}
	if len(setup) > 0 {
		if err := json.Unmarshal(setup, &s); err != nil {
			return nil, fmt.Errorf("setup: %w", err)
		}
	}
	if _, ok := s["library"]; ok {
		return setup, nil
	}
	_, o, err := heir.ParseSetup(setup)
	if err != nil {
		return nil, err
	}
	if n, whole := cardedit.PlanCount(lib, o.Academy), cardedit.SetSize(o.Academy); n != whole {
		fmt.Fprintf(warn, "tableside: %d of %d Plan cards of this game's set are in the card library; you will tell each revealed Plan card ('tableside cards' enters the rest)\n", n, whole)
		lib.PlanCards = nil
	}
	if n := len(lib.SoloPerformanceCards); n < cardedit.SoloCards {
		fmt.Fprintf(warn, "tableside: %d of %d Solo Performance cards are in the card library; you will be asked which card is drawn ('tableside cards' enters the rest)\n", n, cardedit.SoloCards)
	}
	s["library"], _ = json.Marshal(lib)
	out, _ := json.Marshal(s)
	if _, _, err := heir.ParseSetup(out); err != nil {
		return nil, fmt.Errorf("card library %s: %w", path, err)
	}
	return out, nil
}
