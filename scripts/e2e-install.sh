#!/usr/bin/env bash
# Installs the e2e stack (Debian chromium + libkrb5-dev, Node 24 and code-server 4.139.1 from npm, playwright-core)
# with ../shared/tools/vscode-e2e/install.sh. Idempotent (0.4 s when installed). .ci/run calls it before
# `npm run test:integration` and `npm run test:e2e`.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
TOOL="${VSCODE_E2E_TOOL:-$ROOT/../shared/tools/vscode-e2e}"
[ -x "$TOOL/install.sh" ] || { echo "e2e-install: $TOOL/install.sh not found (set VSCODE_E2E_TOOL)" >&2; exit 1; }
exec "$TOOL/install.sh"
