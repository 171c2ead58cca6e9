#!/usr/bin/env bash
# JMH micro-benchmarks of the hot paths (module gcs-jmh; docs/performance.md, "Hot paths (JMH)").
# Builds gcs-jmh/target/benchmarks.jar when it is missing or the sources changed, then runs it.
#   bench/jmh.sh                            every benchmark, short settings (-f 1 -wi 5 -w 1s -i 5 -r 1s), ~3 min
#   bench/jmh.sh ReceivePath -f 1 -i 5      any JMH options, passed on unchanged (java -jar benchmarks.jar -h)
set -euo pipefail
repo="$(cd -P "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
jar="$repo/gcs-jmh/target/benchmarks.jar"

if [ ! -f "$jar" ] || [ -n "$(find "$repo" \( -name target -o -name .git \) -prune -o \
    -type f \( -path '*/src/main/*' -o -name pom.xml \) -newer "$jar" -print -quit)" ]; then
  echo "building gcs-jmh (first run or sources changed)..." >&2
  (cd "$repo" && ./mvnw -q -B -pl gcs-jmh -am package -DskipTests) >&2
fi

if [ "$#" -eq 0 ]; then
  set -- -f 1 -wi 5 -w 1s -i 5 -r 1s
fi
exec java -jar "$jar" "$@"
