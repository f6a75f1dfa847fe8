# Tableside: "make run" plays, "make test" tests. Both install what is missing first.
SHELL := /bin/bash
GO = $(shell scripts/deps.sh --go)
BIN := bin/tableside
XVFB = $(shell command -v xvfb-run >/dev/null && echo "xvfb-run -a")
# Go fuses x*y+z into one rounding on arm64 (the Pi) and most other machines, but not on amd64,
# where every accuracy figure of the dice reader was measured: fused, the reader's sums differ in
# their last bits, and now and then a die reads otherwise. The compiler's own switch turns fusing
# off, so the Pi reads exactly as amd64 does ("scripts/arm64.sh compare" shows it).
NOFUSE = $(shell [ "$$($(GO) env GOARCH)" = amd64 ] || echo -gcflags=all=-d=fmahash=qn)

.PHONY: run test deps build vet check-engine bench clean

# The game is saved as it goes: run again to resume it; a finished game is kept aside.
SAVE ?= $(HOME)/.local/share/tableside/game.log
# The cards you entered once with "bin/tableside cards".
LIBRARY ?= $(HOME)/.local/share/tableside/library.json

run: deps build
	@mkdir -p $(dir $(SAVE))
	./$(BIN) play --save $(SAVE) --library $(LIBRARY)

deps:
	@scripts/deps.sh

build:
	$(GO) build $(NOFUSE) -o $(BIN) ./cmd/tableside

vet:
	$(GO) vet ./...
	@test -z "$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go'))" || { echo "gofmt needed:"; gofmt -l .; exit 1; }

# engine/ is pure Go: the standard library and the module's own packages only, and it builds without cgo.
check-engine:
	@bad=$$($(GO) list -deps -f '{{if not .Standard}}{{.ImportPath}}{{end}}' ./engine/... | grep -v '^tableside/' || true); \
	 if [ -n "$$bad" ]; then echo "engine/ depends on: $$bad"; exit 1; fi; echo "engine/: standard library only"
	CGO_ENABLED=0 $(GO) test $(NOFUSE) ./engine/...

test: deps vet check-engine
	$(XVFB) $(GO) test $(NOFUSE) -tags matprofile ./...
	@# The reader's Go loops, which run where its SSE (amd64) or NEON (arm64, the Pi) cannot.
	@if [ "$$($(GO) env GOARCH)" = amd64 ]; then set -x; $(GO) test -tags 'matprofile purego' ./vision/cv/; fi

# Speed and memory figures: Go benchmarks plus the sim and dice reports, into out/bench.txt.
# "One core" is meant: everything runs pinned to CPU 0 (OpenCV's own threads too).
ONECORE = $(shell command -v taskset >/dev/null && echo "taskset -c 0")
bench: deps build
	@mkdir -p out
	{ $(ONECORE) $(GO) test $(NOFUSE) -run '^$$' -bench . -benchmem -cpu 1 ./engine/... ./vision/...; \
	  $(ONECORE) ./$(BIN) sim --bench; $(ONECORE) ./$(BIN) sim --bench --academy; \
	  $(ONECORE) ./$(BIN) dice bench; $(ONECORE) ./$(BIN) dice bench --live; } 2>&1 | tee out/bench.txt

clean:
	rm -rf bin out
