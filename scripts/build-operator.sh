#!/usr/bin/env bash
# Builds the Operator APK without the Android SDK: operator/droidproof-operator-<version>.apk.
#   1. Maven compiles core + app (Kotlin, against Robolectric's android-all jar) and resolves
#      the tools (ProGuard, AOSP's dx repackaged as com.jakewharton.android.repackaged:dalvik-dx);
#   2. ProGuard shrinks app + core + kotlin-stdlib (without META-INF, so no META-INF/versions)
#      to what the app reaches, then dx turns that into classes.dex (minSdk, no invokedynamic);
#   3. Debian's aapt compiles the manifest and resources against framework-res.apk;
#   4. zipalign, then apksigner with the committed TEST key (android-operator/test-key).
# Usage: scripts/build-operator.sh [--skip-maven]   (--skip-maven: reuse an earlier `mvn package`)
# Needs: java 17, mvn, node, aapt, zipalign, apksigner, android-framework-res.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OPERATOR="$ROOT/android-operator"
APP="$OPERATOR/app"
TARGET="$APP/target"
WORK="$TARGET/apk"
OUT_DIR="$ROOT/operator"
FRAMEWORK_RES="${FRAMEWORK_RES:-/usr/share/android-framework-res/framework-res.apk}"
# The package the app's Kotlin classes live in; manifest component names are relative to it.
CODE_PACKAGE="app.androperator.operator.app"
APPLICATION_ID="com.androperator.operator"
KEYSTORE="$OPERATOR/test-key/droidproof-operator-test.jks"
KEY_ALIAS="droidproof-operator-test"
KEY_PASS="droidproof-test"

VERSION="$(node -p "require('$ROOT/package.json').version")"
# versionCode from the semver core: MAJOR*10000 + MINOR*100 + PATCH (same rule as app/build.gradle).
VERSION_CODE="$(node -p "const [a,b,c]='$VERSION'.split(/[.+-]/).map(Number); a*10000+b*100+c")"
prop() { sed -n "s/^$1=//p" "$OPERATOR/gradle.properties"; }
MIN_SDK="$(prop operatorMinSdk)"
TARGET_SDK="$(prop operatorTargetSdk)"
APK="$OUT_DIR/droidproof-operator-$VERSION.apk"

for tool in java node aapt zipalign apksigner; do
  command -v "$tool" >/dev/null || { echo "build-operator: missing $tool" >&2; exit 1; }
done
[ -f "$FRAMEWORK_RES" ] || { echo "build-operator: missing $FRAMEWORK_RES (apt-get install android-framework-res)" >&2; exit 1; }

if [ "${1:-}" != "--skip-maven" ]; then
  mvn -B -q -f "$OPERATOR/pom.xml" -DskipTests package
fi
TOOLS="$OPERATOR/apk-tools/target"
for f in "$TARGET/classes" "$TARGET/apk-inputs/operator-core.jar" "$TARGET/apk-inputs/kotlin-stdlib.jar" "$TOOLS/tools.classpath" "$TOOLS/framework.classpath"; do
  [ -e "$f" ] || { echo "build-operator: $f is missing; run without --skip-maven" >&2; exit 1; }
done

TOOLS_CP="$(cat "$TOOLS/tools.classpath")"
FRAMEWORK_JAR="$(cat "$TOOLS/framework.classpath")"

rm -rf "$WORK"
mkdir -p "$WORK/dex" "$OUT_DIR"

java -cp "$TOOLS_CP" proguard.ProGuard @"$APP/proguard-operator.pro" \
  -injars "$TARGET/classes" \
  -injars "$TARGET/apk-inputs/operator-core.jar(!META-INF/**)" \
  -injars "$TARGET/apk-inputs/kotlin-stdlib.jar(!META-INF/**)" \
  -libraryjars "$FRAMEWORK_JAR" \
  -outjars "$WORK/classes.jar" >"$WORK/proguard.log"
java -cp "$TOOLS_CP" com.android.dx.command.Main --dex \
  --min-sdk-version="$MIN_SDK" --output="$WORK/dex/classes.dex" "$WORK/classes.jar"

# The source manifest has no package attribute (Gradle's namespace); aapt needs one.
sed "s|<manifest xmlns:android=\"http://schemas.android.com/apk/res/android\"|& package=\"$CODE_PACKAGE\"|" \
  "$APP/src/main/AndroidManifest.xml" > "$WORK/AndroidManifest.xml"
aapt package -f -M "$WORK/AndroidManifest.xml" -S "$APP/src/main/res" -I "$FRAMEWORK_RES" \
  --rename-manifest-package "$APPLICATION_ID" \
  --min-sdk-version "$MIN_SDK" --target-sdk-version "$TARGET_SDK" \
  --version-name "$VERSION" --version-code "$VERSION_CODE" \
  -F "$WORK/unaligned.apk"
(cd "$WORK/dex" && aapt add "$WORK/unaligned.apk" classes.dex >/dev/null)

zipalign -f -p 4 "$WORK/unaligned.apk" "$WORK/aligned.apk"
apksigner sign --ks "$KEYSTORE" --ks-key-alias "$KEY_ALIAS" --ks-pass "pass:$KEY_PASS" --key-pass "pass:$KEY_PASS" \
  --out "$APK" "$WORK/aligned.apk"
rm -f "$APK.idsig"
echo "$APK"
