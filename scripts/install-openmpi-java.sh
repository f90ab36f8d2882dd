#!/usr/bin/env bash
# Installs Open MPI's Java bindings for the Open MPI of this Debian or Ubuntu machine, so that
# the suite can run on them (java -cp mpi.jar:target/omb-j-benchmarks.jar ...).
#
# Usage: scripts/install-openmpi-java.sh [DIR]      (default DIR: target/ompi-java)
#
# The distribution ships Open MPI's JNI library, libmpi_java.so (in libopenmpi-dev), but not
# its mpi.jar. This script takes the Java sources of the same Open MPI from the distribution's
# source package (adding a deb-src entry that mirrors the machine's Debian sources if none is
# enabled), compiles ompi/mpi/java/java/*.java into DIR/mpi.jar, and checks that the jar loads
# libmpi_java.so and reaches the MPI library. Does nothing when DIR/mpi.jar is there and passes
# that check. Needs root (or sudo) for apt; run scripts/install-deps.sh first for Open MPI.
set -euo pipefail
cd "$(dirname "$0")/.."

dir=${1:-target/ompi-java}
jar=$dir/mpi.jar
PROG=install-openmpi-java.sh
sudo=
if [ "$(id -u)" -ne 0 ]; then
  sudo=sudo
fi

# check: the jar's mpi.MPI loads libmpi_java.so and answers MPI_Get_library_version.
check() {
  java -cp "$jar" scripts/CheckOpenMpiJava.java
}

if [ -f "$jar" ] && version=$(check 2>/dev/null); then
  echo "Open MPI Java bindings found: $jar ($version)"
  exit 0
fi

if ! source_version=$(dpkg-query -W -f='${source:Version}' libopenmpi-dev 2>/dev/null) \
    || [ -z "$source_version" ]; then
  echo "$PROG: Open MPI's development package (libopenmpi-dev) is not installed;" \
    "run scripts/install-deps.sh first" >&2
  exit 1
fi

# A deb-src entry for every Debian deb entry of the machine, unless one is enabled already.
has_deb_src() {
  grep -Eqs '^[[:space:]]*deb-src[[:space:]]' /etc/apt/sources.list /etc/apt/sources.list.d/*.list \
    || grep -Eqs '^Types:.*deb-src' /etc/apt/sources.list.d/*.sources
}
if ! has_deb_src; then
  echo "Adding deb-src entries that mirror the machine's Debian sources ..."
  for f in /etc/apt/sources.list.d/*.sources; do
    [ -f "$f" ] || continue
    # deb822 stanzas of type deb, with deb-src instead
    awk 'BEGIN { RS = ""; ORS = "\n\n" } /(^|\n)Types:[^\n]*deb([ \n]|$)/ {
           sub(/Types:[^\n]*/, "Types: deb-src"); print }' "$f"
  done | $sudo tee /etc/apt/sources.list.d/omb-j-deb-src.sources >/dev/null
  if [ -f /etc/apt/sources.list ]; then
    sed -n 's/^[[:space:]]*deb[[:space:]]/deb-src /p' /etc/apt/sources.list \
      | $sudo tee /etc/apt/sources.list.d/omb-j-deb-src.list >/dev/null
  fi
fi
echo "Downloading the source of openmpi $source_version ..."
$sudo apt-get update -qq
src=$dir/src
rm -rf "$src"
mkdir -p "$src"
(cd "$src" && apt-get source -qq --download-only -o APT::Sandbox::User=root \
  "openmpi=$source_version" >/dev/null)

echo "Compiling Open MPI's Java bindings ..."
orig=$(ls "$src"/openmpi_*.orig.tar.*)
tar -xf "$orig" -C "$src" --wildcards '*/ompi/mpi/java/java/*.java'
rm -rf "$dir/classes"
mkdir -p "$dir/classes"
javac -nowarn -encoding UTF-8 -d "$dir/classes" "$src"/openmpi-*/ompi/mpi/java/java/*.java
jar cf "$jar" -C "$dir/classes" .

if ! version=$(check); then
  echo "$PROG: $jar was built but does not load libmpi_java.so (see above)" >&2
  exit 1
fi
echo "Open MPI Java bindings installed: $jar ($version)"
