package theater

import (
	"math/rand/v2"
	"slices"
	"testing"

	"tableside/engine/trickerion"
)

// randomInput builds a random but legal Theater: 1-3 cards (some with grey
// markers), markers of both players already on them, 1-4 Heir Tricks.
func randomInput(r *rand.Rand) PlaceInput {
	specs := MultiplayerSpecs()
	all := trickerion.Tricks()
	var in PlaceInput
	for _, i := range r.Perm(len(all))[:1+r.IntN(4)] {
		t := TrickFrom(all[i], r.IntN(4))
		t.Practice.Twice = r.IntN(5) == 0
		t.Practice.FreeOrientation = r.IntN(10) == 0
		in.Tricks = append(in.Tricks, t)
	}
	for range 1 + r.IntN(3) {
		c := Card{Spec: specs[r.IntN(len(specs))], Leaving: r.IntN(4) == 0}
		for _, sl := range c.Spec.Slots {
			dirs := c.Spec.LinkDirections(sl)
			f := dirs[r.IntN(len(dirs))]
			cat := trickerion.Categories[r.IntN(4)]
			switch r.IntN(8) {
			case 0:
				c.Spec.Neutral = append(c.Spec.Neutral, NeutralMarker{Slot: sl, Category: cat, Facing: f})
			case 1, 2:
				c.Markers = append(c.Markers, Marker{Owner: Player, TrickID: "P", Category: cat, Level: 1, Slot: sl, Facing: f})
			case 3:
				t := in.Tricks[r.IntN(len(in.Tricks))]
				if c.Count(Heir, t.ID) < t.perCard() {
					c.Markers = append(c.Markers, Marker{Owner: Heir, TrickID: t.ID, Category: t.Category, Level: t.Level, Slot: sl, Facing: f})
				}
			}
		}
		in.Cards = append(in.Cards, c)
	}
	in.Count = 1 + r.IntN(4)
	in.LastTurn = r.IntN(5) == 0
	in.FreeFirst = r.IntN(3) == 0
	in.Lumenia = r.IntN(3) == 0
	return in
}

// accepts reports whether card c could take one more marker of t.
func accepts(c Card, t HeirTrick) bool {
	if c.Count(Heir, t.ID) >= t.perCard() {
		return false
	}
	for _, sl := range c.FreeSlots() {
		if t.Practice.FreeOrientation || len(c.Spec.LinkDirections(sl)) > 0 {
			return true
		}
	}
	return false
}

// checkLegal checks the THEATER rules on a result (heir-solo-rules:
// THEATER and its Additional notes).
func checkLegal(t *testing.T, in PlaceInput, res PlaceResult) {
	t.Helper()
	if len(res.Placements) > in.Count {
		t.Fatalf("%d placements for %d markers", len(res.Placements), in.Count)
	}
	var gain trickerion.Yield
	for i, p := range res.Placements {
		gain = gain.Add(p.Gain)
		tr := in.Tricks[p.Trick]
		legal := slices.Contains(in.Cards[p.Card].Spec.LinkDirections(p.Slot), p.Facing)
		if !legal && !tr.Practice.FreeOrientation && !(i == 0 && in.FreeFirst && p.FreeOriented) {
			t.Errorf("placement %d %+v: category corner outside a link circle", i, p)
		}
		if p.FreeOriented && i != 0 {
			t.Errorf("placement %d oriented freely", i)
		}
		for _, l := range p.Links {
			if l.Fame < tr.Level {
				t.Errorf("placement %d: link pays %d Fame, Trick level %d", i, l.Fame, tr.Level)
			}
		}
		if !in.LastTurn && !in.FreeFirst && in.Cards[p.Card].Leaving {
			for ci, c := range res.Cards {
				if !c.Leaving && accepts(c, tr) {
					t.Errorf("placement %d on a leaving card while card %d had room", i, ci)
				}
			}
		}
	}
	if gain != res.Gain {
		t.Errorf("sum of gains %+v != total %+v", gain, res.Gain)
	}
	for ti, tr := range res.Tricks {
		placed := 0
		for _, p := range res.Placements {
			if p.Trick == ti {
				placed++
			}
		}
		if tr.Markers < 0 || tr.Markers != in.Tricks[ti].Markers-placed {
			t.Errorf("trick %s: %d markers left after placing %d of %d", tr.ID, tr.Markers, placed, in.Tricks[ti].Markers)
		}
		if len(res.Placements) < in.Count && tr.Markers > 0 && !in.FreeFirst {
			for ci, c := range res.Cards {
				if accepts(c, tr) {
					t.Errorf("placed %d of %d, but card %d still takes %s", len(res.Placements), in.Count, ci, tr.ID)
				}
			}
		}
	}
	for ci, c := range res.Cards {
		seen := map[trickerion.Slot]bool{}
		for _, m := range c.AllMarkers() {
			if seen[m.Slot] || !c.Spec.HasSlot(m.Slot) {
				t.Errorf("card %d: slot %v taken twice or missing", ci, m.Slot)
			}
			seen[m.Slot] = true
		}
		for _, tr := range res.Tricks {
			if n := c.Count(Heir, tr.ID); n > tr.perCard() {
				t.Errorf("card %d: %d markers of %s", ci, n, tr.ID)
			}
		}
	}
}

