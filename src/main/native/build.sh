#!/usr/bin/env bash
# Builds the JNI library with an MPI compiler wrapper. Called by Maven (process-classes):
#   build.sh MPICC JAVA_HOME JNI_HEADER_DIR OUTPUT_SO CFLAGS
# The wrapper supplies the MPI include and link flags, so any MPI library works (-Dmpicc=...).
set -euo pipefail
mpicc=$1 java_home=$2 headers=$3 out=$4 cflags=$5
src=$(cd "$(dirname "$0")" && pwd)

if ! command -v "$mpicc" >/dev/null 2>&1; then
  echo "error: MPI compiler wrapper '$mpicc' not found; install an MPI (e.g. openmpi-bin libopenmpi-dev) or pass -Dmpicc=/path/to/mpicc" >&2
  exit 1
fi
mkdir -p "$(dirname "$out")"
# shellcheck disable=SC2086  # cflags is a list of flags
"$mpicc" $cflags -shared \
  -I"$java_home/include" -I"$java_home/include/linux" -I"$headers" -I"$src" \
  "$src"/*.c -o "$out" -ldl
echo "built $out with $("$mpicc" --version 2>/dev/null | head -n 1)"
