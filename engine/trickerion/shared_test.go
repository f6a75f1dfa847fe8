package trickerion

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// sharedDir is the researched component data beside the repository.
const sharedDir = "../../../shared/data/trickerion"

// readShared returns the text of a shared data file, skipping the test when
// the shared directory is absent.
func readShared(t *testing.T, name string) []byte {
	t.Helper()
	if _, err := os.Stat(sharedDir); os.IsNotExist(err) {
		t.Skipf("shared data %s absent: clone shared/ beside the repository to run this test", sharedDir)
	}
	b, err := os.ReadFile(filepath.Join(sharedDir, name))
	if err != nil {
		t.Fatalf("read shared %s: %v", name, err)
	}
	return b
}

// readSharedJSON decodes a shared JSON file into v.
func readSharedJSON(t *testing.T, name string, v any) {
	t.Helper()
	if err := json.Unmarshal(readShared(t, name), v); err != nil {
		t.Fatalf("decode shared %s: %v", name, err)
	}
}

// wantInShared fails unless every literal appears in the shared file.
func wantInShared(t *testing.T, name string, literals ...string) {
	t.Helper()
	text := string(readShared(t, name))
	for _, l := range literals {
		if !strings.Contains(text, l) {
			t.Errorf("shared %s does not contain %q", name, l)
		}
	}
}
