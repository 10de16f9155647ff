#!/usr/bin/env bash
# The README's test command (`npm test`): type check, lint, unit and integration tests on PGlite (and on
# PostgreSQL too when TEST_DATABASE_URL is set), then the end-to-end tests in Debian's Chromium
# against the built server. Installs what npm does not: Debian's chromium, its headless shell and caddy (the cluster
# tests put the real Caddy in front of the app processes), when missing.
#
# The static checks and the build read the sources only and write nothing the others read, so they
# run side by side (the type check, ESLint and the build are each about one core's work); the
# build is made once here and used by the HTTP tests and the end-to-end tests. Each phase prints
# its wall time and the CPU time of its processes.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=""
[ -x /usr/bin/chromium ] || missing="$missing chromium"
[ -x /usr/bin/chromium-headless-shell ] || missing="$missing chromium-headless-shell"
[ -x /usr/bin/caddy ] || missing="$missing caddy"
if [ -n "$missing" ]; then
  echo "== installing Debian's$missing (chromium-headless-shell: end-to-end tests; chromium: page-speed bench and screenshots; caddy: the cluster tests' reverse proxy)"
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq
  # shellcheck disable=SC2086
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $missing >/dev/null
fi
# a missing tool of package.json (e.g. after a pull that added one) is installed from the lockfile
[ -d node_modules ] && [ -x node_modules/.bin/depcruise ] || npm install --no-audit --no-fund

TIMEFORMAT='   (%R s wall, %U s user + %S s system CPU)'
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT

# Runs "name command…" in the background, its output kept in $logs/<name>.
started=()
start() {
  local name=$1
  shift
  ( time "$@" ) >"$logs/$name" 2>&1 &
  started+=("$name:$!")
}
# Waits for every started check; prints each one's output (all of it when it failed) and fails
# after all have ended when one of them did.
finish() {
  local failed=0 entry name pid
  for entry in "${started[@]}"; do
    name=${entry%%:*}
    pid=${entry##*:}
    if wait "$pid"; then
      echo "== $name: ok"
      tail -1 "$logs/$name"
    else
      echo "== $name: FAILED"
      tail -60 "$logs/$name"
      failed=1
    fi
  done
  started=()
  return $failed
}

echo "== route types (react-router typegen: the type check and ESLint read them)"
time npx react-router typegen >/dev/null

echo "== type check, lint (ESLint: types, hooks, accessibility, layer boundaries), formatting (Prettier) and the build, side by side"
# dependency-cruiser (layers, module faces, file and folder cycles, browser-safe faces: npm run deps:check)
# runs in the PGlite pass, as tests/integration/boundaries.test.ts "keeps every rule"
start "type check" npx tsc --noEmit
start "ESLint" npx eslint .
start "Prettier" npx prettier --check --log-level warn .
# the HTTP tests and the end-to-end tests use the built server
start "build" npx react-router build
finish
# the client bundle holds no server code (docs/decisions/018-module-faces.md)
if grep -l -i -E "drizzle|pglite|[\"'\`]node:" build/client/assets/*.js; then
  echo "server code (Drizzle, PGlite or node: modules) in the client bundle: the files above" >&2
  exit 1
fi

echo "== unit and integration tests (PGlite)"
time env -u TEST_DATABASE_URL npx vitest run

# The end-to-end run's starting database (tests/e2e/seed-template.ts) is made beside the PostgreSQL
# pass, which leaves part of a core free (it waits on the server: ~1.5 of 2 cores busy), instead of
# at the start of the end-to-end run, where the tests wait for it. Without PostgreSQL the end-to-end
# run makes it itself.
export SHOP_E2E_TEMPLATE="$logs/shop-e2e-template.pglite.tar.gz"
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  start "end-to-end starting database" node --import tsx tests/e2e/seed-template.ts
  echo "== database tests on PostgreSQL ($TEST_DATABASE_URL)"
  # the unit tests of core/, api/ and app/ and the layer rules (boundaries.test.ts) open no
  # database: the PGlite pass has run them. The fuzzing sends 2,000 generated requests here
  # instead of 10,000: the PGlite pass has sent the 10,000 through the same validation, and this
  # pass checks that the PostgreSQL driver's answers keep its properties too.
  time env FUZZ_RUNS="${FUZZ_RUNS:-2000}" npx vitest run tests/integration/ scripts/ --exclude tests/integration/boundaries.test.ts
  finish
fi

echo "== end-to-end tests (Playwright, Debian chromium-headless-shell)"
time npx playwright test
