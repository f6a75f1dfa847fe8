//go:build matprofile

package cv

import (
	"bytes"

	"gocv.io/x/gocv"
)

// liveMats counts the Mats not closed yet, with their stacks.
func liveMats() (int, string) {
	var b bytes.Buffer
	gocv.MatProfile.WriteTo(&b, 1)
	return gocv.MatProfile.Count(), b.String()
}
