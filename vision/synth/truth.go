package synth

import (
	"encoding/json"
	"fmt"
	"os"
)

// LoadTruth reads a ground-truth sidecar NAME.json written beside NAME.jpg.
func LoadTruth(path string) (Truth, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return Truth{}, fmt.Errorf("synth: truth: %w", err)
	}
	var t Truth
	if err := json.Unmarshal(b, &t); err != nil {
		return Truth{}, fmt.Errorf("synth: truth %s: %w", path, err)
	}
	return t, nil
}
