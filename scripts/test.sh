#!/usr/bin/env bash
# Everything CI runs: types, the production build (broken links fail it), unit and
# content tests, then the browser tests against the build served by our server.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-chromium.sh
# Go 1.24, python3-requests, curl and jq: the code-sample tests run every API sample.
bash scripts/ensure-sample-tools.sh
# The type check (one core, about 25 s) runs beside the build, which leaves a core idle at times.
npx tsc --noEmit &
typecheck=$!
npm run build
wait "$typecheck"
# The API spec as published (build/openapi.yaml), against Redocly's strict rules and ours.
REDOCLY_TELEMETRY=off npx redocly lint build/openapi.yaml --config openapi/redocly.yaml
npx vitest run
npx playwright test
