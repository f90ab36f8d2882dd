#!/usr/bin/env bash
# compare.sh - compare the Java benchmarks with their native C twins (target/c/osu_*, built by
# `mvn package` from src/main/c), which measure with exactly the same method.
#
# Usage: scripts/compare.sh [-n RUNS] [-s SIZES] [-p NP] [-o CSV] [BENCH...]
#   BENCH  latency, bw, bibw, bcast, allreduce or multi_lat
#          (default: latency bw bibw bcast allreduce)
#   -n     runs per variant and size (default 5)
#   -s     comma-separated message sizes in bytes, with an optional K or M suffix
#          (KiB, MiB), e.g. 8,64K,1M (default per bench: latency, bcast, allreduce and
#          multi_lat 8,1M; bw and bibw 64K,1M,4M)
#   -p     processes for bcast, allreduce and multi_lat (default 2); latency, bw and bibw
#          always run on 2
#   -o     the CSV file to write (default target/bench/compare.csv)
#
# For every bench and size the variants run alternately, RUNS times each:
#   C twin, Java buffer API, Java arrays API, C twin, Java buffer, Java arrays, ...
# each as its own `mpirun -np NP --bind-to core ... -m SIZE:SIZE` (with --bind-to none, and
# --oversubscribe if need be, when binding fails). Then one table of the medians for all
# benches, with ratios that are above 1 when Java is slower: Java/C for latencies (us),
# C/Java for bandwidths (MB/s); and Java - C in us for latencies.
#
# Environment:
#   MPIRUN    launcher (default mpirun)
#   JAVA      java executable (default java)
#   JAVA_OPTS extra JVM flags, e.g. "-Xss4m -Djava.library.path=..."
#   JAVA_CP   class path (default target/omb-j.jar)
#   CDIR      the C twins (default target/c)
#   OMB_ARGS  extra benchmark options for both C and Java, e.g. "-i 2000 -x 200"
#   ONLY_C=1  run the C twins only (no Java columns)
#
# Exit status: 0 done, 1 a run failed (its command and the end of its output are printed),
# 2 bad arguments.
set -euo pipefail

PROG=compare.sh
ALL_BENCHES="latency bw bibw bcast allreduce multi_lat"
DEFAULT_BENCHES="latency bw bibw bcast allreduce"
RUNS=5
SIZES=
NP=2
CSV=

usage() {
    sed -n '5,15p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
}

# bad MSG: one line naming the problem, then the usage; exit 2.
bad() {
    echo "$PROG: $1" >&2
    usage
}

# Per bench: the twin, the Java class, the unit of its value, whether it takes -p.
twin_of() { echo "osu_$1"; }
java_class() {
    case $1 in
    latency) echo mpi.pt2pt.OSULatency ;;
    bw) echo mpi.pt2pt.OSUBandwidth ;;
    bibw) echo mpi.pt2pt.OSUBiBandwidth ;;
    multi_lat) echo mpi.pt2pt.OSUMultiLatency ;;
    bcast) echo mpi.collective.OSUBcast ;;
    allreduce) echo mpi.collective.OSUAllReduce ;;
    esac
}
unit_of() {
    case $1 in
    bw | bibw) echo MB/s ;;
    *) echo us ;;
    esac
}
np_of() {
    case $1 in
    latency | bw | bibw) echo 2 ;;
    *) echo "$NP" ;;
    esac
}
default_sizes() {
    case $1 in
    bw | bibw) echo 64K,1M,4M ;;
    *) echo 8,1M ;;
    esac
}

# to_bytes SIZE: prints SIZE in bytes (8, 64K, 1M, 1m ...), or fails.
to_bytes() {
    local s=$1 n mult=1
    [[ $s =~ ^([0-9]+)([kKmM]?)$ ]] || return 1
    n=${BASH_REMATCH[1]}
    case ${BASH_REMATCH[2]} in
    k | K) mult=1024 ;;
    m | M) mult=1048576 ;;
    esac
    [ ${#n} -le 10 ] || return 1
    n=$((10#$n * mult))
    [ "$n" -le 2147483647 ] || return 1
    echo "$n"
}

# ---- arguments
BENCHES=()
while [ $# -gt 0 ]; do
    case $1 in
    -n | -s | -p | -o)
        [ $# -ge 2 ] || bad "option $1 needs a value"
        case $1 in
        -n) RUNS=$2 ;;
        -s) SIZES=$2 ;;
        -p) NP=$2 ;;
        -o) CSV=$2 ;;
        esac
        shift 2
        ;;
    -h | --help) usage ;;
    -*) bad "unknown option $1" ;;
    *) BENCHES+=("$1"); shift ;;
    esac
