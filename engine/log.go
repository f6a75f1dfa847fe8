package engine

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// WriteHeader writes a log's first line.
func WriteHeader(w io.Writer, h Header) error {
	return writeLine(w, h)
}

// WriteAnswer appends one answer line to a log.
func WriteAnswer(w io.Writer, a Answer) error {
	return writeLine(w, a)
}

func writeLine(w io.Writer, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("engine: encode log line: %w", err)
	}
	if _, err := w.Write(append(b, '\n')); err != nil {
		return fmt.Errorf("engine: write log: %w", err)
	}
	return nil
}

// WriteLog writes a whole log: header, then one answer per line.
func WriteLog(w io.Writer, h Header, answers []Answer) error {
	if err := WriteHeader(w, h); err != nil {
		return err
	}
	for _, a := range answers {
		if err := WriteAnswer(w, a); err != nil {
			return err
		}
	}
	return nil
}

// ErrTorn marks a log whose last line was cut short (a crash mid-write).
// ReadLog still returns every whole answer before it.
var ErrTorn = errors.New("engine: the log's last line is torn")

// ReadLog reads a log written by WriteLog. A torn last line (no newline and
// not valid JSON) is dropped and reported with ErrTorn alongside the answers
// that were whole; any other bad line is an error naming its line number.
func ReadLog(r io.Reader) (Header, []Answer, error) {
	var h Header
	data, err := io.ReadAll(r)
	if err != nil {
		return h, nil, fmt.Errorf("engine: read log: %w", err)
	}
	lines := bytes.Split(data, []byte("\n"))
	var answers []Answer
	var torn error
	for i, line := range lines {
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		last := i == len(lines)-1 // no newline after it
		if i == 0 {
			if err := json.Unmarshal(line, &h); err != nil {
				return h, nil, fmt.Errorf("engine: log header: %w", err)
			}
			continue
		}
		var a Answer
		if err := json.Unmarshal(line, &a); err != nil {
			if last {
				torn = ErrTorn
				break
			}
			return h, answers, fmt.Errorf("engine: log line %d: %w", i+1, err)
		}
		answers = append(answers, a)
	}
	if h.Format == 0 {
		return h, nil, errors.New("engine: log has no header line")
	}
	return h, answers, torn
}
