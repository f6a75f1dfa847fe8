package engine_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"tableside/engine"
)

func stateJSON(t testing.TB, g *engine.Game) string {
	t.Helper()
	b, err := json.Marshal(g.State())
	if err != nil {
		t.Fatalf("state: %v", err)
	}
	return string(b)
}

// playRandom answers g at random from seed until it ends or n answers were
// given, with a correction now and then, and returns the state after each.
func playRandom(t testing.TB, g *engine.Game, seed uint64, n int) []string {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 7))
	var states []string
	for i := 0; i < n; i++ {
		p, ok := g.Prompt()
		if !ok {
			break
		}
		a := engine.RandomAnswer(p, r, 4)
		if r.IntN(10) == 0 {
			a = engine.Answer{Correct: &engine.Correction{Target: "pos", Value: "3"}}
		}
		if _, err := g.Answer(a); err != nil {
			t.Fatalf("answer %d %+v to %+v: %v", i, a, p, err)
		}
		states = append(states, stateJSON(t, g))
	}
	return states
}

func newRace(t testing.TB, seed uint64) *engine.Game {
	t.Helper()
	g, err := engine.New(race{}, nil, seed)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(g.Close)
	return g
}

func TestReplayOfLogGivesIdenticalState(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		g := newRace(t, seed)
		states := playRandom(t, g, seed, 1000)
		if !g.Over() {
			t.Fatalf("seed %d: race did not end", seed)
		}
		for cut := 0; cut <= len(g.Answers()); cut += 7 {
			r, err := engine.Replay(race{}, g.Header(), g.Answers()[:cut])
			if err != nil {
				t.Fatal(err)
			}
			if cut > 0 && stateJSON(t, r) != states[cut-1] {
				t.Fatalf("seed %d: replay of %d answers differs:\n%s\n%s", seed, cut, stateJSON(t, r), states[cut-1])
			}
			r.Close()
		}
	}
}

func TestUndoThenRedoGivesIdenticalState(t *testing.T) {
	g := newRace(t, 42)
	states := playRandom(t, g, 42, 25)
	before := stateJSON(t, g)
	last := g.Answers()[len(g.Answers())-1]
	u, err := g.Undo(1)
	if err != nil {
		t.Fatal(err)
	}
	defer u.Close()
	if got := stateJSON(t, u); got != states[len(states)-2] {
		t.Fatalf("undo is not the state one answer back:\n%s\n%s", got, states[len(states)-2])
	}
	if _, err := u.Answer(last); err != nil {
		t.Fatal(err)
	}
	if got := stateJSON(t, u); got != before {
		t.Fatalf("redo differs:\n%s\n%s", got, before)
	}
	if _, err := g.Undo(len(g.Answers()) + 1); err == nil {
		t.Fatal("undo past the start must fail")
	}
}

func TestSeedDecidesTheGame(t *testing.T) {
	a, b := newRace(t, 1), newRace(t, 2)
	sa, sb := playRandom(t, a, 9, 60), playRandom(t, b, 9, 60)
	if strings.Join(sa, "") == strings.Join(sb, "") {
		t.Fatal("two seeds played the same game")
	}
}

func TestIllegalAnswerNamesWhatIsAllowedAndChangesNothing(t *testing.T) {
	num := func(v int) *int { return &v }
	g := newRace(t, 3)
	steps := []struct {
		name    string
		bad     []engine.Answer
		allowed string
		good    engine.Answer
	}{
		{"ack", []engine.Answer{{}, {None: true}, {Choices: []string{"move"}}}, "ack",
			engine.Answer{Ack: true}},
		{"dice", []engine.Answer{{Faces: []string{"7"}}, {Faces: []string{"1", "2"}}, {Ack: true}}, "d6 (1|2|3|4|5|6)",
			engine.Answer{Faces: []string{"4"}}},
		{"choice", []engine.Answer{{Choices: []string{"fly"}}, {Choices: []string{"move", "rest"}}, {None: true, Ack: true}}, "move, rest, or none",
			engine.Answer{Choices: []string{"move"}}},
		{"number", []engine.Answer{{Number: num(4)}, {Number: num(-1)}, {}}, "from 0 to 3",
			engine.Answer{Number: num(2)}},
	}
	for _, s := range steps {
		before, p := stateJSON(t, g), mustPrompt(t, g)
		for _, a := range s.bad {
			_, err := g.Answer(a)
			if !errors.Is(err, engine.ErrIllegal) || !strings.Contains(err.Error(), s.allowed) {
				t.Errorf("%s: answer %+v: error %v, want ErrIllegal naming %q", s.name, a, err, s.allowed)
			}
			if q := mustPrompt(t, g); q.ID != p.ID || stateJSON(t, g) != before || len(g.Answers()) != countAnswers(s.name) {
				t.Errorf("%s: an illegal answer changed the game", s.name)
			}
		}
		if _, err := g.Answer(s.good); err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
	}
	if _, err := g.Answer(engine.Answer{Prompt: "0:nope", Ack: true}); !errors.Is(err, engine.ErrIllegal) {
		t.Errorf("answer to another prompt: %v", err)
	}
}

