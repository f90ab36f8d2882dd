#!/usr/bin/env bash
# readme-figures.sh - regenerates README's performance figures, docs/perf-pt2pt.png and
# docs/perf-collectives.png: scripts/compare.sh's tables drawn as PNGs (-g), C against the
# Java buffer and arrays APIs. Run it on a quiet machine after `mvn package`; RUNS (default 7)
# runs per variant and size. The CSVs go to target/bench/.
#
# Usage: [RUNS=N] scripts/readme-figures.sh
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-7}
scripts/compare.sh -n "$runs" -o target/bench/perf-pt2pt.csv -g docs/perf-pt2pt.png \
    latency bw bibw
scripts/compare.sh -n "$runs" -o target/bench/perf-collectives.csv \
    -g docs/perf-collectives.png bcast allreduce
