#!/usr/bin/env bash
# Builds the images the multi-node tests use, without a registry:
#   1. the base image ($GCS_BASE_IMAGE, default gcs/jre17-base:bookworm): Debian 12 with Java 17, iproute2 and
#      iptables, made with debootstrap from the machine's Debian mirror when it is not there yet (about 2 min,
#      once per machine). Another name (a public JRE image) is pulled instead when missing.
#   2. the node image ($GCS_NODE_IMAGE, default gcs/node:dev) from the built gcs-examples jar (run
#      './mvnw package -DskipTests' first, or let this script do it with --build-jar).
# Needs a Docker engine (docker/ensure-docker.sh) and, for the base image, root and debootstrap.
set -euo pipefail
cd "$(dirname "$0")/.."

base_image="${GCS_BASE_IMAGE:-gcs/jre17-base:bookworm}"
node_image="${GCS_NODE_IMAGE:-gcs/node:dev}"
log() { printf '[build-images] %s\n' "$*"; }

debian_mirror() {
  local uri
  uri=$(grep -h -o -E '^(URIs:|deb) +[^ ]+' /etc/apt/sources.list.d/*.sources /etc/apt/sources.list 2>/dev/null \
    | awk '{print $2}' | grep -E '/debian/?$' | head -n 1 || true)
  printf '%s\n' "${uri:-http://deb.debian.org/debian}"
}

build_base() {
  if docker image inspect "$base_image" >/dev/null 2>&1; then
    log "base image $base_image is there"
    return
  fi
  if [ "$base_image" != "gcs/jre17-base:bookworm" ]; then
    log "pulling base image $base_image"
    docker pull "$base_image"
    return
  fi
  if [ "$(id -u)" -ne 0 ]; then
    echo "[build-images] building $base_image needs root (debootstrap); run as root, or set GCS_BASE_IMAGE to a JRE 17 image you can pull" >&2
    exit 1
  fi
  if ! command -v debootstrap >/dev/null 2>&1; then
    log "installing debootstrap"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >/dev/null
  fi
  local rootfs mirror
  rootfs=$(mktemp -d /tmp/gcs-rootfs.XXXXXX)
  mirror=$(debian_mirror)
  log "building $base_image with debootstrap from $mirror (about 2 min, once per machine)"
  debootstrap --variant=minbase --include=openjdk-17-jre-headless,iproute2,iptables bookworm "$rootfs" "$mirror" \
    > /tmp/gcs-debootstrap.log 2>&1 || { echo "[build-images] debootstrap failed; see /tmp/gcs-debootstrap.log" >&2; exit 1; }
  rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/*
  tar -C "$rootfs" -c . | docker import -c 'ENV LANG=C.UTF-8' - "$base_image" >/dev/null
  rm -rf "$rootfs"
  log "built $base_image ($(docker image inspect --format '{{.Size}}' "$base_image" | awk '{printf "%.0f MB", $1/1e6}'))"
}

build_node() {
  local jar context
  if [ "${1:-}" = "--build-jar" ]; then
    ./mvnw -q -B package -DskipTests
  fi
  jar=$(ls gcs-examples/target/gcs-examples-*-all.jar 2>/dev/null | head -n 1 || true)
  if [ -z "$jar" ]; then
    echo "[build-images] no gcs-examples/target/gcs-examples-*-all.jar: run './mvnw package -DskipTests' first (or pass --build-jar)" >&2
    exit 1
  fi
  context=$(mktemp -d /tmp/gcs-image.XXXXXX)
  cp docker/node/Dockerfile "$context/Dockerfile"
  cp "$jar" "$context/gcs.jar"
  log "building $node_image on $base_image from $jar"
  docker build -q --build-arg "BASE_IMAGE=$base_image" -t "$node_image" "$context" >/dev/null
  rm -rf "$context"
  log "built $node_image"
}

build_base
build_node "${1:-}"
