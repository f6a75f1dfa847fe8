package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"strings"
	"time"

	"tableside/engine"
)

func init() {
	register("sim", "play many games of a bot against a scripted random player and report", runSim)
}

type simFlags struct {
	game, difficulty, library string
	games                     int
	seed                      uint64
	academy, dawn, bench      bool
}

// simResult is what one simulated game reports.
type simResult struct {
	difficulty          string
	fame, turns         int
	questions, instruct int // during the game turns
	setupQuestions      int // before the first turn and after the last
}

func runSim(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	var f simFlags
	fs := flag.NewFlagSet("sim", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&f.game, "game", "heir", "the bot to play")
	fs.IntVar(&f.games, "games", 100, "games to play for each difficulty")
	fs.StringVar(&f.difficulty, "difficulty", "all", "easy, normal, hard, a comma list, or all")
	fs.Uint64Var(&f.seed, "seed", 1, "seed of the first game; game i uses seed+i")
	fs.BoolVar(&f.academy, "academy", false, "play with Dahlgaard's Academy")
	fs.BoolVar(&f.dawn, "dawn", false, "play with Dawn of Technology")
	fs.StringVar(&f.library, "library", "", "card library JSON file (default: a sample library with every card filled)")
	fs.BoolVar(&f.bench, "bench", false, "speed report on one core: 1,000 games, prompt time percentiles")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if err := simulate(f, stdout, stderr); err != nil {
		fmt.Fprintf(stderr, "tableside sim: %v\n", err)
		return 1
	}
	return 0
}

func simulate(f simFlags, stdout, stderr io.Writer) error {
	bot, ok := bots[f.game]
	if !ok {
		return fmt.Errorf("no game %q", f.game)
	}
	levels, err := simLevels(f.difficulty)
	if err != nil {
		return err
	}
	if f.bench {
		runtime.GOMAXPROCS(1)
		f.games = max(f.games, 1000)
		levels = []string{"normal"}
	}
	lib, err := simLibrary(f)
	if err != nil {
		return err
	}
	bar := newProgress(stderr, f.games*len(levels)*benchPasses(f.bench))
	defer bar.done()
	results, took, err := playAll(bot, f, levels, lib, nil, bar)
	if err != nil {
		return err
	}
	var nanos *[]int64 // the time each answer took, when timed
	if f.bench {
		// The prompts are timed in a second pass, so that reading the
		// clock twice an answer does not slow the games/s figure.
		all := make([]int64, 0, 200*f.games*len(levels))
		nanos = &all
		if _, _, err := playAll(bot, f, levels, lib, nanos, bar); err != nil {
			return err
		}
	}
	bar.done()
	report(stdout, f, results, nanos, took)
	return nil
}

// benchPasses is how many times the games are played: twice for --bench
// (untimed for games/s, then each answer timed).
func benchPasses(bench bool) int {
	if bench {
		return 2
	}
	return 1
}

// playAll plays f.games games for each level and says how long they took.
func playAll(bot engine.Bot, f simFlags, levels []string, lib json.RawMessage, nanos *[]int64, bar *progress) ([]simResult, time.Duration, error) {
	var results []simResult
	start := time.Now()
	for _, lvl := range levels {
		setup := simSetup(lvl, f.academy, f.dawn, lib)
		for i := 0; i < f.games; i++ {
			r, err := simGame(bot, setup, f.seed+uint64(i), nanos)
			if err != nil {
				return nil, 0, fmt.Errorf("%s game seed %d: %w", lvl, f.seed+uint64(i), err)
			}
			r.difficulty = lvl
			results = append(results, r)
			bar.step()
		}
	}
	return results, time.Since(start), nil
}

func simLevels(s string) ([]string, error) {
	if s == "all" {
		return []string{"easy", "normal", "hard"}, nil
	}
	levels := strings.Split(s, ",")
	for _, l := range levels {
		if l != "easy" && l != "normal" && l != "hard" {
			return nil, fmt.Errorf("difficulty %q is not easy, normal, hard or all", l)
		}
	}
	return levels, nil
}

func simLibrary(f simFlags) (json.RawMessage, error) {
	if f.library != "" {
		b, err := os.ReadFile(f.library)
		if err != nil {
			return nil, fmt.Errorf("library: %w", err)
		}
		return b, nil
	}
	if sampleLibrary == nil {
		return nil, nil
	}
	return sampleLibrary(f.academy), nil
}

func simSetup(level string, academy, dawn bool, lib json.RawMessage) json.RawMessage {
	s := map[string]any{"difficulty": level, "academy": academy, "dawn": dawn}
	if lib != nil {
		s["library"] = lib
	}
	b, _ := json.Marshal(s)
	return b
}

