#!/usr/bin/env bash
# Installs what OMB-J needs that a machine with a JDK and Maven may lack.
#
# Usage: scripts/install-deps.sh           what running needs: an MPI with mpicc and mpirun.
#                                          An MPI already on PATH (module load, your own build)
#                                          is used as it is, with nothing installed and no sudo;
#                                          otherwise Debian's Open MPI is installed.
#        scripts/install-deps.sh --tests   also what the tests need: Debian's MPICH beside Open
#                                          MPI (mpicc.mpich, mpiexec.mpich: the second build in
#                                          target/mpich), iproute2, util-linux and hostname (the
#                                          multi-host test on network namespaces), fontconfig and
#                                          fonts-dejavu-core (text in graphs), libfabric1
#                                          (Intel MPI's wheel loads it).
#        scripts/install-deps.sh [--tests] --list
#                                          installs nothing: prints the packages it would
#                                          install on one line (empty if none); scripts/test.sh's
#                                          check asks it whether root is needed.
# Installs nothing that is there. Installing needs root or sudo (apt-get, Debian or Ubuntu).
set -euo pipefail
PROG=install-deps.sh

tests=false list=false
for arg in "$@"; do
  case "$arg" in
    --tests) tests=true ;;
    --list) list=true ;;
    *) echo "$PROG: unknown argument '$arg' (usage: $PROG [--tests] [--list])" >&2; exit 2 ;;
  esac
done
# What is found is said when installing, not when listing.
found() { $list || echo "$@"; }

if ! $list; then
  for tool in java mvn; do
    if ! command -v "$tool" >/dev/null 2>&1; then
      echo "$PROG: '$tool' is not on PATH: OMB-J needs a JDK 17 or later and Maven 3" >&2
      exit 1
    fi
  done
fi

# Packages to install, gathered first so that apt-get runs once.
packages=()
has_mpi=true
if command -v mpicc >/dev/null 2>&1 && command -v mpirun >/dev/null 2>&1; then
  found "MPI found: $(command -v mpicc), $(command -v mpirun)"
else
  has_mpi=false
  packages+=(openmpi-bin libopenmpi-dev)
fi
if $tests; then
  if command -v mpicc.mpich >/dev/null 2>&1 && command -v mpiexec.mpich >/dev/null 2>&1; then
    found "MPICH found: $(command -v mpicc.mpich), $(command -v mpiexec.mpich)"
  else
    packages+=(mpich libmpich-dev)
  fi
  command -v ip >/dev/null 2>&1 || packages+=(iproute2)
  { command -v unshare && command -v setpriv; } >/dev/null 2>&1 || packages+=(util-linux)
  command -v hostname >/dev/null 2>&1 || packages+=(hostname)
  # The JDK draws text with the system's fonts through fontconfig; a headless JDK may have none.
  if ! { command -v fc-list >/dev/null 2>&1 && [ -n "$(fc-list 2>/dev/null | head -1)" ]; }; then
    packages+=(fontconfig fonts-dejavu-core)
  fi
  # ldconfig is in /sbin, which a user's PATH may lack; grep reads all (grep -q would end
  # ldconfig early, a failure under pipefail).
  PATH=$PATH:/sbin:/usr/sbin ldconfig -p 2>/dev/null | grep 'libfabric\.so\.1 ' >/dev/null \
    || packages+=(libfabric1)
fi
if $list; then
  echo "${packages[*]}"
  exit 0
fi
if [ ${#packages[@]} -eq 0 ]; then
  exit 0
fi

sudo=
if [ "$(id -u)" -ne 0 ]; then
  sudo=sudo
fi
# One line saying what could not be installed, and what to do instead.
cannot_install() {
  if ! $has_mpi; then
    echo "$PROG: no MPI on PATH (mpicc and mpirun) and $1: load one (e.g. 'module load" \
      "openmpi') or install one (Debian or Ubuntu, as root: apt-get install openmpi-bin" \
      "libopenmpi-dev)" >&2
  else
    echo "$PROG: cannot install ${packages[*]}: $1" >&2
  fi
  exit 1
}
if ! command -v apt-get >/dev/null 2>&1; then
  cannot_install "there is no apt-get to install it with"
fi
if [ -n "$sudo" ] && ! command -v sudo >/dev/null 2>&1; then
  cannot_install "installing needs root or sudo"
fi
echo "Installing ${packages[*]} (apt-get${sudo:+, through sudo}) ..."
if ! { $sudo apt-get update -qq \
       && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${packages[@]}" >/dev/null; }; then
  cannot_install "apt-get failed (see above)"
fi

# Two MPIs from the distribution share the mpicc/mpirun names (and the headers and libmpi.so
# links) through update-alternatives, and the second may take them over: keep Open MPI's, so
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
echo "MPI: $(readlink -f "$(command -v mpicc)"), $(readlink -f "$(command -v mpirun)")"
if command -v mpicc.mpich >/dev/null 2>&1; then
  echo "MPICH: $(command -v mpicc.mpich), $(command -v mpiexec.mpich)"
fi
