package main

import (
	"strings"
	"testing"

	"tableside/vision/cv"
)

// The bench says where the read time goes: each stage's share of all
// frames' time, and of the frames read in the p95 time or more.
func TestReportStagesSharesAllAndSlowFrames(t *testing.T) {
	st := func(detect, again float64) []cv.StageTime {
		return []cv.StageTime{{Stage: "detect", Millis: detect}, {Stage: "placeAgain", Millis: again}}
	}
	bt := benchTimes{
		ms:     []float64{10, 10, 100},
		stages: [][]cv.StageTime{st(10, 0), st(10, 0), st(20, 80)},
	}
	var b strings.Builder
	bt.reportStages(&b, 100)
	want := "of the 1 frames read in the p95 time or more, 100.0 ms each on average): detect 33% (20%), placeAgain 67% (80%)\n"
	if !strings.HasSuffix(b.String(), want) {
		t.Errorf("got %q, want it to end %q", b.String(), want)
	}
}

// The read time is given per frame of the frames' size, and a bench over
// sets of different sizes says so rather than name one of them.
func TestBenchTimesFrameSize(t *testing.T) {
	for _, c := range []struct {
		sets [][]string // each set's frame sizes
		want string
	}{
		{nil, "read time per frame ("},
		{[][]string{{"1280x720", "1280x720"}}, "read time per 1280x720 frame ("},
		{[][]string{{"1920x1080"}, {"1920x1080"}}, "read time per 1920x1080 frame ("},
		{[][]string{{"1280x720"}, {"1920x1080"}}, "read time per mixed-size frame ("},
		{[][]string{{"1280x720", "1920x1080"}}, "read time per mixed-size frame ("},
	} {
		var all benchTimes
		for _, set := range c.sets {
			var b benchTimes
			for _, s := range set {
				b.ms, b.ns = append(b.ms, 10), append(b.ns, 12)
				b.addSize(s)
			}
			all.add(b)
		}
		if all.ms == nil {
			all.ms, all.ns = []float64{10}, []float64{12}
		}
		var out strings.Builder
		all.report(&out)
		if !strings.Contains(out.String(), c.want) {
			t.Errorf("%v: %q, want %q", c.sets, out.String(), c.want)
		}
	}
}
