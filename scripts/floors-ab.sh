#!/usr/bin/env bash
# The per-call floors of two builds of the JMH jar, before and after a change, in one run:
# BlockingSteps (send + recv of 8 B to self) and WindowRate (osu_bw's 8 B window, 2 ranks),
# one API per JVM, each JVM with C and the binding; ROUNDS rounds, each running, for each
# backend and API, BEFORE then AFTER. Prints one line per JVM: round, bench, backend, API,
# jar, and the binding's row of the table as the bench prints it (BlockingSteps: ns a call, difference from
# C in the same repetition, ratio; WindowRate: ns a message, MB/s, difference, ratio).
#
#   scripts/floors-ab.sh BEFORE.jar AFTER.jar [ROUNDS]      (default 3; Java 25 for FFM)
#
# Build each jar with: mvn -B -q -DskipTests install && mvn -B -q -f jmh/pom.xml \
#   -Dombj.version=0.2.0 package, then copy jmh/target/benchmarks.jar away.
set -euo pipefail
if [ $# -lt 2 ]; then
  echo "usage: $0 BEFORE.jar AFTER.jar [ROUNDS]" >&2
  exit 2
fi
before=$1 after=$2 rounds=${3:-3}
java=${JAVA:-/usr/lib/jvm/temurin-25-jdk-amd64/bin/java}
if [ "$(id -u)" = 0 ]; then # Open MPI refuses root unless told
  export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
fi
row() { # the binding's row of a table: ns, difference, ratio
  awk -v p="$1" '$1 == p { $1 = ""; print }' | tail -n 1
}
for r in $(seq 1 "$rounds"); do
  for backend in jni ffm; do
    for api in buffer arrays; do
      for jar in "$before" "$after"; do
        name=$( [ "$jar" = "$before" ] && echo before || echo after )
        b=$("$java" --enable-native-access=ALL-UNNAMED -Dombj.backend=$backend -cp "$jar" \
          mpi.jmh.BlockingSteps 2000 8 c "$api" | row "$api")
        echo "$r BlockingSteps $backend $api $name $b"
        w=$(mpirun -np 2 --bind-to core "$java" --enable-native-access=ALL-UNNAMED \
          -Dombj.backend=$backend -cp "$jar" mpi.jmh.WindowRate 1000 8 c "$api" | row "$api")
        echo "$r WindowRate $backend $api $name $w"
      done
    done
  done
done
