#!/bin/bash
# clean-room.sh: try the README's two commands on a Debian that has only
# the Go toolchain: no C compiler, no git, no browser, no ffmpeg, no Redis.
#
#   sudo scripts/clean-room.sh [ROOT]
#
# Needs root, debootstrap and network access to a Debian mirror and to the
# Go module proxy. ROOT (default: a new temporary folder) receives a
# `debootstrap --variant=minbase` Debian; an existing one is reused. Into it
# go: the Go toolchain that runs this script, the CA bundle,
# /etc/resolv.conf and a clone of this checkout (committed state only), at
# /src/gamethumbs. Then, inside the chroot, as a new user would:
#
#   go run ./cmd/gamethumbs         (with PORT, default 3000; /health and the
#                                    page are fetched, then it is stopped)
#   go run ./cmd/gamethumbs -demo   (one PNG and one WebP picture fetched)
#   go test ./...                   (timed; then `go test -json ./...` again
#                                    for pass/skip/fail counts, unless
#                                    COUNTS=0)
#
# The module proxy settings of the calling machine (GOPROXY, GOSUMDB,
# GOFLAGS, GOPRIVATE, GONOSUMDB) are passed in; the module and build caches
# inside start empty, so the first command downloads every module.
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
root=${1:-$(mktemp -d)/root}
port=${PORT:-3000}
mirror=${MIRROR:-http://deb.debian.org/debian}
suite=${SUITE:-bookworm}

log() { printf '\n=== %s\n' "$*"; }

if [ ! -x "$root/bin/sh" ]; then
	log "debootstrap --variant=minbase $suite $root"
	debootstrap --variant=minbase "$suite" "$root" "$mirror" >"$root.debootstrap.log" 2>&1 ||
		{ tail -20 "$root.debootstrap.log"; exit 1; }
fi

goroot=$(go env GOROOT)
log "copying $(go version | cut -d' ' -f3) and the checkout into the chroot"
rm -rf "$root/usr/local/go" "$root/src/gamethumbs" "$root/root/go" "$root/root/.cache"
mkdir -p "$root/usr/local" "$root/src" "$root/etc/ssl/certs"
cp -a "$goroot" "$root/usr/local/go"
cp -L /etc/ssl/certs/ca-certificates.crt "$root/etc/ssl/certs/ca-certificates.crt"
cp -L /etc/resolv.conf "$root/etc/resolv.conf"
git clone -q --no-hardlinks "$repo" "$root/src/gamethumbs"

mountpoint -q "$root/proc" || mount -t proc proc "$root/proc"
server=
cleanup() {
	[ -n "$server" ] && kill -- "-$server" 2>/dev/null || true
	umount "$root/proc" 2>/dev/null || true
}
trap cleanup EXIT

# inroot runs a shell command inside the chroot, in the checkout, with a clean
# environment: only Go on the PATH.
inroot() {
	chroot "$root" /usr/bin/env -i HOME=/root PATH=/usr/local/go/bin:/usr/bin:/bin \
		GOPROXY="$(go env GOPROXY)" GOSUMDB="$(go env GOSUMDB)" GOFLAGS="$(go env GOFLAGS)" \
		GOPRIVATE="$(go env GOPRIVATE)" GONOSUMDB="$(go env GONOSUMDB)" PORT="$port" \
		/bin/sh -c "cd /src/gamethumbs && $1"
}

log "inside: no C compiler, only Go"
inroot 'for c in gcc cc clang git curl chromium ffmpeg vlc redis-server; do command -v $c && exit 1; done; go version; go env CGO_ENABLED'

# serve starts a README command in its own process group and waits up to
# 10 minutes (the first one downloads and compiles everything) for /health.
serve() {
	log "inside: $1"
	setsid bash -c "$(declare -f inroot); root='$root' port='$port'; inroot '$1'" &
	server=$!
	local t0=$SECONDS
	until curl -sf -o /dev/null "http://127.0.0.1:$port/health"; do
		kill -0 "$server" 2>/dev/null || { echo "the service exited"; exit 1; }
		[ $((SECONDS - t0)) -lt 600 ] || { echo "no /health after 600 s"; exit 1; }
		sleep 1
	done
	echo "healthy after $((SECONDS - t0)) s"
}

# fetch prints status, type and size of one URL of the service.
fetch() {
	curl -s -o /dev/null -w "GET $1 -> %{http_code} %{content_type} %{size_download} B\n" "http://127.0.0.1:$port$1"
}

stop() {
	kill -- "-$server"
	wait "$server" 2>/dev/null || true
	server=
	sleep 1
}

serve 'go run ./cmd/gamethumbs'
fetch /health
fetch /
stop

serve 'go run ./cmd/gamethumbs -demo'
fetch /demo/herons/comets/thumb
fetch /demo/herons/comets/thumb.webp
stop

log "inside: go test ./..."
t0=$SECONDS
inroot 'go test ./...'
echo "go test ./... passed in $((SECONDS - t0)) s"

if [ "${COUNTS:-1}" != 0 ]; then
	log "inside: go test -json ./... (counts)"
	inroot 'go test -json ./...' >"$root/go-test.json" || { echo "go test -json failed"; exit 1; }
	j="$root/go-test.json"
	for a in pass skip fail; do
		all=$(grep -c "\"Action\":\"$a\",\"Package\":\"[^\"]*\",\"Test\"" "$j" || true)
		top=$(grep "\"Action\":\"$a\",\"Package\":\"[^\"]*\",\"Test\":\"[^\"/]*\"" "$j" | grep -c . || true)
		echo "$a: $top tests ($all with subtests)"
	done
	echo "skipped: $(grep '"Action":"skip","Package":"[^"]*","Test"' "$j" | grep -o '"Test":"[^"]*"' | cut -d'"' -f4 | sort -u | tr '\n' ' ')"
fi
