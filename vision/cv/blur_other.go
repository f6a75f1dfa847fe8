//go:build (!amd64 && !arm64) || purego

package cv

// haveBlurRows: no assembly loop here (32-bit Pi OS, say), or the purego
// tag asks for none (blurLine's Go loop runs).
const haveBlurRows = false

func blurRows(dst, a, b, c *float32, n int) { panic("cv: blurRows without assembly") }
