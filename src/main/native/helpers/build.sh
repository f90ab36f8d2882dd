#!/usr/bin/env bash
# Builds the binding's MPI-independent JNI helpers with a plain C compiler: the signal guard
# libombjsig.so (mpi.SignalGuard), which must load before any MPI library, and libombjpin.so
# (mpi.PinnedCall), the FFM backend's zero-copy path for Java arrays in calls that wait.
# Called by Maven (process-classes):
#   build.sh CC JAVA_HOME JNI_HEADER_DIR OUTPUT_DIR CFLAGS
set -euo pipefail
cc=$1 java_home=$2 headers=$3 out=$4 cflags=$5
src=$(cd "$(dirname "$0")" && pwd)

if ! command -v "$cc" >/dev/null 2>&1; then
  echo "error: C compiler '$cc' not found; install gcc or pass -Dcc=/path/to/cc" >&2
  exit 1
fi
mkdir -p "$out"
for name in ombjsig ombjpin; do
  # shellcheck disable=SC2086  # cflags is a list of flags
  "$cc" $cflags -shared -Wl,-soname,lib$name.so \
    -I"$java_home/include" -I"$java_home/include/linux" -I"$headers" \
    "$src/$name.c" -o "$out/lib$name.so"
done
echo "built $out/libombjsig.so and libombjpin.so with $("$cc" --version 2>/dev/null | head -n 1)"
