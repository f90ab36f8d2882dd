#!/usr/bin/env bash
# Regenerates mpi4all's Java bindings for the MPI behind mpicc and builds them with the
# latency and message-rate programs of bench/mpi4all/src (issue 25, item 8):
#   1. installs mpi4all (PyPI) into a venv under OUT;
#   2. runs `mpi4all --java` against mpicc's MPI (its header parse is cached in OUT);
#   3. applies the FFM renames JDK 22 made final (mpi4all 1.1.1.dev2 writes JDK 21's preview API);
#   4. builds mpi4all's C library (its MPI constants) with mpicc;
#   5. compiles Mpi.java and our programs with JDK 25 into OUT/classes.
# Usage: bench/mpi4all/generate.sh [OUT]     (default target/mpi4all)
# Environment: MPICC (default mpicc), MPICXX (mpic++), JDK (Temurin 25), MPI4ALL_VERSION.
# Nothing written here is committed: OUT is build output.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=$(mkdir -p "${1:-target/mpi4all}" && cd "${1:-target/mpi4all}" && pwd)
mpicc=${MPICC:-mpicc} mpicxx=${MPICXX:-mpic++}
jdk=${JDK:-/usr/lib/jvm/temurin-25-jdk-amd64}
version=${MPI4ALL_VERSION:-1.1.1.dev2}

if [ ! -x "$out/venv/bin/mpi4all" ] || ! "$out/venv/bin/pip" show mpi4all 2>/dev/null | grep -x "Version: $version" >/dev/null; then
  echo "installing mpi4all $version into $out/venv"
  python3 -m venv "$out/venv"
  "$out/venv/bin/pip" install -q "mpi4all==$version"
fi

# The header parse compiles a probe per MPI symbol (about 16 minutes on this 2-core machine);
# --cache keeps its result, so delete OUT/mpi4all-parse.json after changing the MPI.
echo "generating with $("$out/venv/bin/mpi4all" --version 2>&1) from $("$mpicc" --showme:version 2>/dev/null || "$mpicc" -v 2>&1 | head -1)"
rm -rf "$out/gen"
"$out/venv/bin/mpi4all" --java --cc "$mpicc" --cxx "$mpicxx" --cache "$out/mpi4all-parse.json" --out "$out/gen"
java=$out/gen/org/mpi/Mpi.java

# JDK 22 renames of JDK 21's preview FFM API (JEP 454). Each rule: pattern, replacement, what.
renames=(
  's/\.allocateArray((MemoryLayout)\([^,]*\), n)/.allocate(\1, n)/g'
  'SegmentAllocator.allocateArray(layout, count) -> allocate(layout, count)'
  's/\.allocateArray(\(ValueLayout\.JAVA_[A-Z]*\), e)/.allocateFrom(\1, e)/g'
  'SegmentAllocator.allocateArray(layout, values...) -> allocateFrom(layout, values...)'
  's/\.getUtf8String(/.getString(/g'
  'MemorySegment.getUtf8String -> getString'
  's/\.setUtf8String(/.setString(/g'
  'MemorySegment.setUtf8String -> setString'
)
for ((i = 0; i < ${#renames[@]}; i += 2)); do
  before=$(grep -c . "$java")
  count=$(sed -n "${renames[i]}p" "$java" | wc -l)
  sed -i "${renames[i]}" "$java"
  [ "$(grep -c . "$java")" = "$before" ] || { echo "error: rename changed the line count of $java" >&2; exit 1; }
  echo "applied JDK 22 rename in Mpi.java: ${renames[i + 1]} ($count lines)"
done
if grep -n 'allocateArray\|Utf8String' "$java" >&2; then
  echo "error: JDK 21 preview FFM calls left in $java (above); add a rename" >&2
  exit 1
fi

mkdir -p "$out/lib"
"$mpicc" -O2 -shared -fPIC -Wno-deprecated-declarations -Wl,--no-as-needed "$out/gen/mpi4alljava/mpi4alljava.c" -o "$out/lib/libmpi4alljava.so"
echo "built $out/lib/libmpi4alljava.so with $mpicc"

rm -rf "$out/classes"
"$jdk/bin/javac" -nowarn -d "$out/classes" "$java" "$here"/src/org/ombj/mpi4all/*.java
echo "compiled Mpi.java and bench/mpi4all/src with $("$jdk/bin/javac" -version 2>&1) into $out/classes"
echo "run: scripts/mpirun-local.sh -np 2 $jdk/bin/java --enable-native-access=ALL-UNNAMED -Djava.library.path=$out/lib -cp $out/classes org.ombj.mpi4all.Latency"
