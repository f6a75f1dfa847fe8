package theater

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"tableside/engine/trickerion"
)

// trickerion-rules-summary.fr: THÉÂTRE, Monter un Tour: the Trick's
// category corner sits in a link circle; every corner shows one category.
func TestCorner_EachMarkerShowsAllFourCategories(t *testing.T) {
	for _, c := range trickerion.Categories {
		for _, f := range Directions {
			if got := Corner(c, f, f); got != c {
				t.Errorf("Corner(%s, %s, %s) = %s, want the Trick's own category", c, f, f, got)
			}
			seen := map[trickerion.Category]bool{}
			for _, d := range Directions {
				seen[Corner(c, f, d)] = true
			}
			if len(seen) != 4 {
				t.Errorf("marker %s facing %s shows %v, want 4 categories", c, f, seen)
			}
		}
	}
	// Clockwise order Escape, Spiritual, Mechanical, Optical (BGA).
	if got := Corner(trickerion.Escape, Up, Right); got != trickerion.Spiritual {
		t.Errorf("escape up: right corner = %s, want spiritual", got)
	}
	if got := Corner(trickerion.Escape, Right, Up); got != trickerion.Optical {
		t.Errorf("escape right: top corner = %s, want optical", got)
	}
}

func TestCardSpec_Validate_MultiplayerCards(t *testing.T) {
	specs := MultiplayerSpecs()
	if len(specs) != 28 {
		t.Fatalf("%d multiplayer cards, want 28", len(specs))
	}
	for _, s := range specs {
		if err := s.Validate(); err != nil {
			t.Errorf("%s: %v", s.ID, err)
		}
		for _, sl := range s.Slots {
			if len(s.LinkDirections(sl)) == 0 {
				t.Errorf("%s: slot %v has no link circle", s.ID, sl)
			}
		}
	}
}

func TestCardSpec_Validate_Errors(t *testing.T) {
	good := soloCard().Spec
	tests := []struct {
		name   string
		change func(*CardSpec)
		want   string
	}{
		{"ok", func(*CardSpec) {}, ""},
		{"no id", func(s *CardSpec) { s.ID = "" }, "no id"},
		{"no slot", func(s *CardSpec) { s.Slots = nil; s.Links = nil; s.Neutral = nil }, "no slot"},
		{"outside grid", func(s *CardSpec) { s.Slots = append(s.Slots, at(2, 0)) }, "outside"},
		{"duplicate slot", func(s *CardSpec) { s.Slots = append(s.Slots, at(0, 1)) }, "twice"},
		{"link to missing slot", func(s *CardSpec) { s.Links = append(s.Links, trickerion.Link{A: at(0, 1), B: at(0, 2)}) }, "missing slot"},
		{"diagonal link", func(s *CardSpec) {
			s.Slots = append(s.Slots, at(1, 1))
			s.Links = append(s.Links, trickerion.Link{A: at(0, 0), B: at(1, 1)})
		}, "not orthogonally adjacent"},
		{"duplicate link", func(s *CardSpec) { s.Links = append(s.Links, trickerion.Link{A: at(0, 1), B: at(0, 0)}) }, "twice"},
		{"grey marker off card", func(s *CardSpec) {
			s.Neutral = append(s.Neutral, NeutralMarker{Slot: at(1, 2), Category: trickerion.Optical, Facing: Up})
		}, "missing slot"},
		{"two grey markers", func(s *CardSpec) {
			s.Neutral = append(s.Neutral, NeutralMarker{Slot: at(0, 0), Category: trickerion.Optical, Facing: Up})
		}, "two grey"},
		{"bad grey category", func(s *CardSpec) { s.Neutral[0].Category = "fire" }, "bad category"},
		{"negative bonus", func(s *CardSpec) { s.Bonus.Coins = -1 }, "negative"},
	}
	for _, tc := range tests {
		s := good
		s.Slots = append([]trickerion.Slot(nil), good.Slots...)
		s.Links = append([]trickerion.Link(nil), good.Links...)
		s.Neutral = append([]NeutralMarker(nil), good.Neutral...)
		tc.change(&s)
		err := s.Validate()
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: %v", tc.name, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s: error %v, want one containing %q", tc.name, err, tc.want)
		case err != nil && !strings.HasPrefix(err.Error(), "theater: "):
			t.Errorf("%s: error %q lacks the package name", tc.name, err)
		}
	}
}

// The card editor stores Solo cards as JSON.
func TestCardSpec_JSONRoundTrip(t *testing.T) {
	in := soloCard().Spec
	b, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	var out CardSpec
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(in, out) {
		t.Errorf("round trip:\n got %+v\nwant %+v", out, in)
	}
	if !strings.Contains(string(b), `"facing":"down"`) {
		t.Errorf("JSON %s does not name the direction", b)
	}
}

// trickerion-rules-summary.fr: THÉÂTRE, Enchaînements: two same symbols
// in one circle; grey printed markers count.
func TestCard_Links(t *testing.T) {
	w, s := trick(t, window, 1), trick(t, stocks, 1)
	c := card(t, "P02_RiversideTheater", heirM(w, 0, 1, Right), heirM(s, 0, 0, Down),
		playerM("P", trickerion.Spiritual, 1, 1, Left))
	ls := c.Links()
	if len(ls) != 2 || ls[0].Category != trickerion.Escape || ls[0].Shard || ls[1].Category != trickerion.Spiritual || !ls[1].Shard {
		t.Errorf("links = %+v, want escape (plain) and spiritual (Shard)", ls)
	}
	solo := soloCard()
	solo.Markers = []Marker{heirM(s, 0, 1, Up)}
	if got := len(solo.Links()); got != 1 {
		t.Errorf("links with a grey marker = %d, want 1", got)
	}
}
