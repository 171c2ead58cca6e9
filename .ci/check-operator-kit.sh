#!/usr/bin/env bash
# Checks the operator's kit in docs/ops: the Prometheus alert rules with promtool, and the Grafana dashboard's JSON.
# promtool comes from Debian's prometheus package, unpacked into a temporary directory (the service is never
# installed or started). Exits non-zero on any failure. Usage: .ci/check-operator-kit.sh (from anywhere).
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
rules="$root/docs/ops/gcs-alerts.yml"
dashboard="$root/docs/ops/grafana-dashboard.json"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

promtool="$(command -v promtool || true)"
if [ -z "$promtool" ]; then
  cd "$work"
  if ! apt-get download prometheus >/dev/null 2>&1; then
    apt-get update -qq
    apt-get download prometheus >/dev/null
  fi
  dpkg -x prometheus_*.deb "$work/root"
  promtool="$work/root/usr/bin/promtool"
  cd "$root"
fi
"$promtool" --version | head -1

echo "promtool check rules $rules"
"$promtool" check rules "$rules"

echo "checking $dashboard parses as JSON"
python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); assert d["panels"] and d["uid"] and d["title"]' \
  "$dashboard"
echo "operator kit: OK"
