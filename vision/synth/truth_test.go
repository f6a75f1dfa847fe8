package synth

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestLoadTruth(t *testing.T) {
	_, want, err := Frame(5, Options{Width: 640, Height: 480, MinSize: 40, MaxSize: 50})
	if err != nil {
		t.Fatal(err)
	}
	want.Image = "frame.jpg"
	dir := t.TempDir()
	path := filepath.Join(dir, "frame.json")
	b, _ := json.Marshal(want)
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := LoadTruth(path)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("LoadTruth = %+v, want %+v", got, want)
	}
	os.WriteFile(filepath.Join(dir, "bad.json"), []byte("{"), 0o644)
	for _, p := range []string{filepath.Join(dir, "none.json"), filepath.Join(dir, "bad.json")} {
		if _, err := LoadTruth(p); err == nil || !strings.HasPrefix(err.Error(), "synth: truth") {
			t.Errorf("LoadTruth(%s) = %v, want a synth: truth error", p, err)
		}
	}
}
