#!/usr/bin/env bash
# Runs the C twins (target/c), OMB-J's JNI and FFM backends (target/omb-j.jar) and the programs on
# mpi4all's bindings (bench/mpi4all/generate.sh) on 2 ranks, alternating, RUNS times each:
# osu_latency at 8 B and 1 MiB, osu_bw at 8 B. Prints every command once, each run's value and
# the median per case. Every run's output is kept in OUT/measure; a WARNING line fails the run.
# Usage: bench/mpi4all/measure.sh [OUT]   (default target/mpi4all; env RUNS, default 3)
set -euo pipefail
cd "$(dirname "$0")/../.."
out=${1:-target/mpi4all} runs=${RUNS:-3}
java=${JDK:-/usr/lib/jvm/temurin-25-jdk-amd64}/bin/java
for f in target/c/osu_latency target/omb-j.jar "$out/classes/org/ombj/mpi4all/Latency.class"; do
  [ -e "$f" ] || { echo "measure.sh: $f not found: run mvn -DskipTests package and bench/mpi4all/generate.sh" >&2; exit 1; }
done
logs=$out/measure
rm -rf "$logs" && mkdir -p "$logs"
mpirun=(scripts/mpirun-local.sh -np 2)
jvm=("$java" --enable-native-access=ALL-UNNAMED)

# A case: name, size, C twin, OMB-J class, mpi4all class.
cases=("latency-8 8 osu_latency mpi.pt2pt.OSULatency Latency"
       "latency-1MiB 1048576 osu_latency mpi.pt2pt.OSULatency Latency"
       "bw-8 8 osu_bw mpi.pt2pt.OSUBandwidth Bandwidth")
command_of() { # case binding -> the command's words
  local name size c omb m4a
  read -r name size c omb m4a <<<"$1"
  case $2 in
    c) echo "${mpirun[*]} target/c/$c -m $size:$size" ;;
    jni|ffm) echo "${mpirun[*]} ${jvm[*]} -Dombj.backend=$2 -cp target/omb-j.jar $omb -m $size:$size" ;;
    mpi4all) echo "${mpirun[*]} ${jvm[*]} -Djava.library.path=$out/lib -cp $out/classes org.ombj.mpi4all.$m4a -m $size:$size" ;;
  esac
}
for cs in "${cases[@]}"; do for b in c jni ffm mpi4all; do echo "command: $(command_of "$cs" $b)"; done; done
for ((r = 1; r <= runs; r++)); do
  for cs in "${cases[@]}"; do
    read -r name size _ <<<"$cs"
    for b in c jni ffm mpi4all; do
      log=$logs/$name-$b-$r.txt
      # shellcheck disable=SC2046  # the command's words
      $(command_of "$cs" $b) >"$log" 2>&1 || { echo "measure.sh: run failed: $(command_of "$cs" $b) (see $log)" >&2; exit 1; }
      if grep -q WARNING "$log"; then echo "measure.sh: WARNING line in $log" >&2; exit 1; fi
      v=$(awk -v s="$size" '$1 == s && NF >= 2 { print $2 }' "$log")
      [ -n "$v" ] || { echo "measure.sh: no row for $size in $log" >&2; exit 1; }
      echo "$v" >>"$logs/$name-$b.values"
      echo "run $r $name $b $v"
    done
  done
done
echo "medians of $runs ($(date -u +%F), $(git rev-parse --short HEAD)):"
printf '%-14s %12s %12s %12s %12s\n' case c jni ffm mpi4all
for cs in "${cases[@]}"; do
  read -r name _ <<<"$cs"
  printf '%-14s' "$name"
  for b in c jni ffm mpi4all; do
    printf ' %12s' "$(sort -g "$logs/$name-$b.values" | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }')"
  done
  echo
done
