// Command tableside is Tableside's one binary: the kiosk app and the
// subcommands that drive the engine and the dice reader from a terminal.
// It only wires packages together.
package main

import (
	"fmt"
	"io"
	"os"
	"sort"
)

// command is one subcommand: it takes its own arguments and returns the
// process exit code.
type command struct {
	summary string
	run     func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

var commands = map[string]command{}

func register(name, summary string, run func([]string, io.Reader, io.Writer, io.Writer) int) {
	commands[name] = command{summary: summary, run: run}
}

func main() {
	os.Exit(dispatch(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func dispatch(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		args = []string{defaultCommand}
	}
	name := args[0]
	if name == "-h" || name == "--help" {
		name = "help"
	}
	c, ok := commands[name]
	if !ok {
		fmt.Fprintf(stderr, "tableside: unknown command %q; try 'tableside help'\n", name)
		return 2
	}
	return c.run(args[1:], stdin, stdout, stderr)
}

// defaultCommand is what "tableside" alone runs: the terminal game until
// the kiosk lands.
const defaultCommand = "play"

func init() {
	register("help", "show the commands", runHelp)
}

func runHelp(_ []string, _ io.Reader, stdout, _ io.Writer) int {
	fmt.Fprintln(stdout, "Tableside plays the solo bot of a board game beside you.")
	fmt.Fprintln(stdout, "\nUsage: tableside COMMAND [flags]   (COMMAND -h for its flags)")
	fmt.Fprintln(stdout, "\nCommands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(stdout, "  %-8s %s\n", n, commands[n].summary)
	}
	return 0
}
