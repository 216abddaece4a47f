#!/usr/bin/env bash
# Everything CI runs: types, the production build (broken links fail it), unit and
# content tests, then the browser tests against the build served by our server.
# Each step says how long it took, so a run shows where its time went.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS
step() {
  local t=$SECONDS
  "$@"
  echo "test.sh: '$*' took $((SECONDS - t)) s"
}
step bash scripts/ensure-chromium.sh
# Go 1.24, python3-requests, curl and jq: the code-sample tests run every API sample.
step bash scripts/ensure-sample-tools.sh
# The type check (one core, about 25 s) runs beside the build, which leaves a core idle at times.
npx tsc --noEmit &
typecheck=$!
step npm run build
step wait "$typecheck"
# The API spec as published (build/openapi.yaml), against Redocly's strict rules and ours.
REDOCLY_TELEMETRY=off step npx redocly lint build/openapi.yaml --config openapi/redocly.yaml
step npx vitest run
step npx playwright test
echo "test.sh: every step passed in $((SECONDS - started)) s"
