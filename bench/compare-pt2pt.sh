#!/usr/bin/env bash
# compare-pt2pt.sh - compare the Java point-to-point benchmarks with the C
# reference (bench/c/omb_c_pt2pt.c), which uses exactly the same methodology.
#
# Usage: bench/compare-pt2pt.sh [-n RUNS] [-s SIZES] [BENCH...]
#   BENCH   latency, bw or bibw (default: latency bw)
#   -n      runs per variant and size (default 5)
#   -s      comma-separated message sizes in bytes (default 8,1048576)
#
# For every bench and size the variants run alternately, RUNS times each:
#   C, Java buffer API, Java arrays API, C, Java buffer, Java arrays, ...
# each as its own `mpirun -np 2 --bind-to core ... -m SIZE:SIZE`. The medians
# are printed as a table and written to target/bench/compare-<bench>.csv.
#
# Environment:
#   MPICC     C compiler wrapper (default mpicc)
#   MPIRUN    launcher (default mpirun)
#   JAVA      java executable (default java)
#   JAVA_OPTS extra JVM flags, e.g. "-Xss4m -Djava.library.path=..."
#   JAVA_CP   class path (default target/omb-j.jar)
#   OMB_ARGS  extra benchmark options for both C and Java, e.g. "-i 2000 -x 200"
#   ONLY_C=1  run the C reference only (no Java columns)
set -euo pipefail

usage() {
    sed -n '4,9p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
}

RUNS=5
SIZES=8,1048576
BENCHES=()
while [ $# -gt 0 ]; do
    case $1 in
    -n | -s)
        [ $# -ge 2 ] || { echo "compare-pt2pt: option $1 needs a value" >&2; usage; }
        if [ "$1" = -n ]; then RUNS=$2; else SIZES=$2; fi
        shift 2
        ;;
    -h | --help) usage ;;
    -*) echo "compare-pt2pt: unknown option $1" >&2; usage ;;
    *) BENCHES+=("$1"); shift ;;
    esac
done
[ ${#BENCHES[@]} -gt 0 ] || BENCHES=(latency bw)

[[ $RUNS =~ ^[1-9][0-9]*$ ]] || { echo "compare-pt2pt: bad run count '$RUNS'" >&2; exit 2; }
IFS=, read -r -a SIZE_LIST <<<"$SIZES"
[ ${#SIZE_LIST[@]} -gt 0 ] || { echo "compare-pt2pt: no sizes given" >&2; exit 2; }
for s in "${SIZE_LIST[@]}"; do
    [[ $s =~ ^[0-9]+$ ]] || { echo "compare-pt2pt: bad size '$s'" >&2; exit 2; }
done

java_class() {
    case $1 in
    latency) echo mpi.pt2pt.OSULatency ;;
    bw) echo mpi.pt2pt.OSUBandwidth ;;
    bibw) echo mpi.pt2pt.OSUBiBandwidth ;;
    *) return 1 ;;
    esac
}
for b in "${BENCHES[@]}"; do
    java_class "$b" >/dev/null || { echo "compare-pt2pt: unknown bench '$b' (latency, bw, bibw)" >&2; exit 2; }
done

cd "$(dirname "$0")/.."
OUT=target/bench
mkdir -p "$OUT"

MPICC=${MPICC:-mpicc}
MPIRUN=${MPIRUN:-mpirun}
JAVA=${JAVA:-java}
JAVA_CP=${JAVA_CP:-target/omb-j.jar}
ONLY_C=${ONLY_C:-0}
read -r -a JAVA_FLAGS <<<"${JAVA_OPTS:-}"
read -r -a EXTRA <<<"${OMB_ARGS:-}"

if [ "$(id -u)" = 0 ]; then
    export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
fi

if [ "$ONLY_C" != 1 ] && [ ! -f "${JAVA_CP%%:*}" ]; then
    echo "compare-pt2pt: ${JAVA_CP%%:*} not found; run 'mvn package' first (or set ONLY_C=1)" >&2
    exit 1
fi

CBIN=$OUT/omb_c_pt2pt
echo "compare-pt2pt: building $CBIN" >&2
"$MPICC" -O2 -o "$CBIN" bench/c/omb_c_pt2pt.c

# Bind each rank to a core if this machine allows it; otherwise run unbound.
BIND=(--bind-to core)
if ! "$MPIRUN" -np 2 "${BIND[@]}" true >/dev/null 2>&1; then
    BIND=(--bind-to none)
    if ! "$MPIRUN" -np 2 "${BIND[@]}" true >/dev/null 2>&1; then
        BIND=(--bind-to none --oversubscribe)
    fi
    echo "compare-pt2pt: --bind-to core failed, using: ${BIND[*]}" >&2
fi

