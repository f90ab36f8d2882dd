#!/usr/bin/env bash
# mpirun for one machine: passes its arguments to mpirun, adding what Open MPI needs on a
# small box (run as root in containers, more ranks than cores, yield when idle).
# Other MPI libraries get the arguments unchanged.
set -euo pipefail
mpirun=${MPIRUN:-mpirun}
extra=()
if "$mpirun" --version 2>/dev/null | grep -q "Open MPI"; then
  export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
  extra=(--oversubscribe)
  if [ "${1:-}" = "-np" ] && [ "${2:-0}" -gt "$(nproc)" ]; then
    extra+=(--mca mpi_yield_when_idle 1)
  fi
fi
exec "$mpirun" "${extra[@]}" "$@"
