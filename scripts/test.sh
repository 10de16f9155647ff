#!/usr/bin/env bash
# The README's test command (`npm test`): type check, lint, unit and integration tests on PGlite (and on
# PostgreSQL too when TEST_DATABASE_URL is set), then the end-to-end tests in Debian's Chromium
# against the built server. Installs what npm does not: Debian's chromium and caddy (the cluster
# tests put the real Caddy in front of the app processes), when missing.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=""
[ -x /usr/bin/chromium ] || missing="$missing chromium"
[ -x /usr/bin/caddy ] || missing="$missing caddy"
if [ -n "$missing" ]; then
  echo "== installing Debian's$missing (chromium: end-to-end tests; caddy: the cluster tests' reverse proxy)"
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq
  # shellcheck disable=SC2086
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $missing >/dev/null
fi
# a missing tool of package.json (e.g. after a pull that added one) is installed from the lockfile
[ -d node_modules ] && [ -x node_modules/.bin/depcruise ] || npm install --no-audit --no-fund

echo "== type check"
npm run --silent typecheck

echo "== lint (ESLint: types, hooks, accessibility, import cycles, layer boundaries)"
npx eslint .

echo "== formatting (Prettier)"
npx prettier --check . >/dev/null || { npx prettier --check . 2>&1 | tail -20; exit 1; }

echo "== layers, module faces, folder cycles, browser-safe faces (dependency-cruiser)"
npm run --silent deps:check

echo "== build (the HTTP tests and the end-to-end tests use the built server)"
npx react-router build >/dev/null
# the client bundle holds no server code (docs/decisions/017-module-faces.md)
if grep -l -i -E "drizzle|pglite|[\"'\`]node:" build/client/assets/*.js; then
  echo "server code (Drizzle, PGlite or node: modules) in the client bundle: the files above" >&2
  exit 1
fi

echo "== unit and integration tests (PGlite)"
env -u TEST_DATABASE_URL npx vitest run

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  echo "== database tests on PostgreSQL ($TEST_DATABASE_URL)"
  npx vitest run
fi

echo "== end-to-end tests (Playwright, Debian chromium)"
npx playwright test
