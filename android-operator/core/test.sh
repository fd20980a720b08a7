#!/usr/bin/env bash
# Compiles the Operator core and its tests in one kotlinc call, then runs every
# JUnit test class (core tests plus the conformance vector runners).
# Usage: bash android-operator/core/test.sh   (from any directory)
set -euo pipefail

CORE_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO_DIR="$(cd "$CORE_DIR/../.." && pwd)"
BUILD_DIR="$CORE_DIR/build"
CLASSES="$BUILD_DIR/classes"

find_jar() {
  for candidate in "$@"; do
    if [ -f "$candidate" ]; then echo "$candidate"; return 0; fi
  done
  echo "missing jar: $*" >&2
  return 1
}

JUNIT="$(find_jar /usr/share/java/junit4.jar /usr/share/java/junit.jar)"
HAMCREST="$(find_jar /usr/share/java/hamcrest-core.jar /usr/share/java/hamcrest.jar /usr/share/java/hamcrest-all.jar)"
STDLIB="$(find_jar /usr/share/java/kotlin-stdlib.jar)"

rm -rf "$CLASSES"
mkdir -p "$CLASSES"

echo "compiling core + tests ..."
# One kotlinc invocation: the compiler's JVM start-up dominates the run time.
kotlinc -nowarn -jvm-target 1.8 -cp "$JUNIT:$HAMCREST" -d "$CLASSES" \
  "$CORE_DIR/src/main/kotlin" "$CORE_DIR/src/test/kotlin" 2>&1 | grep -v -E "^OpenJDK 64-Bit Server VM warning" || true
if [ ! -d "$CLASSES/app" ]; then
  echo "compilation failed" >&2
  exit 1
fi

TEST_CLASSES=$(cd "$CLASSES" && find . -name '*Test.class' ! -name '*$*' | sed -e 's|^\./||' -e 's|\.class$||' -e 's|/|.|g' | sort)

echo "running tests ..."
CONFORMANCE_DIR="$REPO_DIR/conformance" \
  java -cp "$CLASSES:$STDLIB:$JUNIT:$HAMCREST" app.androperator.operator.core.RunAll $TEST_CLASSES
