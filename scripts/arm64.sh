#!/usr/bin/env bash
# Builds Tableside for the Pi's arm64 on an amd64 Debian 12 machine and runs it
# there under qemu-user, to check that the Pi reads the dice exactly as this
# machine does (the accuracy figures of `dice bench` were all measured here).
#
#   scripts/arm64.sh build               bin/tableside-arm64, built as the Makefile
#                                        builds on the Pi (fused multiply-add off)
#   scripts/arm64.sh run ARGS...         runs bin/tableside-arm64 ARGS under qemu
#   scripts/arm64.sh test PKG...         vets each package for arm64 (its assembly
#                                        too), cross-compiles its tests (as the
#                                        Makefile builds them) and runs them
#                                        under qemu, in the package's directory
#                                        (TESTFLAGS="-test.run RE" picks tests)
#                                        (a test that starts its own binary again
#                                        needs the kernel to hand arm64 binaries
#                                        to qemu: qemu-user-binfmt, binfmt_misc)
#   scripts/arm64.sh compare SET [N]     renders a small set with bin/tableside and
#                                        with bin/tableside-arm64 and compares the
#                                        files; teaches on SET/teach (a `dice
#                                        render` directory) with each and compares
#                                        the models byte for byte; then reads
#                                        SET/test's first N frames (default 40)
#                                        with each and compares every die read
#
# FUSE=on builds arm64 with Go's default fused multiply-add instead, to see what
# it changes. The first build installs debootstrap, qemu-user and the arm64
# cross compiler, and unpacks Debian's arm64 OpenCV, GL and X11 libraries into a
# sysroot under ~/.cache/tableside/arm64 (about 1.4 GB, 300 MB downloaded).
# Emulated, a frame reads 20 to 40 times slower than here: the times are not
# the Pi's.
set -euo pipefail

