#!/usr/bin/env bash
# A new user's project, built the way README.md's "Using GCS in an application" says: a new pom.xml holding the
# README's ```xml block, the README's ```java example as its only source, compiled against the GCS artifacts in the
# local Maven repository, then run. It passes when the example prints what ottawa received.
#
#   .ci/consumer-project.sh               # against the local repository as it is (after ./mvnw install -DskipTests)
#   .ci/consumer-project.sh --empty-repo  # as on a new machine: a new, empty local repository, the README's install
#                                         # step into it, then the project (downloads every dependency: minutes)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d /tmp/gcs-consumer.XXXXXX)"
trap 'rm -rf "$work"' EXIT
maven=("$root/mvnw" -B -q)
if [ "${1:-}" = --empty-repo ]; then
  maven+=("-Dmaven.repo.local=$work/m2")
  echo "consumer project: the README's install step into an empty local repository ($work/m2)"
  # the README's command, as written there
  install_step="$(awk '/^## Using GCS in an application/ {on = 1} on && /^\.\/mvnw install/ {print; exit}' \
    "$root/README.md")"
  test "$install_step" = "./mvnw install -DskipTests"
  (cd "$root" && "${maven[@]}" install -DskipTests)
fi

# the first ```xml and the first ```java block after the heading
block() {
  awk -v fence="$1" '/^## Using GCS in an application/ {on = 1; next}
    on && !inside && $0 == fence {inside = 1; next}
    inside && $0 == "```" {exit}
    inside {print}' "$root/README.md"
}
xml="$(block '```xml')"
test -n "$xml"
mkdir -p "$work/project/src/main/java"
block '```java' > "$work/project/src/main/java/ReadmeExample.java"
test -s "$work/project/src/main/java/ReadmeExample.java"
cat > "$work/project/pom.xml" <<EOF
<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>com.example</groupId>
  <artifactId>three-offices</artifactId>
  <version>1.0</version>
  <properties>
    <maven.compiler.release>17</maven.compiler.release>
    <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
  </properties>
$xml
</project>
EOF

echo "consumer project: build (pom.xml with the README's dependency block)"
"${maven[@]}" -f "$work/project/pom.xml" package
"${maven[@]}" -f "$work/project/pom.xml" org.apache.maven.plugins:maven-dependency-plugin:3.8.1:build-classpath \
  -Dmdep.outputFile="$work/classpath.txt"
echo "consumer project: run ReadmeExample"
timeout 180 java -cp "$work/project/target/classes:$(cat "$work/classpath.txt")" ReadmeExample \
  > "$work/run.out" 2> "$work/run.err" || { tail -n 30 "$work/run.err" >&2; cat "$work/run.out"; exit 1; }
cat "$work/run.out"
grep -qx 'ottawa received \[hello, again\]' "$work/run.out"
echo "consumer project: passed"
