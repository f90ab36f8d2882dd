#!/usr/bin/env bash
# compare-coll.sh - compare the Java collective benchmarks with the C
# reference (bench/c/omb_c_coll.c), which uses exactly the same methodology.
#
# Usage: bench/compare-coll.sh [-n RUNS] [-s SIZES] [-p NP] [BENCH...]
#   BENCH   bcast or allreduce (default: bcast allreduce)
#   -n      runs per variant and size (default 5)
#   -s      comma-separated message sizes in bytes (default 8,1048576;
#           allreduce needs at least 4, one MPI_FLOAT)
#   -p      number of MPI processes (default 2)
#
# For every bench and size the variants run alternately, RUNS times each:
#   C, Java buffer API, Java arrays API, C, Java buffer, Java arrays, ...
# each as its own `mpirun -np NP --bind-to core ... -m SIZE:SIZE` (with
# `--bind-to none --oversubscribe` instead when there are fewer cores than
# ranks). The medians of the average latency are printed as a table and
# written to target/bench/compare-<bench>.csv.
#
# Environment:
#   MPICC     C compiler wrapper (default mpicc)
#   MPIRUN    launcher (default mpirun)
#   JAVA      java executable (default java)
#   JAVA_OPTS extra JVM flags, e.g. "-Xss4m -Djava.library.path=..."
#   JAVA_CP   class path (default target/omb-j.jar)
#   OMB_ARGS  extra benchmark options for both C and Java, e.g. "-i 2000 -x 200"
#   ONLY_C=1  run the C reference only (no Java columns)
set -euo pipefail

PROG=compare-coll
USAGE_LINES=4,11
NP_OPTION=1
RUNS=5
SIZES=8,1048576
NP=2
ALL_BENCHES="bcast allreduce"
DEFAULT_BENCHES="bcast allreduce"
CSRC=bench/c/omb_c_coll.c

java_class() {
    case $1 in
    bcast) echo mpi.collective.OSUBcast ;;
    allreduce) echo mpi.collective.OSUAllReduce ;;
    *) return 1 ;;
    esac
}

bench_unit() {
    echo us
}

# shellcheck source=bench/lib-compare.sh
. "$(dirname "$0")/lib-compare.sh"

cmp_parse_args "$@"
for b in "${BENCHES[@]}"; do
    if [ "$b" = allreduce ]; then
        for s in "${SIZE_LIST[@]}"; do
            [ "$s" -ge 4 ] || cmp_fail "allreduce size $s is below 4 bytes (one MPI_FLOAT)"
        done
    fi
done
cmp_setup
cmp_run_all
cmp_summarize
