#!/usr/bin/env bash
# From a fresh clone to benchmark tables: installs an MPI only if none is on PATH (Debian's
# Open MPI, through apt-get: root or sudo), builds the jar (Java and native), then runs
# osu_latency, osu_bw, osu_bibw and osu_multi_lat on 2 local ranks in both APIs.
# Extra arguments go to every benchmark, e.g. scripts/quickstart.sh -m 65536
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh
. scripts/maven-jvm.sh
mvn -B -q -DskipTests package
for api in buffer arrays; do
  for bench in osu_latency osu_bw osu_bibw osu_multi_lat; do
    scripts/mpirun-local.sh -np 2 java -jar target/omb-j.jar "$bench" -a "$api" "$@"
  done
done
