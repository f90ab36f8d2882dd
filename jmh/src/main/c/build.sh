#!/usr/bin/env bash
# Builds the C baseline's JNI library with an MPI compiler wrapper. Called by Maven:
#   build.sh MPICC JAVA_HOME JNI_HEADER_DIR OUTPUT_SO CFLAGS
set -euo pipefail
mpicc=$1 java_home=$2 headers=$3 out=$4 cflags=$5
src=$(cd "$(dirname "$0")" && pwd)

if ! command -v "$mpicc" >/dev/null 2>&1; then
  echo "error: MPI compiler wrapper '$mpicc' not found; pass -Dmpicc=/path/to/mpicc" >&2
  exit 1
fi
mkdir -p "$(dirname "$out")"
# shellcheck disable=SC2086  # cflags is a list of flags
"$mpicc" $cflags -shared \
  -I"$java_home/include" -I"$java_home/include/linux" -I"$headers" \
  "$src"/ombj_jmh_baseline.c -o "$out"
echo "built $out"
