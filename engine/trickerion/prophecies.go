package trickerion

import "slices"

// Prophecy sets.
const (
	SetDarkAlley  = "dark-alley"
	SetAcademy    = "academy"
	SetArcaneArts = "arcane-arts"
)

// Solo handling of a Prophecy against the Heir.
const (
	SoloRemove     = "remove"      // removed from the solo game
	SoloPlayerOnly = "player-only" // affects only the player; the Heir ignores it
	SoloBoth       = "both"        // affects both the player and the Heir
)

// Prophecy is a Dark Alley, Academy or Arcane Arts Prophecy. IDs are the
// fan app's numbering (p01..p37), not an official one.
type Prophecy struct {
	ID     string `json:"id"`
	Name   string `json:"name"`
	Set    string `json:"set"`
	Effect string `json:"effect"`
	// Solo is SoloRemove, SoloPlayerOnly or SoloBoth; SoloNote is the raw
	// solo handling text of the data.
	Solo     string `json:"solo"`
	SoloNote string `json:"solo_note"`
	// RemovedWith lists the sets whose presence removes this Prophecy
	// (only "arcane-arts" in the data); RemovalReason says why.
	RemovedWith   []string `json:"removed_with,omitempty"`
	RemovalReason string   `json:"removal_reason,omitempty"`
	BGAID         string   `json:"bga_id,omitempty"`
	Source        []string `json:"source"`
}

type propheciesFile struct {
	SoloSetup  string     `json:"solo_setup"`
	Prophecies []Prophecy `json:"prophecies"`
}

var propheciesData = loader[propheciesFile]("prophecies.json")

// Prophecies returns all Prophecies in data order: 27 Dark Alley, 7
// Academy, 3 Arcane Arts.
func Prophecies() []Prophecy {
	ps := propheciesData().Prophecies
	out := make([]Prophecy, len(ps))
	for i, p := range ps {
		p.RemovedWith = slices.Clone(p.RemovedWith)
		p.Source = slices.Clone(p.Source)
		out[i] = p
	}
	return out
}

// SoloProphecies returns the Prophecies in play against the Heir with the
// given sets in play (Dark Alley is always in play): the Prophecies of
// those sets minus the ones removed from the solo game or by a set in play.
func SoloProphecies(sets ...string) []Prophecy {
	in := append([]string{SetDarkAlley}, sets...)
	var out []Prophecy
	for _, p := range Prophecies() {
		if !slices.Contains(in, p.Set) || p.Solo == SoloRemove {
			continue
		}
		if slices.ContainsFunc(p.RemovedWith, func(s string) bool { return slices.Contains(in, s) }) {
			continue
		}
		out = append(out, p)
	}
	return out
}
