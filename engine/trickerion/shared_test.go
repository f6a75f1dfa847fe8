package trickerion

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
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

// rulesDir is the rule texts beside the repository.
const rulesDir = "../../../shared/rules"

// readRules returns a rule text, skipping the test when shared/ is absent.
func readRules(t *testing.T, name string) string {
	t.Helper()
	if _, err := os.Stat(rulesDir); os.IsNotExist(err) {
		t.Skipf("shared rules %s absent: clone shared/ beside the repository to run this test", rulesDir)
	}
	b, err := os.ReadFile(filepath.Join(rulesDir, name))
	if err != nil {
		t.Fatalf("read rules %s: %v", name, err)
	}
	return string(b)
}

// ints writes a list the way the YAML files do: "1, 2, 3", each with
// prefix sign when signed is set ("+2, +1, +1, 0").
func ints(xs []int, signed bool) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = strconv.Itoa(x)
		if signed && x > 0 {
			parts[i] = "+" + parts[i]
		}
	}
	return strings.Join(parts, ", ")
}

// byAPMap writes a By-AP row the way heir_reference_impl.yaml does:
// "{1: 1, 2: 1, 3: 2}".
func byAPMap(row []int) string {
	parts := make([]string, len(row))
	for i, n := range row {
		parts[i] = fmt.Sprintf("%d: %d", i+1, n)
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

func contains(s, sub string) bool { return strings.Contains(s, sub) }