// simGame plays one game against a player who answers every prompt with a
// random legal answer, seeded; with nanos set, it adds the time each answer
// took to it.
func simGame(bot engine.Bot, setup json.RawMessage, seed uint64, nanos *[]int64) (simResult, error) {
	var res simResult
	g, err := engine.New(bot, setup, seed)
	if err != nil {
		return res, err
	}
	defer g.Close()
	r := rand.New(rand.NewPCG(seed, 0x5eed))
	for steps := 0; ; steps++ {
		p, ok := g.Prompt()
		if !ok {
			break
		}
		if steps > 100_000 {
			return res, errors.New("no end after 100,000 answers")
		}
		switch {
		case inGameTurn != nil && !inGameTurn(p.ID):
			if p.Kind != engine.Ack {
				res.setupQuestions++
			}
		case p.Kind == engine.Ack:
			res.instruct++
		default:
			res.questions++
		}
		a := engine.RandomAnswer(p, r, 10)
		var err error
		if nanos != nil {
			t0 := time.Now()
			_, err = g.Answer(a)
			*nanos = append(*nanos, time.Since(t0).Nanoseconds())
		} else {
			_, err = g.Answer(a)
		}
		if err != nil {
			return res, fmt.Errorf("answer %+v to %s: %w", a, p.ID, err)
		}
	}
	res.fame, res.turns = finalFame(g.State())
	return res, nil
}

// finalFigures is a state that tells its bot's final Fame and turns itself,
// so the sim need not encode it.
type finalFigures interface {
	FinalFame() (fame, turns int)
}

// finalFame reads the Heir's Fame and the number of turns from a state.
func finalFame(state any) (fame, turns int) {
	if f, ok := state.(finalFigures); ok {
		return f.FinalFame()
	}
	var s struct {
		Turn int `json:"turn"`
		Heir struct {
			Fame int `json:"fame"`
		} `json:"heir"`
		Result *struct {
			Heir int `json:"heir"`
		} `json:"result"`
	}
	b, _ := json.Marshal(state)
	json.Unmarshal(b, &s)
	fame = s.Heir.Fame
	if s.Result != nil {
		fame = s.Result.Heir
	}
	return fame, s.Turn
}

func report(w io.Writer, f simFlags, results []simResult, nanos *[]int64, took time.Duration) {
	fmt.Fprintf(w, "sim: %d games of %s (first seed %d, academy %v, dawn %v) in %.2f s: %.0f games/s",
		len(results), f.game, f.seed, f.academy, f.dawn, took.Seconds(), float64(len(results))/took.Seconds())
	if f.bench {
		fmt.Fprintf(w, " on one core")
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "%-8s %6s  %s\n", "level", "games", "Heir's final Fame: min  p10  p25  median  p75  p90  max   mean")
	var q, ins, turns, setupQ int
	byLevel := map[string][]int{}
	var order []string
	for _, r := range results {
		if _, ok := byLevel[r.difficulty]; !ok {
			order = append(order, r.difficulty)
		}
		byLevel[r.difficulty] = append(byLevel[r.difficulty], r.fame)
		q, ins, turns, setupQ = q+r.questions, ins+r.instruct, turns+r.turns, setupQ+r.setupQuestions
	}
	for _, lvl := range order {
		fmt.Fprintf(w, "%-8s %6d  %s\n", lvl, len(byLevel[lvl]), distribution(byLevel[lvl]))
	}
	if turns > 0 {
		fmt.Fprintf(w, "per game turn: %.2f player questions, %.2f Heir instructions (%d game turns); setup and final scoring: %.1f questions per game\n",
			float64(q)/float64(turns), float64(ins)/float64(turns), turns, float64(setupQ)/float64(len(results)))
	}
	if nanos != nil {
		all := *nanos
		slices.Sort(all)
		fmt.Fprintf(w, "time to answer one prompt: median %s, p99 %s, max %s (%d prompts)\n",
			pct(all, 50), pct(all, 99), pct(all, 100), len(all))
	}
}

func distribution(v []int) string {
	slices.Sort(v)
	sum := 0
	for _, x := range v {
		sum += x
	}
	at := func(p int) int { return v[min(len(v)-1, p*len(v)/100)] }
	return fmt.Sprintf("                  %3d  %3d  %3d  %6d  %3d  %3d  %3d  %5.1f",
		v[0], at(10), at(25), at(50), at(75), at(90), v[len(v)-1], float64(sum)/float64(len(v)))
}

func pct(ns []int64, p int) time.Duration {
	if len(ns) == 0 {
		return 0
	}
	i := min(len(ns)-1, p*len(ns)/100)
	return time.Duration(ns[i])
}

// inGameTurn, when set by a bot's wiring, tells whether a prompt belongs to
// the game turns (not setup or final scoring), for the per-turn counts.
var inGameTurn func(promptID string) bool

// sampleLibrary, when set by a bot's wiring, gives a card library with every
// card filled in, so simulations ask what a player with a full library is asked.
var sampleLibrary func(academy bool) json.RawMessage
