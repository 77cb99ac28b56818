#!/usr/bin/env bash
# Installs everything the project needs on a fresh machine, and nothing twice:
# npm packages, Debian's Chromium (for the browser backend tests), and the real
# VS Code (code-server on Node 24, for the extension tests). Idempotent.
set -euo pipefail
cd "$(dirname "$0")/.."

log() { printf '[setup] %s\n' "$*"; }

# 1. npm packages (from the lock file), unless node_modules already matches it, whoever
#    installed it (npm ci, npm install, or an earlier run of this script).
if ! node scripts/npm-ready.mjs --verbose; then
  log "installing npm packages"
  npm ci --no-audit --no-fund --loglevel=error
fi

# 2. Chromium from Debian (never a Playwright browser download).
if [ "${PTK_SKIP_BROWSER:-}" != 1 ] && { ! command -v chromium >/dev/null 2>&1 || ! command -v rg >/dev/null 2>&1; }; then
  log "installing Debian's chromium and ripgrep"
  if [ "$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium ripgrep >/dev/null
fi

# 3. The real VS Code (code-server) for the extension tests.
if [ "${PTK_SKIP_VSCODE:-}" != 1 ] && [ -f scripts/setup-vscode.sh ]; then
  bash scripts/setup-vscode.sh
fi
log "ready"
