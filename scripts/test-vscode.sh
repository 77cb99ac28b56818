#!/usr/bin/env bash
# Tests in a REAL VS Code (code-server on Node 24): builds the test build of the extension,
# starts code-server on 127.0.0.1 (free port, fresh user data, a fresh copy of
# test/vscode/fixtures/sample-workspace), connects Chromium to the workbench, runs the
# in-VS-Code suite, prints it as node:test output, stops everything it started.
# Exit code non-zero on any failure. Artifacts (screenshots; logs on failure): test-artifacts/vscode/.
# Called by scripts/test.sh. Details: docs/testing-vscode.md.
set -euo pipefail
cd "$(dirname "$0")/.."

# Installs Node 24 + code-server on first use (quiet when already there).
bash scripts/setup-vscode.sh

# Every *.test.ts under test/vscode: the real-VS-Code harness and the host/vscode unit tests.
exec node scripts/run-tests.mjs test/vscode