cd "$(dirname "$0")/.."
SYSROOT=${ARM64_SYSROOT:-${XDG_CACHE_HOME:-$HOME/.cache}/tableside/arm64}
MIRROR=${MIRROR:-http://deb.debian.org/debian}
BIN=bin/tableside-arm64
# Debian's arm64 OpenCV, and the headers Fyne's GLFW links against (xorg-dev's
# part it uses), with their dependencies.
PKGS=libopencv-dev,libgl1-mesa-dev,libx11-dev,libxcursor-dev,libxrandr-dev,libxinerama-dev,libxi-dev,libxxf86vm-dev,libc6-dev
LIB=$SYSROOT/usr/lib/aarch64-linux-gnu

sudo_() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
die() { echo "arm64: $*" >&2; exit 1; }

tools() { scripts/deps.sh --apt debootstrap qemu-user g++-aarch64-linux-gnu; }

# sysroot unpacks the arm64 packages (no maintainer scripts run: nothing is
# installed, only linked against and loaded) and mends what those scripts or
# an arm64 root would have given: absolute symbolic links and linker scripts
# point into the sysroot, and the BLAS/LAPACK alternatives and the libraries
# Debian keeps outside the multiarch directory are linked into it.
sysroot() {
  [ -f "$SYSROOT/.done" ] && return 0
  echo "arm64: unpacking Debian's arm64 libraries into $SYSROOT"
  sudo_ rm -rf "$SYSROOT"
  mkdir -p "$SYSROOT"
  sudo_ debootstrap --foreign --arch=arm64 --variant=minbase --include="$PKGS" bookworm "$SYSROOT" "$MIRROR" >"$SYSROOT.log" 2>&1 ||
    die "debootstrap failed (its log: $SYSROOT.log)"
  for d in "$SYSROOT"/var/cache/apt/archives/*.deb; do sudo_ dpkg -x "$d" "$SYSROOT"; done
  sudo_ chown -R "$(id -u):$(id -g)" "$SYSROOT"
  find "$SYSROOT" -type l -lname '/*' | while read -r l; do ln -sfn "$SYSROOT$(readlink "$l")" "$l"; done
  for f in "$LIB"/*.so; do
    if [ -f "$f" ] && [ ! -L "$f" ] && grep -q '^GROUP' "$f" 2>/dev/null; then
      sed -i "s#\( \|(\)/\(usr/\)\?lib/#\1$SYSROOT/\2lib/#g" "$f"
    fi
  done
  ln -sfn lapack/liblapack.so.3 "$LIB/liblapack.so.3"
  ln -sfn blas/libblas.so.3 "$LIB/libblas.so.3"
  for f in "$SYSROOT"/usr/lib/lib*.so.*; do
    [ -e "$LIB/$(basename "$f")" ] || ln -sfn "$f" "$LIB/$(basename "$f")"
  done
  touch "$SYSROOT/.done"
}

# goarm64 runs go for arm64 against the sysroot: go ARGS.
goarm64() {
  local go
  go=$(scripts/deps.sh --go)
  PKG_CONFIG_SYSROOT_DIR=$SYSROOT PKG_CONFIG_LIBDIR=$LIB/pkgconfig:$SYSROOT/usr/share/pkgconfig \
    GOARCH=arm64 CGO_ENABLED=1 CC=aarch64-linux-gnu-gcc CXX=aarch64-linux-gnu-g++ \
    CGO_CFLAGS="-I$SYSROOT/usr/include -I$SYSROOT/usr/include/aarch64-linux-gnu" \
    CGO_LDFLAGS="-L$LIB -Wl,-rpath-link,$LIB:$SYSROOT/lib/aarch64-linux-gnu:$SYSROOT/usr/lib" \
    "$go" "$@"
}

fuse() { [ "${FUSE:-off}" = on ] || echo -gcflags=all=-d=fmahash=qn; }

build() {
  tools
  sysroot
  echo "arm64: building $BIN${FUSE:+ (FUSE=$FUSE)}"
  goarm64 build $(fuse) -o "$BIN" ./cmd/tableside
}

qemu() {
  QEMU_LD_PREFIX=$SYSROOT qemu-aarch64 -E LD_LIBRARY_PATH="$LIB:$SYSROOT/lib/aarch64-linux-gnu:$SYSROOT/usr/lib" "$@"
}

tests() {
  [ $# -gt 0 ] || die "usage: scripts/arm64.sh test PKG..."
  tools
  sysroot
  local pkg dir bin rc=0
  for pkg in "$@"; do
    bin=$(mktemp)
    goarm64 vet "$pkg" || rc=1
    goarm64 test -c $(fuse) -tags matprofile -o "$bin" "$pkg" || { rc=1; continue; }
    dir=$(goarm64 list -f '{{.Dir}}' "$pkg")
    echo "arm64: testing $pkg"
    # shellcheck disable=SC2086 # TESTFLAGS: several flags
    (cd "$dir" && qemu "$bin" -test.timeout 2h ${TESTFLAGS:-}) || rc=1
    rm -f "$bin"
  done
  return $rc
}

run() {
  [ -x "$BIN" ] || die "no $BIN: run scripts/arm64.sh build first"
  qemu "$BIN" "$@"
}

# compare: see the top of this file.
compare() {
  local set=${1:?usage: scripts/arm64.sh compare SET [N]} n=${2:-40} out
  [ -d "$set/teach" ] && [ -d "$set/test" ] || die "$set holds no teach/ and test/ (make one with: bin/tableside dice render --seed N --out $set)"
  [ -x bin/tableside ] || die "no bin/tableside: run make build first"
  out=$(mktemp -d)
  bin/tableside dice render --seed 7 --count 3 --per-face 1 --out "$out/render-amd64" >/dev/null
  run dice render --seed 7 --count 3 --per-face 1 --out "$out/render-arm64" >/dev/null
  if diff -rq "$out/render-amd64" "$out/render-arm64" >/dev/null; then
    echo "rendered sets: identical ($(find "$out/render-amd64" -type f | wc -l) files)"
  else
    echo "rendered sets: DIFFER ($(diff -rq "$out/render-amd64" "$out/render-arm64" | wc -l) files)"
  fi
  bin/tableside dice teach --out "$out/amd64.model" "$set/teach" >/dev/null
  run dice teach --out "$out/arm64.model" "$set/teach" >/dev/null
  if cmp -s "$out/amd64.model" "$out/arm64.model"; then echo "models: identical ($(stat -c %s "$out/amd64.model") bytes)"; else echo "models: DIFFER"; fi
  mapfile -t frames < <(find "$set/test" -name '*.jpg' -o -name '*.png' | sort | head -n "$n")
  bin/tableside dice read --model "$out/amd64.model" --json "${frames[@]}" >"$out/amd64.json"
  run dice read --model "$out/amd64.model" --json "${frames[@]}" >"$out/arm64.json"
  samedice "$out/amd64.json" "$out/arm64.json"
  rm -rf "$out"
}

# samedice compares two `dice read --json` outputs, frame by frame (the
# read times left out), and die by die: kind, face and sureness.
samedice() {
  local a b
  a=$(sed -E 's/"millis":[^,]*,//' "$1")
  b=$(sed -E 's/"millis":[^,]*,//' "$2")
  paste -d '\t' <(echo "$a") <(echo "$b") | awk -F '\t' '
    function dice(s, out,   n) {
      n = 0
      while (match(s, /\{"kind":[^}]*\}/)) {
        out[++n] = substr(s, RSTART, RLENGTH); s = substr(s, RSTART + RLENGTH)
      }
      return n
    }
    function face(d) { sub(/,"confidence".*/, "", d); return d }
    {
      frames++; same += ($1 == $2); na = dice($1, da); nb = dice($2, db); all += na
      for (i = 1; i <= na && i <= nb; i++) { ident += (da[i] == db[i]); other += (face(da[i]) != face(db[i])) }
      other += (na > nb ? na - nb : nb - na)
    }
    END {
      printf "frames read identically: %d of %d\n", same, frames
      printf "dice read identically (place and confidence too): %d of %d\n", ident, all
      printf "dice read as another kind, face or sureness (left to right): %d\n", other
    }'
}

case "${1:-}" in
  build) build ;;
  run) shift; run "$@" ;;
  test) shift; tests "$@" ;;
  compare) shift; compare "$@" ;;
  *) sed -n '2,30p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
esac
