//go:build (!amd64 && !arm64) || purego

package cv

// haveSSDLanes: no assembly loop here (32-bit Pi OS, say), or the purego
// tag asks for none (ssd's Go loop runs).
const haveSSDLanes = false

func ssdLanes(s *[4]float32, a, b *float32, n int) { panic("cv: ssdLanes without assembly") }
