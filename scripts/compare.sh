#!/usr/bin/env bash
# compare.sh - compare the Java benchmarks with their native C twins (target/c/osu_*, built by
# `mvn package`), and Java MPI bindings with each other. The front door of mpi.compare.Compare
# in target/omb-j.jar, which holds the logic; `scripts/compare.sh -h` prints the usage, and
# README-OMB-J.txt section 20 is the manual (options, environment, table, CSV, exit status).
#
# Usage: scripts/compare.sh [-n RUNS] [-s SIZES] [-p NP] [-o CSV] [-b BINDINGS] [-t TRANSPORTS]
#        [-a APIS] [-g PNG] [--mpi NAME] [BENCH...]   (-g: the table drawn as a PNG, by default
#        beside the CSV; --mpi: on an MPI of scripts/install-mpi.sh, e.g. mpich5)
#
# Exit status: 0 done, 1 a run failed (its command and the end of its output are printed) or
# something is missing, 2 bad arguments.
set -euo pipefail
cd "$(dirname "$0")/.."   # relative paths (JAVA_CP, CDIR, -o ...) are the project's
jar=target/omb-j.jar
if [ ! -f "$jar" ]; then
    echo "compare.sh: $jar not found; run 'mvn -DskipTests package' first" >&2
    exit 1
fi
# The tool's own JVM runs no MPI: the default java, not JAVA (that is the benchmarks' java).
exec java -jar "$jar" compare "$@"
