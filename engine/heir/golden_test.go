package heir_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tableside/engine"
	"tableside/engine/heir"
)

var (
	update   = flag.Bool("update", false, "re-render the golden transcripts under testdata/golden from their logs")
	rerecord = flag.Bool("rerecord", false, "play the golden games anew (new logs) and re-render them; for when old logs no longer replay")
)

// goldenGames are whole games whose transcript (every prompt, answer and
// event, rendered in English) is kept under testdata/golden: a change in
// any rule shows in the diff of these files. Re-render with
// go test ./engine/heir -run TestGoldenGames -update (the same answers,
// so the diff shows what the change did), then review the diff; only when a
// log no longer fits the game, play it anew with -rerecord. The setups are
// read only to play anew: a log's header holds the setup it was played
// with (the library game was recorded with an earlier sample library).
var goldenGames = []struct {
	name, setup string
	seed        uint64
}{
	{"easy-academy-library", `{"difficulty":"easy","academy":true,"library":` + library(false) + `}`, 11},
	{"normal-base-nolibrary", `{"difficulty":"normal","academy":false}`, 22},
	{"hard-academy-dawn", `{"difficulty":"hard","academy":true,"dawn":true,"dawn_challenge":true}`, 33},
}

func TestGoldenGames(t *testing.T) {
	for _, gg := range goldenGames {
		t.Run(gg.name, func(t *testing.T) {
			logPath := filepath.Join("testdata", "golden", gg.name+".log")
			txtPath := filepath.Join("testdata", "golden", gg.name+".txt")
			if *rerecord {
				recordGolden(t, gg.setup, gg.seed, logPath)
			}
			got := transcript(t, logPath)
			if *update || *rerecord {
				if err := os.WriteFile(txtPath, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(txtPath)
			if err != nil {
				t.Fatalf("%v (record with -rerecord)", err)
			}
			if got != string(want) {
				t.Errorf("transcript of %s differs from %s; if the change is meant, re-record with -update and review the diff\n%s",
					logPath, txtPath, firstDiff(string(want), got))
			}
		})
	}
}

// recordGolden plays a game with seeded random answers and writes its log.
func recordGolden(t *testing.T, setup string, seed uint64, path string) {
	g := heir.NewGame(t, setup, seed)
	heir.PlayRandom(t, g, rand.New(rand.NewPCG(seed, 99)), 8, nil, nil)
	var buf bytes.Buffer
	if err := engine.WriteLog(&buf, g.Header(), g.Answers()); err != nil {
		t.Fatal(err)
	}
	os.MkdirAll(filepath.Dir(path), 0o755)
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// transcript replays the log at path answer by answer and renders it.
func transcript(t *testing.T, path string) string {
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("%v (record with -rerecord)", err)
	}
	defer f.Close()
	h, answers, err := engine.ReadLog(f)
	if err != nil {
		t.Fatal(err)
	}
	g, err := engine.New(heir.Bot{}, h.Setup, h.Seed)
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	cat := heir.Messages()
	var b strings.Builder
	events := func(evs []engine.Event) {
		for _, e := range evs {
			fmt.Fprintf(&b, "  · %s\n", cat.Render("en", e.Key, e.Params))
		}
	}
	events(g.Started())
	for i, a := range answers {
		p, ok := g.Prompt()
		if !ok {
			t.Fatalf("answer %d after the end", i+1)
		}
		fmt.Fprintf(&b, "%s [%s] %s\n", p.ID, p.Kind, cat.Render("en", p.Key, p.Params))
		aj, _ := json.Marshal(a)
		fmt.Fprintf(&b, "  > %s\n", aj)
		ev, err := g.Answer(a)
		if err != nil {
			t.Fatalf("answer %d does not replay (if the rules changed on purpose, play anew with -rerecord): %v", i+1, err)
		}
		events(ev)
	}
	if !g.Over() {
		t.Fatal("the golden game does not reach its end")
	}
	st, _ := json.MarshalIndent(g.State().(heir.State).Result, "", "  ")
	fmt.Fprintf(&b, "RESULT %s\n", st)
	return b.String()
}

func firstDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(w) && i < len(g); i++ {
		if w[i] != g[i] {
			return fmt.Sprintf("line %d:\n- %s\n+ %s", i+1, w[i], g[i])
		}
	}
	return fmt.Sprintf("lengths differ: %d lines, want %d", len(g), len(w))
}
