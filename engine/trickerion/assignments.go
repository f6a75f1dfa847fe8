package trickerion

import "slices"

// SpecialAssignment is an Assignment card of the Dark Alley deck. The data
// has the 40 Special Assignment cards (10 each for Theater, Workshop,
// Downtown, Market Row) and also the 5 permanent Assignment card types
// (Permanent true, Text ""). Academy Special Assignment cards are not in
// the data.
type SpecialAssignment struct {
	ID        string `json:"id"`
	Name      string `json:"name"`
	Location  string `json:"location"` // a Location id
	Text      string `json:"text"`     // [bracketed] words are icons
	Permanent bool   `json:"permanent"`
	// AppliesTo is the action the card modifies ("set-up-trick", "buy",
	// ...; "any").
	AppliesTo string   `json:"applies_to"`
	Source    []string `json:"source"`
}

type assignmentsFile struct {
	Cards []SpecialAssignment `json:"cards"`
}

var assignmentsData = loader[assignmentsFile]("special_assignments.json")

// SpecialAssignments returns the 5 permanent Assignment cards followed by
// the 40 Special Assignment cards (45 in all), in data order. Filter on
// Permanent to get either set.
func SpecialAssignments() []SpecialAssignment {
	cs := assignmentsData().Cards
	out := make([]SpecialAssignment, len(cs))
	for i, c := range cs {
		c.Source = slices.Clone(c.Source)
		out[i] = c
	}
	return out
}

// SpecialAssignmentsAt returns the (non-permanent) Special Assignment cards
// of a Location.
func SpecialAssignmentsAt(location string) []SpecialAssignment {
	var out []SpecialAssignment
	for _, c := range SpecialAssignments() {
		if !c.Permanent && c.Location == location {
			out = append(out, c)
		}
	}
	return out
}
