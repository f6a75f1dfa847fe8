package main

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"tableside/vision/cv"
)

// benchTimes are the bench's frames' read times (ms), placements
// classified and times by stage, frame by frame.
type benchTimes struct {
	ms, ns []float64
	stages [][]cv.StageTime
	size   string // the frames' size, WxH ("" before the first; mixedSizes)
}

// mixedSizes is benchTimes.size over frames of more than one size.
const mixedSizes = "mixed-size"

// add appends o's frames.
func (b *benchTimes) add(o benchTimes) {
	b.ms, b.ns, b.stages = append(b.ms, o.ms...), append(b.ns, o.ns...), append(b.stages, o.stages...)
	if o.size != "" {
		b.addSize(o.size)
	}
}

// addSize notes a frame's size.
func (b *benchTimes) addSize(size string) {
	switch b.size {
	case "", size:
		b.size = size
	default:
		b.size = mixedSizes
	}
}

// report writes the read times and placements classified per frame
// (median, p95 and max), then where the time goes (reportStages).
func (b benchTimes) report(w io.Writer) {
	ms, ns := slices.Sorted(slices.Values(b.ms)), slices.Sorted(slices.Values(b.ns))
	frame := strings.TrimSpace(b.size + " frame")
	fmt.Fprintf(w, "read time per %s (one core, decoded frame): median %.1f ms, p95 %.1f ms, max %.1f ms\n",
		frame, benchPct(ms, 0.5), benchPct(ms, 0.95), benchPct(ms, 1))
	fmt.Fprintf(w, "placements classified per frame (the read time's work, the same on every machine): median %.0f, p95 %.0f, max %.0f\n",
		benchPct(ns, 0.5), benchPct(ns, 0.95), benchPct(ns, 1))
	b.reportStages(w, benchPct(ms, 0.95))
}

// reportStages writes each stage's share of the read time of all frames
// and of the slow ones (read in p95 ms or more): a slow frame's time lies
// in the stages that read unsure dice again.
func (b benchTimes) reportStages(w io.Writer, p95 float64) {
	if len(b.stages) == 0 {
		return
	}
	all, slow := make([]float64, len(b.stages[0])), make([]float64, len(b.stages[0]))
	var nSlow int
	var sumAll, sumSlow float64
	for i, st := range b.stages {
		isSlow := b.ms[i] >= p95
		if isSlow {
			nSlow++
		}
		for j, s := range st {
			all[j] += s.Millis
			sumAll += s.Millis
			if isSlow {
				slow[j] += s.Millis
				sumSlow += s.Millis
			}
		}
	}
	parts := make([]string, len(all))
	for j := range all {
		parts[j] = fmt.Sprintf("%s %.0f%% (%.0f%%)", b.stages[0][j].Stage, 100*all[j]/max(sumAll, 1e-9), 100*slow[j]/max(sumSlow, 1e-9))
	}
	fmt.Fprintf(w, "read time by stage, share of all frames' time (in brackets: of the %d frames read in the p95 time or more, %.1f ms each on average): %s\n",
		nSlow, sumSlow/float64(max(nSlow, 1)), strings.Join(parts, ", "))
}
