package main

import (
	"sort"

	"tableside/engine"
)

// bots are the games "tableside play" and "tableside sim" know.
var bots = map[string]engine.Bot{}

func botNames() []string {
	names := make([]string, 0, len(bots))
	for n := range bots {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
