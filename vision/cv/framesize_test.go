package cv

import (
	"math"
	"slices"
	"testing"

	"gocv.io/x/gocv"

	"tableside/vision/synth"
)

// sureAtTruth reads every die of the test frame at its true placement,
// where each must be read surely as its own face.
func sureAtTruth(t *testing.T, r *Reader, frame gocv.Mat, dice []synth.DieTruth) []candidate {
	t.Helper()
	var sure []candidate
	for _, d := range dice {
		v := r.classifyAt(frame, truePlace(d))
		if v.conf < r.m.Threshold || r.m.Classes[v.class].Face != d.Face {
			t.Fatalf("%s/%s is not read surely at its true placement", d.Kind, d.Face)
		}
		sure = append(sure, candidate{rc: truePlace(d), v: v})
	}
	return sure
}

// atFrameSize reads a die left unsure at a top face placed much too
// small (0.7 of its side, as a split of touching dice may leave it) again
// at the size of the frame's dice read surely: some are then read surely,
// each as its own face and at about the frame's size, and none is read
// surely as another.
func TestAtFrameSizeReadsAnUnsureDieAgainAtTheFramesDieSize(t *testing.T) {
	r, frame, dice := testReader(t)
	sure := sureAtTruth(t, r, frame, dice)
	unsure, read := 0, 0
	for i, d := range dice {
		r.tried, r.centred = r.tried[:0], r.centred[:0]
		small := truePlace(d).scaled(0.7)
		v := r.classifyDie(frame, small, nil)
		if v.conf >= r.m.Threshold {
			continue
		}
		unsure++
		r.cands = append(r.cands[:0], sure...)
		r.cands[i] = candidate{rc: small, found: small, v: v, tried: slices.Clone(r.tried)}
		r.atFrameSize(frame)
		got := r.cands[i].v
		if got.conf < r.m.Threshold {
			continue
		}
		if c := r.m.Classes[got.class]; c.Face != d.Face {
			t.Errorf("%s/%s read surely as %s/%s at %.2f", d.Kind, d.Face, c.Kind, c.Face, got.conf)
			continue
		}
		read++
		med, sideAt, _ := r.frameSizes()
		if k := r.cands[i].rc.side(); math.Abs(k/med-1) > 0.15 && math.Abs(k/sideAt(r.cands[i].rc.C)-1) > 0.15 {
			t.Errorf("%s/%s read at side %.1f, the frame's dice at %.1f (%.1f there)", d.Kind, d.Face, k, med, sideAt(r.cands[i].rc.C))
		}
	}
	t.Logf("%d dice of %d unsure at 0.7 of their side, %d of them read surely at the frame's size", unsure, len(dice), read)
	if read == 0 {
		t.Errorf("no die unsure at 0.7 of its side was read surely at the frame's size")
	}
}

// No die is read again at the frame's size when fewer than frameSizeDice
// dice were read surely; a reading whose face lies a side from where the
// die was found (another die's) is not kept.
func TestAtFrameSizeNeedsDiceReadSurelyAndKeepsOnlyItsOwnDie(t *testing.T) {
	r, frame, dice := testReader(t)
	sure := sureAtTruth(t, r, frame, dice)
	for _, tc := range []struct {
		name  string
		sure  int  // dice read surely besides it
		away  bool // found a side from where it is read
		again bool // whether it is read again
	}{
		{"too few dice read surely", frameSizeDice - 1, false, false},
		{"just enough dice read surely", frameSizeDice, false, true},
		{"found a side away", len(sure) - 1, true, true},
	} {
		r.cands = append(r.cands[:0], sure...)
		for i := tc.sure + 1; i < len(r.cands); i++ {
			r.cands[i].v.conf = 0
		}
		r.cands[0].v.conf = 0
		r.cands[0].v.at = r.cands[0].rc.scaled(0.7)
		r.cands[0].found = r.cands[0].v.at
		if tc.away {
			r.cands[0].found.C.X += sure[0].rc.side()
		}
		r.reads = 0
		r.atFrameSize(frame)
		if again := r.reads > 0; again != tc.again {
			t.Errorf("%s: %d placements read, want read again %v", tc.name, r.reads, tc.again)
		}
		if kept := r.cands[0].v.conf != 0; kept && (!tc.again || tc.away) {
			t.Errorf("%s: read again and kept at %.2f", tc.name, r.cands[0].v.conf)
		}
	}
}

