#!/usr/bin/env bash
# `npm start`: builds the .vsix, installs it into a real VS Code (code-server on 127.0.0.1),
# starts a replica chat site as the default site, opens a sample workspace and prints the URL.
#   --demo        also runs a sample task through the UI and prints the transcript
#   --skip-setup  skip scripts/setup.sh
set -euo pipefail
cd "$(dirname "$0")/.."
exec node --import tsx scripts/start.mjs "$@"
