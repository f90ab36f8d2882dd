#!/usr/bin/env bash
# readme-figures.sh - measures the documents' performance figures in one run and writes, per
# group (pt2pt: latency bw bibw; collectives: bcast allreduce), GROUP.md (the run's provenance,
# the figure and compare.sh's table), GROUP.csv and GROUP.png into docs/figures/, so that every
# table and figure shown is of the same run. The front door of mpi.compare.Figures in
# target/omb-j.jar, which holds the logic; run it on a quiet machine after `mvn package`.
#
# Usage: [RUNS=N] scripts/readme-figures.sh [-n RUNS] [-s MIN:MAX] [-d DIR]
#        (RUNS default 7, -s 1:1M; compare.sh's environment variables apply)
#
# Exit status: 0 done, 1 a run failed or something is missing, 2 bad arguments.
set -euo pipefail
cd "$(dirname "$0")/.."   # relative paths (-d, JAVA_CP, CDIR ...) are the project's
jar=target/omb-j.jar
if [ ! -f "$jar" ]; then
    echo "readme-figures.sh: $jar not found; run 'mvn -DskipTests package' first" >&2
    exit 1
fi
# The tool's own JVM runs no MPI: the default java, not JAVA (that is the benchmarks' java).
exec java -cp "$jar" mpi.compare.Figures "$@"
