#!/usr/bin/env bash
# Builds the JNI library and the C twins a second time, against MPICH, into their own directory
# (DIR/native/libombj.so, DIR/c/osu_*), when MPICH's compiler wrapper is installed; the main
# build (the jar's libombj.so, target/c) keeps the default MPI. A run under MPICH then uses
#   mpiexec.mpich -np 2 java -Djava.library.path=DIR/native -cp target/omb-j.jar ...
# Called by Maven (process-classes):
#   build-mpich.sh MPICH_MPICC MAIN_MPICC JAVA_HOME JNI_HEADER_DIR DIR NATIVE_CFLAGS C_CFLAGS MAIN_SO MAIN_C_DIR
# Does nothing when MPICH_MPICC is "none" or not found (-Dmpich.mpicc=none turns it off); copies the
# main build when that was made with the same wrapper (-Dmpicc=/usr/bin/mpicc.mpich).
set -euo pipefail
if [ $# -ne 9 ]; then
  echo "usage: $0 MPICH_MPICC MAIN_MPICC JAVA_HOME JNI_HEADER_DIR DIR NATIVE_CFLAGS C_CFLAGS MAIN_SO MAIN_C_DIR" >&2
  exit 2
fi
mpich=$1 main=$2 java_home=$3 headers=$4 dir=$5 native_cflags=$6 c_cflags=$7 main_so=$8 main_c=$9
src=$(cd "$(dirname "$0")" && pwd)

if [ "$mpich" = none ] || ! command -v "$mpich" >/dev/null 2>&1; then
  echo "MPICH's compiler wrapper '${mpich}' not found: no $dir (install mpich libmpich-dev, or pass -Dmpich.mpicc=/path/to/mpicc)"
  exit 0
fi
mkdir -p "$dir/native" "$dir/c"
if command -v "$main" >/dev/null 2>&1 \
    && [ "$(readlink -f "$(command -v "$mpich")")" = "$(readlink -f "$(command -v "$main")")" ]; then
  cp -f "$main_so" "$dir/native/libombj.so"
  cp -f "$main_c"/osu_* "$dir/c/"
  echo "the main build used $mpich: copied it to $dir"
  exit 0
fi
bash "$src/build.sh" "$mpich" "$java_home" "$headers" "$dir/native/libombj.so" "$native_cflags"
# MPICH's MPI_STATUSES_IGNORE is (MPI_Status *)1, which gcc's -Wstringop-overflow takes for an
# empty array passed to MPI_Waitall: a false warning per call site.
bash "$src/../c/build.sh" "$mpich" "$dir/c" "$c_cflags -Wno-stringop-overflow"
