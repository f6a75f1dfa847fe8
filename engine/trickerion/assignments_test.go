package trickerion

import (
	"strings"
	"testing"
)

func TestSpecialAssignments_Counts(t *testing.T) {
	all := SpecialAssignments()
	perm := 0
	for _, c := range all {
		if c.Permanent {
			perm++
			continue
		}
		if c.Text == "" {
			t.Errorf("%s: special card without text", c.ID)
		}
	}
	if len(all) != 45 || perm != 5 {
		t.Errorf("%d cards with %d permanent, want 40 special + 5 permanent", len(all), perm)
	}
	for _, loc := range []string{Theater, Workshop, Downtown, MarketRow} {
		if n := len(SpecialAssignmentsAt(loc)); n != 10 {
			t.Errorf("SpecialAssignmentsAt(%s) = %d, want 10", loc, n)
		}
		if _, ok := LocationByID(loc); !ok {
			t.Errorf("%s is not a Location", loc)
		}
	}
	if n := len(SpecialAssignmentsAt(DarkAlley)); n != 0 {
		t.Errorf("SpecialAssignmentsAt(dark-alley) = %d, want 0", n)
	}
}

func TestSpecialAssignments_MatchShared(t *testing.T) {
	text := string(readShared(t, "special_assignments.yaml"))
	if n := strings.Count(text, "\n- id: "); n != len(SpecialAssignments()) {
		t.Errorf("special_assignments.yaml has %d cards, embedded %d", n, len(SpecialAssignments()))
	}
	for _, c := range SpecialAssignments() {
		wantInShared(t, "special_assignments.yaml", "- id: "+c.ID+"\n  name: "+c.Name+"\n  location: "+c.Location+"\n")
		if c.Text != "" && !strings.Contains(text, firstWords(c.Text, 4)) {
			t.Errorf("%s: text %q not in the yaml", c.ID, firstWords(c.Text, 4))
		}
	}
}
