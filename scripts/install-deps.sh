#!/usr/bin/env bash
# Installs what OMB-J needs that a Debian or Ubuntu machine with JDK 17 and Maven may lack:
# an MPI library with its compiler wrapper (Open MPI from the distribution's packages), and
# iproute2 for the multi-host test on network namespaces.
# Installs no MPI when mpicc and mpirun are already on PATH (an MPI of your own is used as is).
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
