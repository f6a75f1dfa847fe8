//go:build !matprofile

package cv

// liveMats cannot count Mats without the matprofile tag: run the tests with
// `go test -tags matprofile` for the leak check.
func liveMats() (int, string) { return 0, "" }
