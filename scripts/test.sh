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
# A PostgreSQL server of its own for the insights store's tests (beside PGlite, which needs
# none), in a temporary folder, stopped and removed however the run ends.
pg_dir="$(mktemp -d)/postgres"
chmod 755 "$(dirname "$pg_dir")"
trap 'bash scripts/test-postgres.sh stop "$pg_dir"; rmdir "$(dirname "$pg_dir")" 2>/dev/null || true' EXIT
TEST_DATABASE_URL="$(bash scripts/test-postgres.sh start "$pg_dir")"
export TEST_DATABASE_URL INSIGHTS_TEST_POSTGRES=required
step npx vitest run
step npx playwright test
echo "test.sh: every step passed in $((SECONDS - started)) s"