// checkCanPlaceAny: THEATER, IMPORTANT asks whether the Character would
// place a marker at all; CanPlaceAny answers it as Place would.
func checkCanPlaceAny(t *testing.T, in PlaceInput) {
	t.Helper()
	one := in
	one.Count = 1
	want := len(Place(one).Placements) > 0
	if got := CanPlaceAny(in.Tricks, in.Cards, in.LastTurn, in.FreeFirst); got != want {
		t.Errorf("CanPlaceAny = %v, Place of one marker places %v", got, want)
	}
}

// checkLinksWith: a marker set up on a free slot makes LinksWith new Links.
func checkLinksWith(t *testing.T, cards []Card) {
	t.Helper()
	for ci, c := range cards {
		before := len(c.Links())
		for _, sl := range c.FreeSlots() {
			for _, f := range Directions {
				m := Marker{Owner: Player, Category: trickerion.Spiritual, Slot: sl, Facing: f}
				after := c.Clone()
				after.Markers = append(after.Markers, m)
				if got, want := c.LinksWith(m), len(after.Links())-before; got != want {
					t.Errorf("card %d, %v facing %s: LinksWith %d, Links grew by %d", ci, sl, f, got, want)
				}
			}
		}
	}
}

func TestTheater_RandomDisplaysAreLegal(t *testing.T) {
	for seed := range uint64(3000) {
		r := rand.New(rand.NewPCG(seed, 7))
		in := randomInput(r)
		checkLegal(t, in, Place(in))
		checkCanPlaceAny(t, in)
		checkLinksWith(t, in.Cards)
		if t.Failed() {
			t.Fatalf("seed %d: input %+v", seed, in)
		}
	}
}

func FuzzPlace(f *testing.F) {
	for _, s := range []uint64{1, 2, 3, 42, 1000} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, seed uint64) {
		in := randomInput(rand.New(rand.NewPCG(seed, 7)))
		checkLegal(t, in, Place(in))
		checkCanPlaceAny(t, in)
	})
}

// Worst case: 4 different Tricks set up on one empty 6-slot card.
func BenchmarkPlace_Hard4Markers(b *testing.B) {
	b.Run("fixed", func(b *testing.B) { benchPlace(b, false) })
	b.Run("master-of-chains", func(b *testing.B) { benchPlace(b, true) })
}

func benchPlace(b *testing.B, free bool) {
	tricks := []HeirTrick{}
	for _, id := range []string{window, stocks, prison, rings} {
		tr, _ := trickerion.TrickByID(id)
		tricks = append(tricks, TrickFrom(tr, 1))
	}
	pc, _ := trickerion.PerformanceCardByID("P21_MagnusPantheon")
	in := PlaceInput{Count: 4, Tricks: tricks, Cards: []Card{{Spec: FromPerformanceCard(pc)}}, FreeFirst: free}
	for b.Loop() {
		Place(in)
	}
}
