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
for arg in "$@"; do
  case "$arg" in
    --skip-setup) skip_setup=1 ;;
    --help|-h)
      cat <<'USAGE'
npm start [-- options]: sets up everything (npm packages, Chromium, a real VS Code), installs PTK
into that VS Code, starts an offline replica chat site answering with a scripted demo model,
opens a sample workspace and prints its address. Ctrl+C stops everything.
  --demo                  also run two sample tasks through the chat view and check the transcript
  --sites chatgpt,claude  a replica of each listed site (chatgpt, claude, gemini, aistudio, deepseek)
  --sites madeup-parrot   alone: a made-up chat page (also madeup-heron), with ptk.site "auto"
  --sites chatgpt-drifted alone: a redesigned ChatGPT its selectors no longer match
  --cap-after N           the first site shows its usage-limit banner from its N-th message on
  --skip-setup            do not run the setup step (it is idempotent, but takes a few seconds)
USAGE
      exit 0 ;;
  esac
done
if [ "$skip_setup" = 0 ]; then
  echo "[start] setup (idempotent)"
  bash scripts/setup.sh
fi
exec node --import tsx scripts/start.mjs "$@"