func countAnswers(step string) int {
	return map[string]int{"ack": 0, "dice": 1, "choice": 2, "number": 3}[step]
}

func mustPrompt(t testing.TB, g *engine.Game) engine.Prompt {
	t.Helper()
	p, ok := g.Prompt()
	if !ok {
		t.Fatal("game over too soon")
	}
	return p
}

func TestCorrectionIsAnAnswerInTheLog(t *testing.T) {
	g := newRace(t, 5)
	g.Answer(engine.Answer{Ack: true})
	if _, err := g.Answer(engine.Answer{Correct: &engine.Correction{Target: "pos", Value: "x"}}); err == nil {
		t.Fatal("a bad correction must fail")
	}
	ev, err := g.Answer(engine.Answer{Correct: &engine.Correction{Target: "pos", Value: "11"}})
	if err != nil || len(ev) != 1 {
		t.Fatalf("correction: %v %v", ev, err)
	}
	r, err := engine.Replay(race{}, g.Header(), g.Answers())
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if !strings.Contains(stateJSON(t, r), `"Pos":11`) || stateJSON(t, r) != stateJSON(t, g) {
		t.Fatalf("replayed correction lost: %s", stateJSON(t, r))
	}
}

func TestLogRoundTripAndTornLastLine(t *testing.T) {
	g := newRace(t, 8)
	playRandom(t, g, 8, 30)
	var buf bytes.Buffer
	if err := engine.WriteLog(&buf, g.Header(), g.Answers()); err != nil {
		t.Fatal(err)
	}
	h, answers, err := engine.ReadLog(bytes.NewReader(buf.Bytes()))
	if err != nil || h.Seed != 8 || h.Game != "race" || len(answers) != len(g.Answers()) {
		t.Fatalf("round trip: %v %d", err, len(answers))
	}
	torn := append(buf.Bytes()[:len(buf.Bytes())-1:len(buf.Bytes())-1], []byte("\n{\"ack\":tr")...)
	_, answers, err = engine.ReadLog(bytes.NewReader(torn))
	if !errors.Is(err, engine.ErrTorn) || len(answers) != len(g.Answers()) {
		t.Fatalf("torn log: %v, %d answers kept of %d", err, len(answers), len(g.Answers()))
	}
	if _, _, err := engine.ReadLog(strings.NewReader("{\"format\":1,\"game\":\"race\"}\nnot json\n{\"ack\":true}\n")); err == nil || !strings.Contains(err.Error(), "line 2") {
		t.Fatalf("bad middle line: %v", err)
	}
	if _, _, err := engine.ReadLog(strings.NewReader("")); err == nil {
		t.Fatal("empty log must fail")
	}
}

func TestReplayRefusesAnotherGameOrFormat(t *testing.T) {
	if _, err := engine.Replay(race{}, engine.Header{Format: 99, Game: "race"}, nil); err == nil {
		t.Error("format 99 accepted")
	}
	if _, err := engine.Replay(race{}, engine.Header{Format: engine.FormatVersion, Game: "heir"}, nil); err == nil {
		t.Error("a heir log accepted as race")
	}
	if _, err := engine.New(race{}, json.RawMessage(`{"goal":-1}`), 1); err == nil {
		t.Error("bad setup accepted")
	}
}

// TestLogWrittenByOneProcessResumesInAnother plays half a game in a child
// process that writes the log, then resumes it here.
func TestLogWrittenByOneProcessResumesInAnother(t *testing.T) {
	if path := os.Getenv("ENGINE_TEST_WRITE_LOG"); path != "" {
		g := newRace(t, 77)
		playRandom(t, g, 77, 20)
		f, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		engine.WriteLog(f, g.Header(), g.Answers())
		f.Close()
		os.WriteFile(path+".state", []byte(stateJSON(t, g)), 0o644)
		return
	}
	path := filepath.Join(t.TempDir(), "race.log")
	cmd := exec.Command(os.Args[0], "-test.run=^TestLogWrittenByOneProcessResumesInAnother$")
	cmd.Env = append(os.Environ(), "ENGINE_TEST_WRITE_LOG="+path)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("child: %v\n%s", err, out)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	h, answers, err := engine.ReadLog(f)
	if err != nil {
		t.Fatal(err)
	}
	g, err := engine.Replay(race{}, h, answers)
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	want, _ := os.ReadFile(path + ".state")
	if stateJSON(t, g) != string(want) {
		t.Fatalf("resumed state differs:\n%s\n%s", stateJSON(t, g), want)
	}
	playRandom(t, g, 78, 1000)
	if !g.Over() {
		t.Fatal("resumed game did not play on to its end")
	}
}

