#!/usr/bin/env bash
# Makes sure a Docker engine answers: installs Debian's docker.io when dockerd is missing (needs root and
# Debian's package mirror), starts dockerd in the background when it is not running, and waits for it.
# Idempotent; prints what it does. Exit 0 when `docker info` answers, non-zero with a message otherwise.
set -euo pipefail

log() { printf '[ensure-docker] %s\n' "$*"; }

if docker info >/dev/null 2>&1; then
  log "a Docker engine answers: $(docker version --format '{{.Server.Version}}' 2>/dev/null || echo '?')"
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "[ensure-docker] no Docker engine answers and this is not root: start one (or run as root to let this script install and start docker.io)" >&2
  exit 1
fi
if ! command -v dockerd >/dev/null 2>&1; then
  log "installing docker.io from Debian's packages (about a minute)"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq docker.io >/dev/null
fi
log "starting dockerd in the background (log: /var/log/gcs-dockerd.log)"
nohup dockerd >/var/log/gcs-dockerd.log 2>&1 &
for _ in $(seq 1 60); do
  if docker info >/dev/null 2>&1; then
    log "dockerd answers: $(docker version --format '{{.Server.Version}}')"
    exit 0
  fi
  sleep 1 # polling an external daemon's socket: there is nothing to wait on instead
done
echo "[ensure-docker] dockerd did not answer within 60 s; see /var/log/gcs-dockerd.log" >&2
exit 1
