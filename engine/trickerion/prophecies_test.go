package trickerion

import (
	"slices"
	"strings"
	"testing"
)

func TestProphecies_CountsBySet(t *testing.T) {
	want := map[string]int{SetDarkAlley: 27, SetAcademy: 7, SetArcaneArts: 3}
	got := map[string]int{}
	for _, p := range Prophecies() {
		got[p.Set]++
		if !slices.Contains([]string{SoloRemove, SoloPlayerOnly, SoloBoth}, p.Solo) || p.Effect == "" || p.SoloNote == "" {
			t.Errorf("%s: bad entry %+v", p.ID, p)
		}
	}
	for set, n := range want {
		if got[set] != n {
			t.Errorf("set %s: %d prophecies, want %d", set, got[set], n)
		}
	}
}

// heir-solo-rules: SETUP step 13 / APPENDIX "remove the following
// Prophecies" (pictures lost; ERRATA points to prophecies.yaml): p15, p23,
// p24, and p31 with the Academy.
func TestProphecies_SoloRemoved(t *testing.T) {
	var removed []string
	for _, p := range Prophecies() {
		if p.Solo == SoloRemove {
			removed = append(removed, p.ID)
		}
	}
	if want := []string{"p15", "p23", "p24", "p31"}; !slices.Equal(removed, want) {
		t.Errorf("removed = %v, want %v", removed, want)
	}
	wantInShared(t, "prophecies.yaml", "remove p15 (Shared Yield Modifier), p23 (Lowest AP Slot), p24 (Hidden Assignment) [+ p31 with Academy]")
}

func TestSoloProphecies(t *testing.T) {
	tests := []struct {
		sets []string
		want int
	}{
		{nil, 27 - 3},
		{[]string{SetAcademy}, 27 - 3 + 7 - 1},
		{[]string{SetAcademy, SetArcaneArts}, 27 - 3 - 3 + 7 - 1 + 3}, // p17, p18, p22 go with Arcane Arts
	}
	for _, tt := range tests {
		if got := len(SoloProphecies(tt.sets...)); got != tt.want {
			t.Errorf("SoloProphecies(%v) = %d, want %d", tt.sets, got, tt.want)
		}
	}
}

func TestProphecies_MatchShared(t *testing.T) {
	text := string(readShared(t, "prophecies.yaml"))
	if n := strings.Count(text, "\n- rassmian_id: "); n != len(Prophecies()) {
		t.Errorf("prophecies.yaml has %d prophecies, embedded %d", n, len(Prophecies()))
	}
	for _, p := range Prophecies() {
		wantInShared(t, "prophecies.yaml", "- rassmian_id: "+p.ID+"\n  short_name: "+p.Name+"\n  text: ", firstWords(p.Effect, 6))
	}
	wantInShared(t, "prophecies.yaml", "short_name: Shared Yield Modifier\n  text: ", "- removed from solo game")
}
