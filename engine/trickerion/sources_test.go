package trickerion

import "testing"

// Every entry of every embedded file carries its source.
func TestEverySourceNonEmpty(t *testing.T) {
	check := func(kind, id string, n int) {
		if n == 0 {
			t.Errorf("%s %s has no source", kind, id)
		}
	}
	for _, x := range Tricks() {
		check("trick", x.ID, len(x.Source))
	}
	for _, x := range PerformanceCards() {
		check("performance card", x.ID, len(x.Source))
	}
	for _, x := range Magicians() {
		check("magician", x.ID, len(x.Source))
	}
	for _, x := range Prophecies() {
		check("prophecy", x.ID, len(x.Source))
	}
	for _, x := range DowntownDice() {
		check("die", x.Kind, len(x.Source))
	}
	for _, x := range Locations() {
		check("location", x.ID, len(x.Source))
	}
	for _, x := range RenovationSpaces() {
		check("renovation space", x.ID, len(x.Source))
	}
	for _, x := range SpecialAssignments() {
		check("assignment", x.ID, len(x.Source))
	}
	check("rules", "", len(GameRules().Source))
	check("heir tables", "", len(HeirTables().Source))
}