// A piece of a die found besides it (a third of a side off, 0.7 of its
// side) and read again at the frame's size is the die found twice: one
// of the two stays.
func TestAtFrameSizeLeavesOneOfADieFoundTwice(t *testing.T) {
	r, frame, dice := testReader(t)
	sure := sureAtTruth(t, r, frame, dice)
	r.cands = append(r.cands[:0], sure...)
	side, _, _ := r.frameSizes()
	piece := r.cands[0].rc.scaled(0.7 * side / r.cands[0].rc.side())
	piece.C.X += side / 3
	r.tried, r.centred = r.tried[:0], r.centred[:0]
	v := r.classifyAt(frame, piece)
	if v.conf >= r.m.Threshold {
		t.Fatalf("the piece of die 0 is read surely as %s", r.m.Classes[v.class].Face)
	}
	r.cands = append(r.cands, candidate{rc: piece, found: piece, v: v})
	r.atFrameSize(frame)
	near := 0
	for _, c := range r.cands {
		if math.Hypot(c.rc.C.X-sure[0].rc.C.X, c.rc.C.Y-sure[0].rc.C.Y) < dupDist*side {
			near++
		}
	}
	if len(r.cands) != len(sure) || near != 1 {
		t.Errorf("a piece of die 0 read again: %d dice, %d of them on die 0; want %d and 1", len(r.cands), near, len(sure))
	}
}

// newSizes keeps the sizes, in order, that lie sizeSame or more from the
// die's side and from the sizes kept before them.
func TestNewSizesAreSizeSameApart(t *testing.T) {
	for _, tc := range []struct {
		side  float64
		sizes []float64
		want  []float64
	}{
		{60, []float64{60.5, 61}, nil},
		{45, []float64{60, 61}, []float64{60}},
		{45, []float64{60, 66}, []float64{60, 66}},
		{60, []float64{61, 66}, []float64{66}},
		{60, []float64{45, 61}, []float64{45}},
		{60, []float64{63, 57}, []float64{63, 57}},
	} {
		if got := newSizes(tc.side, tc.sizes...); !slices.Equal(got, tc.want) {
			t.Errorf("newSizes(%v, %v) = %v, want %v", tc.side, tc.sizes, got, tc.want)
		}
	}
}

// furtherSide is half a step on (geometrically) from the closer side,
// away from the side a die was read at: √(closer/was) more.
func TestFurtherSideIsHalfAStepOn(t *testing.T) {
	for _, tc := range []struct{ was, closer, want float64 }{
		{49, 64, 64 * 8.0 / 7},
		{64, 49, 49 * 7.0 / 8},
		{60, 60, 60},
	} {
		if got := furtherSide(tc.was, tc.closer); math.Abs(got-tc.want) > 1e-9 {
			t.Errorf("furtherSide(%v, %v) = %v, want %v", tc.was, tc.closer, got, tc.want)
		}
	}
}

// readAtSizes reads a die half a step further (furtherSide) only when a
// size read it closer (a smaller residual) yet not surely: each die of
// the test frame, read at 0.6 of its side, is read again at 0.75, 0.45
// and 1.6 of its side. A die read half a step further is never read surely
// as another face.
func TestReadAtSizesGoesHalfAStepFurtherOnlyFromACloserReading(t *testing.T) {
	r, frame, dice := testReader(t)
	further, not := 0, 0
	for _, d := range dice {
		for _, k := range []float64{0.75, 0.45, 1.6} {
			r.tried, r.centred = r.tried[:0], r.centred[:0]
			at := truePlace(d).scaled(0.6)
			v := r.classifyDie(frame, at, nil)
			if v.conf >= r.m.Threshold {
				break
			}
			c := candidate{rc: at, found: at, v: v, tried: slices.Clone(r.tried)}
			side := k * float64(d.Size)
			there, ok := r.readAtSide(frame, &c, side)
			if ok {
				continue // (read surely at side: no step further)
			}
			want, stepped := slices.Clone(r.tried), there.resid < v.resid
			if stepped {
				r.readAtSide(frame, &c, furtherSide(v.at.side(), side))
				want = slices.Clone(r.tried)
				further++
			} else {
				not++
			}
			w, ok := r.readAtSizes(frame, &c, []float64{side})
			if !slices.EqualFunc(r.tried, want, func(a, b verdict) bool { return a.at == b.at }) {
				t.Errorf("%s/%s at 0.6 of its side, read again at %.2f (closer: %v): its last tries are not those %s", d.Kind, d.Face, k, stepped, map[bool]string{true: "half a step further", false: "at that side"}[stepped])
			}
			if f := r.m.Classes[w.class]; ok && f.Face != d.Face {
				t.Errorf("%s/%s read half a step further surely as %s/%s at %.2f", d.Kind, d.Face, f.Kind, f.Face, w.conf)
			}
		}
	}
	t.Logf("%d readings closer yet unsure, then half a step further; %d not closer", further, not)
	if further == 0 || not == 0 {
		t.Errorf("the test frame's dice gave no case of one of the two")
	}
}
