#!/usr/bin/env bash
# The README's test command: sets up, then lint, type check, and every test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
echo "== lint"; npx eslint .
echo "== typecheck"; npx tsc -p tsconfig.json --noEmit
echo "== build"; node esbuild.config.mjs --production >/dev/null
status=0
echo "== unit tests"; node scripts/run-tests.mjs --one-process test/unit || status=1
if [ -d test/browser ] && [ "${PTK_SKIP_BROWSER:-}" != 1 ]; then
  echo "== browser tests (real Chromium against replica sites)"; node scripts/run-tests.mjs test/browser || status=1
fi
if [ -f scripts/test-vscode.sh ] && [ "${PTK_SKIP_VSCODE:-}" != 1 ]; then
  echo "== VS Code tests (real VS Code: code-server)"; bash scripts/test-vscode.sh || status=1
fi
exit $status
