#!/usr/bin/env bash
# Installs what OMB-J needs that a Debian or Ubuntu machine with JDK 17 and Maven may lack:
# an MPI library with its compiler wrapper (Open MPI from the distribution's packages),
# the distribution's MPICH beside it (mpicc.mpich, mpiexec.mpich: the second build in
# target/mpich and MpichIT; Open MPI stays the default mpicc/mpirun), and
# iproute2 for the multi-host test on network namespaces.
# Installs nothing that is there: mpicc and mpirun already on PATH (an MPI of your own) are
# used as is, and MPICH is only added when mpicc.mpich or mpiexec.mpich is missing.
set -euo pipefail

# Several hosts on one machine (scripts/netns-hosts, scripts/netns-rsh, MultiHostIT): the ip
# command (iproute2), unshare and setpriv (util-linux) and hostname, installed when missing.
hosts_missing=()
command -v ip >/dev/null 2>&1 || hosts_missing+=(iproute2)
{ command -v unshare && command -v setpriv; } >/dev/null 2>&1 || hosts_missing+=(util-linux)
command -v hostname >/dev/null 2>&1 || hosts_missing+=(hostname)
if [ ${#hosts_missing[@]} -gt 0 ]; then
  hosts_sudo=
  [ "$(id -u)" -eq 0 ] || hosts_sudo=sudo
  echo "Installing ${hosts_missing[*]} (network-namespace hosts) ..."
  $hosts_sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $hosts_sudo apt-get install -y -qq "${hosts_missing[@]}" >/dev/null
fi

# Graphs (-G png|pdf, compare.sh's PNG): the JDK draws text with the system's fonts through
# fontconfig; a headless JDK may come without any.
if ! { command -v fc-list >/dev/null 2>&1 && [ -n "$(fc-list 2>/dev/null | head -1)" ]; }; then
  fonts_sudo=
  [ "$(id -u)" -eq 0 ] || fonts_sudo=sudo
  echo "Installing fontconfig and fonts-dejavu-core (text in graphs) ..."
  $fonts_sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $fonts_sudo apt-get install -y -qq fontconfig fonts-dejavu-core >/dev/null
fi

packages=()
if command -v mpicc >/dev/null 2>&1 && command -v mpirun >/dev/null 2>&1; then
  echo "MPI found: $(command -v mpicc), $(command -v mpirun)"
else
  packages+=(openmpi-bin libopenmpi-dev)
fi
if command -v mpicc.mpich >/dev/null 2>&1 && command -v mpiexec.mpich >/dev/null 2>&1; then
  echo "MPICH found: $(command -v mpicc.mpich), $(command -v mpiexec.mpich)"
else
  packages+=(mpich libmpich-dev)
fi
if [ ${#packages[@]} -eq 0 ]; then
  exit 0
fi

sudo=
if [ "$(id -u)" -ne 0 ]; then
  sudo=sudo
fi
echo "Installing ${packages[*]} ..."
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${packages[@]}" >/dev/null

# Two MPIs from the distribution share the mpicc/mpirun names (and the headers and libmpi.so
# links) through update-alternatives, and a new one may take them over: keep Open MPI's, so
# every other build, test and command is unchanged.
if command -v update-alternatives >/dev/null 2>&1; then
  for name in $(update-alternatives --get-selections | awk '{print $1}' \
                | grep -E '^(mpi|mpirun|mpi-.*|libmpi.*)$' || true); do
    choice=$(update-alternatives --list "$name" 2>/dev/null | grep -m 1 openmpi || true)
    if [ -n "$choice" ]; then
      $sudo update-alternatives --set "$name" "$choice" >/dev/null
    fi
  done
fi
echo "MPI installed: $(readlink -f "$(command -v mpicc)"), $(readlink -f "$(command -v mpirun)")"
if command -v mpicc.mpich >/dev/null 2>&1; then
  echo "MPICH installed: $(command -v mpicc.mpich), $(command -v mpiexec.mpich)"
fi
