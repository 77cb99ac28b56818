#!/usr/bin/env bash
# `npm start`: builds the .vsix, installs it into a real VS Code (code-server on 127.0.0.1),
# starts a replica chat site as the default site, opens a sample workspace and prints the URL.
#   --demo        also runs two sample tasks through the UI, prints the transcript, and fails when it is not the expected one
#   --skip-setup  skip scripts/setup.sh
# Setup runs first, in plain shell: the TypeScript loader (tsx) that start.mjs needs is one of
# the packages it installs.
set -euo pipefail
cd "$(dirname "$0")/.."
skip_setup=0
for arg in "$@"; do [ "$arg" = --skip-setup ] && skip_setup=1; done
if [ "$skip_setup" = 0 ]; then
  echo "[start] setup (idempotent)"
  bash scripts/setup.sh
fi
exec node --import tsx scripts/start.mjs "$@"
