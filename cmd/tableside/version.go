package main

import (
	"fmt"
	"io"
	"runtime/debug"

	"tableside/engine"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "dev"

func init() {
	register("version", "print the version", runVersion)
}

func runVersion(_ []string, _ io.Reader, stdout, _ io.Writer) int {
	rev := ""
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, s := range info.Settings {
			if s.Key == "vcs.revision" && len(s.Value) >= 12 {
				rev = " (" + s.Value[:12] + ")"
			}
		}
	}
	fmt.Fprintf(stdout, "tableside %s%s, log format %d\n", version, rev, engine.FormatVersion)
	return 0
}
