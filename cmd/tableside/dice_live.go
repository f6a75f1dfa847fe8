package main

import (
	"fmt"
	"io"
	"path/filepath"
	"runtime"
	"sort"

	"tableside/vision/cv"
	"tableside/vision/synth"
)

// runLive benches the reader as the appliance will read: for sets seeds
// seed, seed+1, ... (each taught in dir, or dir/seed-N for more than
// one), it films rolls with the virtual camera (cv.FilmRolls), a line
// each, then reports all their dice together: as read from one still
// frame and as vision.Still reads them, its last still frames voted.
func runLive(dir string, seed uint64, sets, rolls, readers, maxErrs int, mjpeg, reuse bool, w io.Writer) error {
	oneAll, votedAll := cv.NewTally(), cv.NewTally()
	oneAll.Unit, votedAll.Unit = "rolls", "rolls"
	var times cv.LiveTimes
	var log setLog
	for i := range sets {
		s := seed + uint64(i)
		sd := dir
		if sets > 1 {
			sd = filepath.Join(dir, fmt.Sprintf("seed-%d", s))
		}
		fmt.Fprintf(w, "seed %d:\n", s)
		one, voted := cv.NewTally(), cv.NewTally()
		lt, err := liveSet(sd, s, rolls, readers, mjpeg, reuse, w, []*cv.Tally{one, oneAll}, []*cv.Tally{voted, votedAll})
		if err != nil {
			return fmt.Errorf("seed %d: %w", s, err)
		}
		times.One, times.Voted = append(times.One, lt.One...), append(times.Voted, lt.Voted...)
		fmt.Fprintf(w, "  one still frame:    %s\n  still frames voted: %s\n", one.Short(), voted.Short())
		log.add(s, voted)
	}
	which := fmt.Sprintf("seed %d", seed)
	if sets > 1 {
		which = fmt.Sprintf("all %d sets (seeds %d to %d)", sets, seed, seed+uint64(sets)-1)
	}
	camera := "raw frames"
	if mjpeg {
		camera = "MJPEG frames"
	}
	fmt.Fprintf(w, "%s, %d %s each (%s), read as the appliance will read (vision.Still: its last still frames voted):\n", which, rolls, plural(rolls, "roll", "rolls"), camera)
	votedAll.Report(w)
	fmt.Fprintln(w, "still frames voted, over all sets:")
	votedAll.ReportIntervals(w)
	fmt.Fprintln(w, "one still frame of each roll, over all sets:")
	oneAll.ReportIntervals(w)
	log.reportTargets(w, " (voted)", sets)
	reportLiveTimes(w, times, readers)
	log.list(w, maxErrs)
	return nil
}

// liveSet renders the teach set of seed into dir (unless reuse), teaches
// on it and films rolls into the tallies (as MJPEG frames with mjpeg),
// Still reading with readers readers side by side (each on a core of its
// own).
func liveSet(dir string, seed uint64, rolls, readers int, mjpeg, reuse bool, w io.Writer, one, voted []*cv.Tally) (cv.LiveTimes, error) {
	m, err := setModel(dir, seed, synth.SetOptions{Count: -1}, reuse, "teach", w)
	if err != nil {
		return cv.LiveTimes{}, err
	}
	rs := make([]*cv.Reader, readers)
	for i := range rs {
		rs[i] = cv.NewReader(m)
		defer rs[i].Close()
	}
	prev := runtime.GOMAXPROCS(readers)
	defer runtime.GOMAXPROCS(prev)
	return cv.FilmRolls(rs, seed, rolls, mjpeg, one, voted)
}

// reportLiveTimes writes the read times per roll: one still frame's and
// vision.Still's (its frames converted, read and voted, by readers
// readers side by side), median and p95.
func reportLiveTimes(w io.Writer, t cv.LiveTimes, readers int) {
	sort.Float64s(t.One)
	sort.Float64s(t.Voted)
	fmt.Fprintf(w, "read time per roll (camera frames converted): one still frame (one core) median %.1f ms, p95 %.1f ms; still frames voted (%d %s) median %.1f ms, p95 %.1f ms\n",
		benchPct(t.One, 0.5), benchPct(t.One, 0.95), readers, plural(readers, "reader on one core", "readers side by side"), benchPct(t.Voted, 0.5), benchPct(t.Voted, 0.95))
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
