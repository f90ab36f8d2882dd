#!/usr/bin/env bash
# JMH microbenchmarks of the binding's own cost per call (messages to self on MPI.COMM_SELF,
# no network), each against its C twin in the same run, then a summary of the overhead per
# MPI call (Java - C). Builds what is needed: the root jar (installed into the local Maven
# repository, tests skipped) and jmh/target/benchmarks.jar.
#
#   scripts/jmh.sh                      the full set, about 4 minutes, and ObjectSerialization
#                                       (-a objects's serializers, no MPI) about 3.5 more
#   scripts/jmh.sh --quick              a smoke test, about 30 seconds
#   scripts/jmh.sh --no-build [...]     reuse jmh/target/benchmarks.jar
#   scripts/jmh.sh SmallMessages -p bytes=8 -prof gc     any JMH options and benchmark regexps
#   JAVA=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java scripts/jmh.sh --no-build SmallMessages \
#       -jvmArgsAppend -Dombj.backend=ffm          the FFM backend (Java 22 or later)
#
# Defaults (-f 1 -wi 3 -w 1s -i 5 -r 1s) apply unless given. No mpirun: each JMH fork is an
# Open MPI singleton. The JSON result is jmh/target/result.json.
set -euo pipefail
cd "$(dirname "$0")/.."

build=1 quick=0 args=()
for a in "$@"; do
  case "$a" in
    --quick) quick=1 ;;
    --no-build) build=0 ;;
    *) args+=("$a") ;;
  esac
done

if [ "$(id -u)" = 0 ]; then # Open MPI refuses root unless told
  export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
fi

if [ "$build" = 1 ]; then
  version=$(sed -n 's:^  <version>\(.*\)</version>.*:\1:p' pom.xml | head -n 1)
  mvn -B -q -DskipTests install
  mvn -B -q -f jmh/pom.xml -Dombj.version="$version" package
fi

if [ "$quick" = 1 ]; then
  defaults=(-f 1 -wi 1 -w 200ms -i 2 -r 200ms)
else
  defaults=(-f 1 -wi 3 -w 1s -i 5 -r 1s)
fi
opts=()
for ((k = 0; k < ${#defaults[@]}; k += 2)); do
  given=0
  for a in ${args[@]+"${args[@]}"}; do
    [ "$a" = "${defaults[k]}" ] && given=1
  done
  [ "$given" = 1 ] || opts+=("${defaults[k]}" "${defaults[k + 1]}")
done

result=jmh/target/result.json
rm -f "$result"
"${JAVA:-java}" -jar jmh/target/benchmarks.jar "${opts[@]}" ${args[@]+"${args[@]}"} -rf json -rff "$result"
if [ -s "$result" ]; then
  python3 jmh/summarize.py "$result"
fi
