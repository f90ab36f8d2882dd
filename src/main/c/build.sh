#!/usr/bin/env bash
# Builds the native C twins of the benchmarks (osu_latency, osu_bw, ...) with an MPI
# compiler wrapper, one executable per osu_*.c over the shared omb_c_util.c.
# Called by Maven (process-classes), or by hand:
#   build.sh MPICC OUTDIR CFLAGS        e.g. build.sh mpicc target/c "-O2 -Wall -Wextra"
set -euo pipefail
if [ $# -ne 3 ]; then
  echo "usage: $0 MPICC OUTDIR CFLAGS" >&2
  exit 2
fi
mpicc=$1 out=$2 cflags=$3
src=$(cd "$(dirname "$0")" && pwd)

if ! command -v "$mpicc" >/dev/null 2>&1; then
  echo "error: MPI compiler wrapper '$mpicc' not found; install an MPI (e.g. openmpi-bin libopenmpi-dev) or pass -Dmpicc=/path/to/mpicc" >&2
  exit 1
fi
mkdir -p "$out"
built=()
for prog in "$src"/osu_*.c; do
  name=$(basename "$prog" .c)
  # shellcheck disable=SC2086  # cflags is a list of flags
  "$mpicc" $cflags -I"$src" "$src/omb_c_util.c" "$prog" -o "$out/$name"
  built+=("$name")
done
echo "built C twins in $out: ${built[*]}"
