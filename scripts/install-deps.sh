#!/usr/bin/env bash
# Installs what OMB-J needs that a Debian or Ubuntu machine with JDK 17 and Maven may lack:
# an MPI library with its compiler wrapper (Open MPI from the distribution's packages).
# Does nothing when mpicc and mpirun are already on PATH (an MPI of your own is used as is).
set -euo pipefail

if command -v mpicc >/dev/null 2>&1 && command -v mpirun >/dev/null 2>&1; then
  echo "MPI found: $(command -v mpicc), $(command -v mpirun)"
  exit 0
fi
sudo=
if [ "$(id -u)" -ne 0 ]; then
  sudo=sudo
fi
echo "Installing Open MPI (openmpi-bin, libopenmpi-dev) ..."
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq openmpi-bin libopenmpi-dev >/dev/null
echo "MPI installed: $(command -v mpicc), $(command -v mpirun)"
