package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"

	"tableside/engine"
	"tableside/engine/heir"
	"tableside/engine/heir/cardedit"
)

func init() {
	register("cards", "enter the Heir's Plan cards and Solo Performance cards once (the card library)", runCards)
}

// defaultLibrary is where the card library lives unless --library says.
func defaultLibrary() string {
	dir := os.Getenv("XDG_DATA_HOME")
	if dir == "" {
		home, _ := os.UserHomeDir()
		dir = filepath.Join(home, ".local", "share")
	}
	return filepath.Join(dir, "tableside", "library.json")
}

func runCards(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("cards", flag.ContinueOnError)
	fs.SetOutput(stderr)
	path := fs.String("library", defaultLibrary(), "the card library file (JSON); created if missing")
	lang := fs.String("lang", "en", "language of the messages: en or fr")
	asJSON := fs.Bool("json", false, "one prompt per line as JSON out, one answer per line as JSON in")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	lib, err := loadLibrary(*path)
	if err != nil {
		fmt.Fprintf(stderr, "tableside cards: %v\n", err)
		return 1
	}
	setup, _ := json.Marshal(cardedit.Setup{Library: lib})
	g, err := engine.New(cardedit.Bot{}, setup, 1)
	if err != nil {
		fmt.Fprintf(stderr, "tableside cards: %s: %v\n", *path, err)
		return 1
	}
	s := &session{game: g, cat: cardedit.Messages(), lang: *lang, changed: saveLibraryOf(*path, lib)}
	defer s.close()
	var front frontEnd = &textFront{in: bufio.NewScanner(stdin), out: stdout, s: s}
	if *asJSON {
		front = &jsonFront{in: bufio.NewScanner(stdin), out: stdout, s: s}
	}
	if err := s.loop(front); err != nil {
		fmt.Fprintf(stderr, "tableside cards: %v\n", err)
		return 1
	}
	return 0
}

// saveLibraryOf saves the editor's library to path whenever it changes
// (after each card entered or removed, and after an undo).
func saveLibraryOf(path string, saved heir.Library) func(*engine.Game) error {
	return func(g *engine.Game) error {
		lib := g.State().(cardedit.State).Library
		if reflect.DeepEqual(lib, saved) {
			return nil
		}
		if err := saveLibrary(path, lib); err != nil {
			return err
		}
		saved = lib
		return nil
	}
}

// loadLibrary reads the card library file; a missing file is an empty
// library. A file that does not parse is left alone: the error says so.
func loadLibrary(path string) (heir.Library, error) {
	var lib heir.Library
	b, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return lib, nil
	}
	if err != nil {
		return lib, fmt.Errorf("card library: %w", err)
	}
	if err := json.Unmarshal(b, &lib); err != nil {
		return lib, fmt.Errorf("card library %s cannot be read (%w); fix it or move it away to start a new one", path, err)
	}
	return lib, nil
}

// saveLibrary writes the library through a temporary file, so a power cut
// never leaves half a library.
func saveLibrary(path string, lib heir.Library) error {
	b, err := json.MarshalIndent(lib, "", "  ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("card library: %w", err)
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, append(b, '\n'), 0o644); err != nil {
		return fmt.Errorf("card library: %w", err)
	}
	if err := os.Rename(tmp, path); err != nil {
		return fmt.Errorf("card library: %w", err)
	}
	return nil
}
