#!/usr/bin/env bash
# The test command: from a fresh clone on Debian or Ubuntu with a JDK and Maven, installs what
# the tests need (scripts/install-deps.sh --tests: Debian's Open MPI and MPICH, iproute2,
# util-linux, hostname, fonts, libfabric1; scripts/install-openmpi-java.sh: Open MPI's Java
# bindings, compiled from Debian's source package into target/ompi-java; scripts/install-mpi.sh:
# Open MPI 5, MPICH 5 and Intel MPI from their wheels, for OtherMpiIT and the FFM backend's tests
# on the MPI-5 standard ABI), then runs the unit and integration tests, the FFM ones on a JDK 22
# or later. Installing needs root or sudo; what is there is not installed again.
# First, before installing anything, it checks what it needs (mpi.prerequisites.PrerequisiteCheck,
# run from source) and stops on one line per missing prerequisite.
# Arguments go to Maven, e.g. scripts/test.sh -Dit.test=PointToPointIT
#
# Usage: scripts/test.sh [MAVEN ARGUMENTS...]
#        scripts/test.sh --check-only [MAVEN ARGUMENTS...]   the check alone
set -euo pipefail
cd "$(dirname "$0")/.."

check_only=false
if [ "${1:-}" = --check-only ]; then
  check_only=true
  shift
fi
mpis=(openmpi5 mpich5 impi)

# Maven's java (scripts/maven-jvm.sh takes the same) runs the check.
java=${JAVA_HOME:+$JAVA_HOME/bin/}java
if ! command -v "$java" >/dev/null 2>&1; then
  echo "test.sh: no java (${JAVA_HOME:+JAVA_HOME/bin/java, }PATH): Maven builds and tests OMB-J on" \
    "a JDK 17 or later: install one (Debian: apt-get install openjdk-17-jdk-headless)" >&2
  exit 1
fi
# Prints the JDK 22+ for the FFM tests, or one line per missing prerequisite and exit 1.
# A run of seconds: C1 alone and the serial collector start it sooner.
ffm_jdk=$("$java" -XX:TieredStopAtLevel=1 -XX:+UseSerialGC \
  src/main/java/mpi/prerequisites/PrerequisiteCheck.java --mpis "${mpis[*]}" "$@")
if $check_only; then
  exit 0
fi

scripts/install-deps.sh --tests
scripts/install-openmpi-java.sh
for mpi in "${mpis[@]}"; do
  scripts/install-mpi.sh "$mpi" >/dev/null
done
. scripts/maven-jvm.sh
exec mvn -B verify "-Djdk25.home=$ffm_jdk" "$@"