done
[ ${#BENCHES[@]} -gt 0 ] || read -r -a BENCHES <<<"$DEFAULT_BENCHES"
[[ $RUNS =~ ^[1-9][0-9]{0,5}$ ]] || bad "bad run count '$RUNS' (a positive integer)"
[[ $NP =~ ^[1-9][0-9]{0,5}$ ]] && [ "$NP" -ge 2 ] || bad "bad process count '$NP' (at least 2)"
for b in "${BENCHES[@]}"; do
    [[ " $ALL_BENCHES " == *" $b "* ]] || bad "unknown bench '$b' (${ALL_BENCHES// /, })"
    if [ "$b" = multi_lat ] && [ $((NP % 2)) != 0 ]; then
        bad "multi_lat needs an even process count, not $NP"
    fi
done
# BENCH_SIZES[bench]: its sizes in bytes.
declare -A BENCH_SIZES
for b in "${BENCHES[@]}"; do
    list=${SIZES:-$(default_sizes "$b")}
    IFS=, read -r -a parts <<<"$list"
    [ ${#parts[@]} -gt 0 ] || bad "no sizes given"
    bytes=()
    for s in "${parts[@]}"; do
        n=$(to_bytes "$s") || bad "bad size '$s' (bytes, or with a K or M suffix, e.g. 64K)"
        if [ "$b" = allreduce ] && [ "$n" -lt 4 ]; then
            bad "allreduce size $s is below 4 bytes (one MPI_FLOAT)"
        fi
        bytes+=("$n")
    done
    BENCH_SIZES[$b]=${bytes[*]}
done

# ---- setup
cd "$(dirname "$0")/.."
MPIRUN=${MPIRUN:-mpirun}
JAVA=${JAVA:-java}
JAVA_CP=${JAVA_CP:-target/omb-j.jar}
CDIR=${CDIR:-target/c}
ONLY_C=${ONLY_C:-0}
CSV=${CSV:-target/bench/compare.csv}
read -r -a JAVA_FLAGS <<<"${JAVA_OPTS:-}"
read -r -a EXTRA <<<"${OMB_ARGS:-}"

if [ "$(id -u)" = 0 ]; then
    export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
fi
for b in "${BENCHES[@]}"; do
    if [ ! -x "$CDIR/$(twin_of "$b")" ]; then
        echo "$PROG: $CDIR/$(twin_of "$b") not found; run 'mvn package' first" >&2
        exit 1
    fi
done
if [ "$ONLY_C" != 1 ] && [ ! -f "${JAVA_CP%%:*}" ]; then
    echo "$PROG: ${JAVA_CP%%:*} not found; run 'mvn package' first (or set ONLY_C=1)" >&2
    exit 1
fi
command -v "$MPIRUN" >/dev/null || { echo "$PROG: launcher '$MPIRUN' not found (set MPIRUN)" >&2; exit 1; }
mkdir -p "$(dirname "$CSV")"

RAW=$(mktemp)
LOG=$(mktemp)
trap 'rm -f "$RAW" "$LOG"' EXIT

# One line describing the machine, so that a pasted table says where it was measured.
machine() {
    local cpu cores mpi java
    cpu=$(sed -n 's/^model name[[:space:]]*:[[:space:]]*//p' /proc/cpuinfo 2>/dev/null | head -n 1)
    cores=$(nproc 2>/dev/null || echo '?')
    if command -v mpichversion >/dev/null 2>&1; then
        mpi="MPICH $(mpichversion 2>/dev/null | sed -n 's/^MPICH Version:[[:space:]]*//p' | head -n 1)"
    else
        mpi=$("$MPIRUN" --version 2>/dev/null | head -n 1 | sed 's/^mpirun[^)]*) */Open MPI /; s/^mpirun //')
    fi
    java=$("$JAVA" -version 2>&1 | head -n 1)
    echo "# ${cpu:-unknown CPU}, $cores cores; ${mpi:-unknown MPI}; $java"
}

# BIND[np]: the binding options that work for np ranks: --bind-to core if this machine
# allows it (Open MPI refuses it for more ranks than cores); otherwise unbound,
# oversubscribed if need be.
declare -A BIND
bind_for() {
    local np=$1
    [ -z "${BIND[$np]:-}" ] || return 0
    local b
    for b in "--bind-to core" "--bind-to none" "--bind-to none --oversubscribe"; do
        # shellcheck disable=SC2086  # b is a list of options
        if "$MPIRUN" -np "$np" $b true >/dev/null 2>&1; then
            BIND[$np]=$b
            [ "$b" = "--bind-to core" ] || echo "$PROG: --bind-to core failed for $np ranks, using: $b" >&2
            return 0
        fi
    done
    echo "$PROG: cannot start $np ranks: $MPIRUN -np $np --bind-to none --oversubscribe true failed" >&2
    exit 1
}

# run_one BENCH VARIANT SIZE: one mpirun; sets VALUE to the value printed for SIZE.
run_one() {
    local bench=$1 variant=$2 size=$3 np cmd
    np=$(np_of "$bench")
    if [ "$variant" = c ]; then
        cmd=("$CDIR/$(twin_of "$bench")")
    else
        cmd=("$JAVA" ${JAVA_FLAGS[@]+"${JAVA_FLAGS[@]}"} -cp "$JAVA_CP" "$(java_class "$bench")" -a "$variant")
    fi
    cmd+=(-m "$size:$size" ${EXTRA[@]+"${EXTRA[@]}"})
    # shellcheck disable=SC2086  # BIND is a list of options
    cmd=("$MPIRUN" -np "$np" ${BIND[$np]} "${cmd[@]}")
    if ! "${cmd[@]}" >"$LOG" 2>&1; then
        echo "$PROG: run failed: ${cmd[*]}" >&2
        tail -n 20 "$LOG" >&2
        exit 1
    fi
    VALUE=$(awk -v s="$size" '$1 == s && NF >= 2 { v = $2 } END { if (v != "") print v }' "$LOG")
    if [ -z "$VALUE" ]; then
        echo "$PROG: no row for size $size in the output of: ${cmd[*]}" >&2
        tail -n 20 "$LOG" >&2
        exit 1
    fi
}

VARIANTS=(c)
[ "$ONLY_C" = 1 ] || VARIANTS+=(buffer arrays)
MACHINE=$(machine)
echo "$MACHINE"

# ---- runs: for every bench and size, RUNS rounds of the variants in turn
for bench in "${BENCHES[@]}"; do
    bind_for "$(np_of "$bench")"
    for size in ${BENCH_SIZES[$bench]}; do
        for ((r = 1; r <= RUNS; r++)); do
            line="$bench $size run $r/$RUNS:"
            for v in "${VARIANTS[@]}"; do
                run_one "$bench" "$v" "$size"
                printf '%s\t%s\t%s\t%s\t%s\n' "$bench" "$size" "$(unit_of "$bench")" "$v" "$VALUE" >>"$RAW"
                line+=" $v=$VALUE"
            done
            echo "$line" >&2
        done
    done
done

# ---- summary: one table of medians and ratios, and the CSV
python3 - "$RAW" "$CSV" "$ONLY_C" "$MACHINE" <<'EOF'
import csv, statistics, sys

raw, path, only_c, machine = sys.argv[1], sys.argv[2], sys.argv[3] == "1", sys.argv[4]
rows = {}   # (bench, size) -> {"unit": u, variant: [text values]}
order = []
with open(raw) as f:
    for line in f:
        bench, size, unit, variant, val = line.rstrip("\n").split("\t")
        key = (bench, int(size))
        if key not in rows:
            rows[key] = {"unit": unit}
            order.append(key)
        rows[key].setdefault(variant, []).append(val)

def human(size):
    for div, suffix in ((1 << 20, "M"), (1 << 10, "K")):
        if size >= div and size % div == 0:
            return "%d%s" % (size // div, suffix)
    return str(size)

def ratio(java, c, latency):
    a, b = (java, c) if latency else (c, java)
    return a / b if b else float("nan")

variants = ["c"] + ([] if only_c else ["buffer", "arrays"])
nruns = max(len(v) for r in rows.values() for k, v in r.items() if k != "unit")
print("# median of %d runs; ratio > 1: Java slower (J/C: Java/C for latency in us, "
      "C/J: C/Java for bandwidth in MB/s)" % nruns)
head = "%-10s%8s%6s%12s" % ("# bench", "size", "unit", "C")
if not only_c:
    head += "%14s%14s%7s%9s%9s%11s%11s" % ("Java buffer", "Java arrays", "ratio", "buffer",
                                           "arrays", "buf-C us", "arr-C us")
print(head)
out = []
for bench, size in order:
    r = rows[(bench, size)]
    unit = r["unit"]
    latency = unit == "us"
    med = {v: statistics.median(float(x) for x in r[v]) for v in variants}
    c = med["c"]
    s = "%-10s%8s%6s%12.2f" % (bench, human(size), unit, c)
    rec = {"bench": bench, "size": size, "unit": unit, "runs": len(r["c"]),
           "c_median": "%.4f" % c, "buffer_median": "", "arrays_median": "",
           "buffer_ratio": "", "arrays_ratio": "", "ratio": "",
           "buffer_minus_c_us": "", "arrays_minus_c_us": ""}
    if not only_c:
        b, a = med["buffer"], med["arrays"]
        rb, ra = ratio(b, c, latency), ratio(a, c, latency)
        kind = "J/C" if latency else "C/J"
        s += "%14.2f%14.2f%7s%9.3f%9.3f" % (b, a, kind, rb, ra)
        s += ("%+11.2f%+11.2f" % (b - c, a - c)) if latency else "%11s%11s" % ("-", "-")
        rec.update(buffer_median="%.4f" % b, arrays_median="%.4f" % a,
                   buffer_ratio="%.4f" % rb, arrays_ratio="%.4f" % ra, ratio=kind)
        if latency:
            rec.update(buffer_minus_c_us="%.4f" % (b - c), arrays_minus_c_us="%.4f" % (a - c))
    for v in ["c", "buffer", "arrays"]:
        rec[v + "_runs"] = ";".join(r.get(v, []))
    print(s)
    out.append(rec)

cols = ["bench", "size", "unit", "runs", "c_median", "buffer_median", "arrays_median",
        "buffer_ratio", "arrays_ratio", "ratio", "buffer_minus_c_us", "arrays_minus_c_us",
        "c_runs", "buffer_runs", "arrays_runs"]
with open(path, "w", newline="") as f:
    w = csv.DictWriter(f, fieldnames=cols)
    w.writeheader()
    w.writerows(out)
print("# wrote %s" % path)
EOF
