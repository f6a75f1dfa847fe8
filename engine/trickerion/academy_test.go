package trickerion

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
)

func TestRenovationSpaces_Counts(t *testing.T) {
	spaces := RenovationSpaces()
	if len(spaces) != 8 {
		t.Fatalf("RenovationSpaces() = %d, want 8", len(spaces))
	}
	kinds := map[string]int{}
	opens := map[int]int{}
	for _, s := range spaces {
		kinds[s.Kind]++
		opens[s.OpensOnTurn]++
		if len(s.Ratios) != 3 {
			t.Errorf("%s: %d ratios, want 3", s.ID, len(s.Ratios))
		}
		for i, r := range s.Ratios {
			if r.FameThreshold != FameThreshold(i+1) {
				t.Errorf("%s ratio %d threshold %d, want %d", s.ID, i, r.FameThreshold, FameThreshold(i+1))
			}
		}
	}
	if kinds[Classroom] != 4 || kinds[PracticeRoom] != 4 {
		t.Errorf("kinds = %v, want 4 classrooms and 4 practice rooms", kinds)
	}
	// academy board: 4 spaces open at start, 2 from turn IV (A), 2 from VI (B).
	if opens[1] != 4 || opens[4] != 2 || opens[6] != 2 {
		t.Errorf("opening turns = %v", opens)
	}
}

// Every space's Coin and Fame rows are those of academy.yaml.
func TestRenovationSpaces_MatchShared(t *testing.T) {
	text := string(readShared(t, "academy.yaml"))
	for _, s := range RenovationSpaces() {
		var coins, fame []int
		for _, r := range s.Ratios {
			coins = append(coins, r.Cost)
			fame = append(fame, r.Fame)
		}
		line := lineWith(text, "{id: "+s.ID+",")
		for _, want := range []string{
			"type: " + strings.ReplaceAll(s.Kind, "-", "_") + ",", "row: " + s.Row + ",",
			"opens_on_turn: " + strconv.Itoa(s.OpensOnTurn), "coins: [" + ints(coins, false) + "]", "fame: [" + ints(fame, false) + "]",
		} {
			if !strings.Contains(line, want) {
				t.Errorf("%s: academy.yaml line %q lacks %q", s.ID, line, want)
			}
		}
	}
}

// academy-rules: RENOVATE step 5: Turn I-II 4 Banners, III-IV 3, V-VI 2,
// VII 1; 12 Banners each; 2 players: 8 Fame for more Banners.
func TestBannersForTurn(t *testing.T) {
	want := []int{0, 4, 4, 3, 3, 2, 2, 1, 0}
	var parts []string
	for turn, n := range want {
		if got := BannersForTurn(turn); got != n {
			t.Errorf("BannersForTurn(%d) = %d, want %d", turn, got, n)
		}
		if turn >= 1 && turn <= 7 {
			parts = append(parts, fmt.Sprintf("%d: %d", turn, n))
		}
	}
	if BannersPerSide() != 12 || BannerMajorityFame() != 8 {
		t.Errorf("banners per side %d, majority %d Fame; want 12, 8", BannersPerSide(), BannerMajorityFame())
	}
	wantInShared(t, "academy.yaml", "placed_per_renovation_by_turn: {"+strings.Join(parts, ", ")+"}", "per_side: 12")
	rules := readRules(t, "academy-rules.en.txt")
	for _, l := range []string{"Turn I-II: place 4 Banners.", "Turn VII: place 1 Banner.", "12 wooden Banners", "the player with more Banners scores 8 Fame"} {
		if !strings.Contains(rules, l) {
			t.Errorf("academy rules lack %q", l)
		}
	}
}

func TestProtegeAP(t *testing.T) {
	for secrets, want := range map[int]int{0: 1, 1: 2, 2: 3, 3: 3} {
		if got := ProtegeAP(secrets); got != want {
			t.Errorf("ProtegeAP(%d) = %d, want %d", secrets, got, want)
		}
	}
	wantInShared(t, "academy.yaml", "ap_by_secrets: {0: 1, 1: 2, 2: 3}")
}

// lineWith returns the first line of text containing sub, or "".
func lineWith(text, sub string) string {
	for _, l := range strings.Split(text, "\n") {
		if strings.Contains(l, sub) {
			return l
		}
	}
	return ""
}
