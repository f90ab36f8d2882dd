#!/usr/bin/env bash
# Builds the signal guard libombjsig.so (mpi.SignalGuard) with a plain C compiler: it must not
# depend on any MPI library, so that it loads before one. Called by Maven (process-classes):
#   build.sh CC JAVA_HOME JNI_HEADER_DIR OUTPUT_SO CFLAGS
set -euo pipefail
cc=$1 java_home=$2 headers=$3 out=$4 cflags=$5
src=$(cd "$(dirname "$0")" && pwd)

if ! command -v "$cc" >/dev/null 2>&1; then
  echo "error: C compiler '$cc' not found; install gcc or pass -Dcc=/path/to/cc" >&2
  exit 1
fi
mkdir -p "$(dirname "$out")"
# shellcheck disable=SC2086  # cflags is a list of flags
"$cc" $cflags -shared -Wl,-soname,libombjsig.so \
  -I"$java_home/include" -I"$java_home/include/linux" -I"$headers" \
  "$src"/ombjsig.c -o "$out"
echo "built $out with $("$cc" --version 2>/dev/null | head -n 1)"
