#!/usr/bin/env bash
# From a fresh clone to benchmark tables: installs MPI if missing, builds the jar (Java and
# native), then runs every point-to-point benchmark on 2 local ranks in both APIs.
# Extra arguments go to every benchmark, e.g. scripts/quickstart.sh -m 65536
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh
mvn -B -q -DskipTests package
for api in buffer arrays; do
  for bench in OSULatency OSUBandwidth OSUBiBandwidth OSUMultiLatency; do
    scripts/mpirun-local.sh -np 2 java -cp target/omb-j.jar "mpi.pt2pt.$bench" -a "$api" "$@"
  done
done
