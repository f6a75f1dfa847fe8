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
