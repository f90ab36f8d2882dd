#!/usr/bin/env bash
# Builds the FFM backend (src/main/java22, java.lang.foreign: final in Java 22) into the jar's
# classes for Java 22 and later (a multi-release jar). Called by Maven (process-classes):
#   build.sh MAVEN_JAVA_HOME FFM_JDK CLASSES_DIR [SOURCES_DIR WHAT]
# The JMH project builds its FFM floors with it too: the sources under SOURCES_DIR (default:
# this folder), named WHAT in what it says (default: FFM backend).
# The compiler: Maven's own JDK if it is 22 or later, else the JDK named by -Dffm.jdk (default:
# the Temurin 25 these machines carry beside JDK 17). With neither, says once that the FFM
# backend was skipped and why: the JNI backend is built either way.
set -euo pipefail
maven_java=$1 ffm_jdk=$2 classes=$3
src=${4:-$(cd "$(dirname "$0")" && pwd)}
what=${5:-FFM backend}
also=
[[ -n ${4:-} ]] || also="; the JNI backend is built"
[[ -d $src ]] || { echo "error: no sources folder $src" >&2; exit 1; }

feature() { # the feature release of a JDK folder, or 0
  local release="$1/release"
  [[ -x $1/bin/javac && -f $release ]] || { echo 0; return; }
  sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$release" | head -n 1
}

javac=
for jdk in "$maven_java" "$ffm_jdk"; do
  if [[ -n $jdk && $(feature "$jdk") -ge 22 ]]; then
    javac=$jdk/bin/javac
    break
  fi
done
if [[ -z $javac ]]; then
  echo "[omb-j] $what skipped: no JDK 22 or later (Maven runs on $maven_java; -Dffm.jdk=$ffm_jdk is none)$also. Name one with -Dffm.jdk=/path/to/jdk-22+"
  exit 0
fi
out=$classes/META-INF/versions/22
rm -rf "$out"
mkdir -p "$out"
mapfile -t sources < <(find "$src" -name '*.java' | sort)
"$javac" --release 22 -Xlint:all,-restricted -Werror -implicit:none -cp "$classes" -d "$out" "${sources[@]}"
echo "built the $what into $out with $("$javac" -version 2>&1)"
