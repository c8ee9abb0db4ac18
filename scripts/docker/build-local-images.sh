#!/usr/bin/env bash
# Builds, once, local stand-ins for the official images where no image registry is reachable:
# a Debian bookworm base made with debootstrap, and on it node (the supported Node.js of
# .node-version: the host's when recent enough, else the official binary scripts/supported-node.sh
# brings), postgres (Debian's PostgreSQL 15), redis and nginx. An image already present is
# skipped; set REBUILD=1 to build them again. Prints the names to use, as shell assignments:
#   NODE_IMAGE=local/node:26-bookworm-slim POSTGRES_IMAGE=... REDIS_IMAGE=... NGINX_IMAGE=...
# Timings go to stderr.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cache="${LOCAL_IMAGES_CACHE:-/var/cache/channel-assistant-ci}"
mirror="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
base=local/debian:bookworm-minbase
mkdir -p "$cache"

have() { [ "${REBUILD:-}" != 1 ] && docker image inspect "$1" >/dev/null 2>&1; }
timed() { # name command...
  local started=$SECONDS
  "${@:2}" >>"$cache/build.log" 2>&1 || { echo "image step failed: $1 (see $cache/build.log)" >&2; tail -20 "$cache/build.log" >&2; return 1; }
  echo "  $1: $((SECONDS - started)) s" >&2
}

make_base() {
  local rootfs="$cache/rootfs"
  if [ ! -f "$rootfs/.complete" ]; then
    rm -rf "$rootfs"
    debootstrap --variant=minbase bookworm "$rootfs" "$mirror"
    touch "$rootfs/.complete"
  fi
  tar -C "$rootfs" --exclude=./.complete -c . | docker import - "$base"
}

if ! have "$base"; then
  command -v debootstrap >/dev/null || DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >>"$cache/build.log" 2>&1
  timed "base $base (debootstrap + import)" make_base
fi

build() { # image dir [context]
  local image=$1 dir=$2 context=${3:-$2}
  have "$image" && return 0
  timed "$image" docker build --network host --build-arg "BASE=$base" -t "$image" -f "$dir/Dockerfile" "$context"
}

node_context() { # the node binary, the npm beside it (lib/node_modules/npm) and trusted CAs beside the Dockerfile
  local ctx="$cache/node-context" node
  node="$(readlink -f "$(command -v node)")"
  rm -rf "$ctx" && mkdir -p "$ctx"
  cp "$node" "$ctx/node"
  cp -rH "$(dirname "$node")/../lib/node_modules/npm" "$ctx/npm"
  cat "${NODE_EXTRA_CA_CERTS:-/etc/ssl/certs/ca-certificates.crt}" >"$ctx/host-ca.crt" 2>/dev/null || : >"$ctx/host-ca.crt"
  echo "$ctx"
}

major="$(cut -d. -f1 "$here/../../.node-version")"
supported_bin="$("$here/../supported-node.sh" --bin)"
[ -z "$supported_bin" ] || PATH="$supported_bin:$PATH"
case "$(node --version)" in "v$major".*) ;; *) echo "node is $(node --version), not the supported $major (.node-version)" >&2; exit 1 ;; esac
node_image="local/node:$major-bookworm-slim"
have "$node_image" || build "$node_image" "$here/images/node" "$(node_context)"
build local/postgres:15 "$here/images/postgres"
build local/redis:7 "$here/images/redis"
build local/nginx:1.22 "$here/images/nginx"

echo "NODE_IMAGE=$node_image POSTGRES_IMAGE=local/postgres:15 REDIS_IMAGE=local/redis:7 NGINX_IMAGE=local/nginx:1.22"
