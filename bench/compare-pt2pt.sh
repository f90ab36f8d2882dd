#!/usr/bin/env bash
# compare-pt2pt.sh - compare the Java point-to-point benchmarks with the C
# reference (bench/c/omb_c_pt2pt.c), which uses exactly the same methodology.
#
# Usage: bench/compare-pt2pt.sh [-n RUNS] [-s SIZES] [BENCH...]
#   BENCH   latency, bw or bibw (default: latency bw)
#   -n      runs per variant and size (default 5)
#   -s      comma-separated message sizes in bytes (default 8,1048576)
#
# For every bench and size the variants run alternately, RUNS times each:
#   C, Java buffer API, Java arrays API, C, Java buffer, Java arrays, ...
# each as its own `mpirun -np 2 --bind-to core ... -m SIZE:SIZE`. The medians
# are printed as a table and written to target/bench/compare-<bench>.csv.
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

PROG=compare-pt2pt
USAGE_LINES=4,9
NP_OPTION=0
RUNS=5
SIZES=8,1048576
NP=2
ALL_BENCHES="latency bw bibw"
DEFAULT_BENCHES="latency bw"
CSRC=bench/c/omb_c_pt2pt.c

java_class() {
    case $1 in
    latency) echo mpi.pt2pt.OSULatency ;;
    bw) echo mpi.pt2pt.OSUBandwidth ;;
    bibw) echo mpi.pt2pt.OSUBiBandwidth ;;
    *) return 1 ;;
    esac
}

bench_unit() {
    case $1 in
    latency) echo us ;;
    *) echo MB/s ;;
    esac
}

# shellcheck source=bench/lib-compare.sh
. "$(dirname "$0")/lib-compare.sh"

cmp_parse_args "$@"
cmp_setup
cmp_run_all
cmp_summarize