VARIANTS=(c)
[ "$ONLY_C" = 1 ] || VARIANTS+=(buffer arrays)

RAW=$(mktemp)
LOG=$(mktemp)
trap 'rm -f "$RAW" "$LOG"' EXIT

# run_one BENCH VARIANT SIZE: runs one mpirun and prints the value for SIZE.
run_one() {
    local bench=$1 variant=$2 size=$3 cmd
    if [ "$variant" = c ]; then
        cmd=("$CBIN" "$bench")
    else
        cmd=("$JAVA" ${JAVA_FLAGS[@]+"${JAVA_FLAGS[@]}"} -cp "$JAVA_CP" "$(java_class "$bench")" -a "$variant")
    fi
    cmd+=(-m "$size:$size" ${EXTRA[@]+"${EXTRA[@]}"})
    if ! "$MPIRUN" -np 2 "${BIND[@]}" "${cmd[@]}" >"$LOG" 2>&1; then
        echo "compare-pt2pt: run failed: $MPIRUN -np 2 ${BIND[*]} ${cmd[*]}" >&2
        cat "$LOG" >&2
        return 1
    fi
    local v
    v=$(awk -v s="$size" '$0 ~ ("^" s "[ \t]") { v = $2 } END { if (v != "") print v }' "$LOG")
    if [ -z "$v" ]; then
        echo "compare-pt2pt: no row for size $size in output of: ${cmd[*]}" >&2
        cat "$LOG" >&2
        return 1
    fi
    echo "$v"
}

for bench in "${BENCHES[@]}"; do
    for size in "${SIZE_LIST[@]}"; do
        for ((r = 1; r <= RUNS; r++)); do
            line="$bench $size run $r/$RUNS:"
            for v in "${VARIANTS[@]}"; do
                val=$(run_one "$bench" "$v" "$size")
                printf '%s\t%s\t%s\t%s\n' "$bench" "$size" "$v" "$val" >>"$RAW"
                line+=" $v=$val"
            done
            echo "$line" >&2
        done
    done
done

python3 - "$RAW" "$OUT" "$ONLY_C" "${BENCHES[@]}" <<'EOF'
import csv, statistics, sys

raw, out, only_c, benches = sys.argv[1], sys.argv[2], sys.argv[3] == "1", sys.argv[4:]
data = {}   # (bench, size) -> variant -> [values]
sizes = {}  # bench -> sizes in order
with open(raw) as f:
    for line in f:
        bench, size, variant, val = line.rstrip("\n").split("\t")
        size = int(size)
        if size not in sizes.setdefault(bench, []):
            sizes[bench].append(size)
        data.setdefault((bench, size), {}).setdefault(variant, []).append((float(val), val))

def ratio(a, b):
    return a / b if b else float("nan")

for bench in benches:
    latency = bench == "latency"
    unit = "us" if latency else "MB/s"
    cols = ["size", "c"]
    if not only_c:
        cols += ["java_buffer", "java_arrays", "buffer/c", "arrays/c"]
        if latency:
            cols += ["buffer-c_us", "arrays-c_us"]
    rows = []
    for size in sizes.get(bench, []):
        runs = data[(bench, size)]
        med = {v: statistics.median(x for x, _ in xs) for v, xs in runs.items()}
        row = [size, med["c"]]
        if not only_c:
            b, a, c = med["buffer"], med["arrays"], med["c"]
            row += [b, a, ratio(b, c), ratio(a, c)]
            if latency:
                row += [b - c, a - c]
        raw_runs = {v: ";".join(text for _, text in runs[v]) for v in runs}
        rows.append((row, raw_runs))

    nruns = max((len(xs) for (b, _), r in data.items() if b == bench for xs in r.values()), default=0)
    print("\n# %s: median of %d runs (%s)" % (bench, nruns, unit))
    header = "%-10s%14s" % ("# Size", "C")
    if not only_c:
        header += "%14s%14s%10s%10s" % ("Java buffer", "Java arrays", "buf/C", "arr/C")
        if latency:
            header += "%12s%12s" % ("buf-C us", "arr-C us")
    print(header)
    for row, _ in rows:
        s = "%-10d%14.2f" % (row[0], row[1])
        if not only_c:
            s += "%14.2f%14.2f%10.3f%10.3f" % tuple(row[2:6])
            if latency:
                s += "%12.2f%12.2f" % tuple(row[6:8])
        print(s)

    path = "%s/compare-%s.csv" % (out, bench)
    variants = ["c"] + ([] if only_c else ["buffer", "arrays"])
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(cols + ["%s_runs" % v for v in variants])
        for row, raw_runs in rows:
            w.writerow([row[0]] + ["%.4f" % x for x in row[1:]] + [raw_runs[v] for v in variants])
    print("# wrote %s" % path)
EOF