func TestCatalogRendersWithFallbacks(t *testing.T) {
	c := race{}.Messages()
	if m := c.Missing(); len(m) > 0 {
		t.Fatalf("missing: %v", m)
	}
	tests := []struct{ lang, key, want string }{
		{"en", "race.end", "Finished at 7."},
		{"fr", "race.end", "Arrivé à 7."},
		{"de", "race.end", "Finished at 7."},
		{"fr", "race.unknown", "race.unknown pos=7"},
	}
	for _, tc := range tests {
		if got := c.Render(tc.lang, tc.key, engine.Params{"pos": "7"}); got != tc.want {
			t.Errorf("Render(%s, %s) = %q, want %q", tc.lang, tc.key, got, tc.want)
		}
	}
	words := engine.Catalog{"en": {"put": "Put it on {where}.", "loc.dt": "Downtown"}, "fr": {"put": "Posez-le sur {where}.", "loc.dt": "Centre-ville"}}
	if got := words.Render("fr", "put", engine.Params{"where": "@loc.dt 2"}); got != "Posez-le sur Centre-ville 2." {
		t.Errorf("@key words: %q", got)
	}
	if got := words.Render("en", "put", engine.Params{"where": "@loc.dt, @loc.dt;"}); got != "Put it on Downtown, Downtown;." {
		t.Errorf("@key words with punctuation: %q", got)
	}
	if got := words.Render("en", "put", engine.Params{"where": "@nokey"}); got != "Put it on @nokey." {
		t.Errorf("unknown @word: %q", got)
	}
	half := engine.Catalog{"en": {"a": "A"}, "fr": {}}
	if m := half.Missing(); len(m) != 1 || m[0] != "fr:a" {
		t.Errorf("Missing = %v", m)
	}
}

func TestClosingAGameMidwayEndsItsScript(t *testing.T) {
	for i := 0; i < 100; i++ {
		g, _ := engine.New(race{}, nil, uint64(i))
		g.Answer(engine.Answer{Ack: true})
		g.Close()
	}
}

func FuzzReplayMatches(f *testing.F) {
	f.Add(uint64(1), uint64(2), uint16(30))
	f.Fuzz(func(t *testing.T, seed, play uint64, n uint16) {
		g := newRace(t, seed)
		states := playRandom(t, g, play, int(n%300))
		r, err := engine.Replay(race{}, g.Header(), g.Answers())
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		if len(states) > 0 && stateJSON(t, r) != states[len(states)-1] {
			t.Fatal("replay differs")
		}
	})
}

func TestRandomAnswerIsLegalOrNoneAndNeverPanics(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	prompts := []engine.Prompt{
		{ID: "a", Kind: engine.Ack},
		{ID: "c", Kind: engine.Choice, Min: 1, Max: 3, Options: []engine.Option{{ID: "x"}, {ID: "y"}}},
		{ID: "n", Kind: engine.Number, Min: -2, Max: 2},
		{ID: "d", Kind: engine.Dice, Dice: []engine.Die{{Kind: "bank", Faces: []string{"3", "X"}}}},
		{ID: "e", Kind: engine.Choice, Min: 1, Max: 1, None: true}, // nothing to choose: none
	}
	for _, p := range prompts {
		for i := 0; i < 50; i++ {
			if err := p.Check(engine.RandomAnswer(p, r, 3)); err != nil {
				t.Fatalf("%s: %v", p.ID, err)
			}
		}
	}
	bad := engine.Prompt{ID: "b", Kind: engine.Choice, Min: 2, Max: 2, Options: []engine.Option{{ID: "x"}}}
	if err := bad.Check(engine.RandomAnswer(bad, r, 3)); err == nil {
		t.Fatal("an unanswerable prompt got a legal answer")
	}
}

// Each answer's events are the caller's: appending to one answer's events
// never changes another's.
func TestEventsOfEachAnswerStayApart(t *testing.T) {
	g := newRace(t, 5)
	r := rand.New(rand.NewPCG(5, 1))
	var got [][]engine.Event
	for i := 0; i < 40 && !g.Over(); i++ {
		p, _ := g.Prompt()
		ev, err := g.Answer(engine.RandomAnswer(p, r, 0))
		if err != nil {
			t.Fatal(err)
		}
		if ev != nil {
			got = append(got, ev)
		}
	}
	if len(got) < 2 {
		t.Fatalf("only %d answers had events", len(got))
	}
	want, _ := json.Marshal(got)
	for i := range got {
		_ = append(got[i], engine.Event{Type: "intruder"})
	}
	if after, _ := json.Marshal(got); string(after) != string(want) {
		t.Error("appending to one answer's events changed another's")
	}
}
