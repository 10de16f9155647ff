#!/usr/bin/env bash
# Restarts the shop's app processes one at a time without losing a request (README, "Rolling
# restarts"): each instance drains on SIGTERM (Caddy's /readyz check takes it out of rotation, the
# requests it holds are finished), and the next one is restarted only when this one is ready again.
#   sudo deploy/rolling-restart.sh 3001 3002
set -euo pipefail
[ $# -gt 0 ] || set -- 3001 3002
for port in "$@"; do
  echo "restarting casa-shop@$port"
  systemctl restart "casa-shop@$port"
  for _ in $(seq 1 120); do
    if curl -fsS -o /dev/null "http://127.0.0.1:$port/readyz"; then break; fi
    sleep 1
  done
  curl -fsS -o /dev/null "http://127.0.0.1:$port/readyz" || { echo "casa-shop@$port is not ready: stopping here" >&2; exit 1; }
  # a few health-check intervals: Caddy sees it ready before the next one leaves
  sleep 5
done
echo "all app processes restarted"
