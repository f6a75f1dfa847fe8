#!/usr/bin/env bash
# Installs what Tableside needs to build and test on Debian 12 / Raspberry Pi OS
# Bookworm, each thing only when it is missing:
#   - Debian packages: OpenCV 4.6 (gocv), GL and X11 headers (Fyne), Xvfb (headless UI tests),
#     GStreamer base plugins and libcamerasrc (the Pi camera is read through GStreamer)
#   - Go 1.26 (Debian ships 1.19: if no Go 1.26 is on PATH, Debian's Go fetches the
#     official 1.26 toolchain as a module through the Go module proxy)
#   - the Go modules in go.mod
# "scripts/deps.sh --go" only prints the path of the go command to use;
# "scripts/deps.sh --apt PKG..." only installs those of the Debian packages that are missing.
set -euo pipefail

GO_WANT=1.26.8
LOCAL_GO="${XDG_DATA_HOME:-$HOME/.local/share}/tableside/go${GO_WANT}"
PKGS=(pkg-config gcc libopencv-dev libgl1-mesa-dev xorg-dev xvfb gstreamer1.0-plugins-base gstreamer1.0-libcamera)

go_ok() { # is $1 a go of at least 1.26?
  local v
  v=$("$1" env GOVERSION 2>/dev/null) || return 1
  v=${v#go}
  [ "$(printf '%s\n' "1.26" "$v" | sort -V | head -n1)" = "1.26" ]
}

go_path() {
  local sys
  sys=$(command -v go 2>/dev/null || true)
  for g in "$sys" /usr/local/go/bin/go "$LOCAL_GO/bin/go"; do
    if [ -n "$g" ] && [ -x "$g" ] && go_ok "$g"; then echo "$g"; return 0; fi
  done
  echo "$LOCAL_GO/bin/go"
}

if [ "${1:-}" = "--go" ]; then go_path; exit 0; fi

sudo_() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

# apt_missing installs those of the Debian packages given that are not installed.
apt_missing() {
  local missing=() p
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    echo "deps: installing Debian packages: ${missing[*]}"
    sudo_ apt-get update -q
    sudo_ env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
  fi
}

if [ "${1:-}" = "--apt" ]; then shift; apt_missing "$@"; exit 0; fi

apt_missing "${PKGS[@]}"

GO=$(go_path)
if ! go_ok "$GO"; then
  echo "deps: no Go 1.26 found; fetching go${GO_WANT} through the Go module proxy"
  command -v go >/dev/null || {
    sudo_ apt-get update -q
    sudo_ env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends golang-go ca-certificates
  }
  arch=$(dpkg --print-architecture); [ "$arch" = "armhf" ] && arch=armv6l
  tmp=$(mktemp -d)
  (cd "$tmp" && GOFLAGS=-modcacherw GOPATH="$tmp/gopath" go mod init bootstrap >/dev/null 2>&1 &&
    GOFLAGS=-modcacherw GOPATH="$tmp/gopath" go mod download -x "golang.org/toolchain@v0.0.1-go${GO_WANT}.linux-${arch}" >/dev/null)
  mkdir -p "$(dirname "$LOCAL_GO")"
  rm -rf "$LOCAL_GO"
  cp -a "$tmp"/gopath/pkg/mod/golang.org/toolchain@v0.0.1-go${GO_WANT}.linux-${arch} "$LOCAL_GO"
  chmod -R u+w "$tmp" "$LOCAL_GO"; rm -rf "$tmp"
  # module zips carry no file modes: make the toolchain's programs runnable
  chmod +x "$LOCAL_GO"/bin/* "$LOCAL_GO"/pkg/tool/*/*
  GO="$LOCAL_GO/bin/go"
  go_ok "$GO" || { echo "deps: could not install Go ${GO_WANT}; install Go 1.26 and run again" >&2; exit 1; }
fi

"$GO" mod download
echo "deps: ready ($("$GO" version))"
