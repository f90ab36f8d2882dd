#!/usr/bin/env bash
# The test command: from a fresh clone on Debian or Ubuntu with a JDK and Maven, installs what
# the tests need (scripts/install-deps.sh --tests: Debian's Open MPI and MPICH, iproute2,
# util-linux, hostname, fonts; scripts/install-openmpi-java.sh: Open MPI's Java bindings,
# compiled from Debian's source package into target/ompi-java; scripts/install-mpi.sh: Open MPI
# 5, MPICH 5 and Intel MPI from their wheels, for OtherMpiIT and the FFM backend's tests on the
# MPI-5 standard ABI), then runs the unit and integration tests. Installing needs root or sudo; what is there is not installed again.
# Arguments go to Maven, e.g. scripts/test.sh -Dit.test=PointToPointIT
#
# Usage: scripts/test.sh [MAVEN ARGUMENTS...]
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh --tests
scripts/install-openmpi-java.sh
for mpi in openmpi5 mpich5 impi; do
  scripts/install-mpi.sh "$mpi" >/dev/null
done
. scripts/maven-jvm.sh
exec mvn -B verify "$@"
