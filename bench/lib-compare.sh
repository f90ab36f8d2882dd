# lib-compare.sh - shell functions shared by the C-versus-Java comparison
# scripts (compare-pt2pt.sh, compare-coll.sh). Source it, do not run it.
#
# The sourcing script sets, before calling cmp_parse_args:
#   PROG         name used in messages, e.g. compare-coll
#   USAGE_LINES  sed range of its own header comment to print as usage, e.g. 4,10
#   NP_OPTION    1 if it accepts -p NP (otherwise NP stays at its default)
#   RUNS SIZES NP  defaults
#   ALL_BENCHES  the benches it knows, e.g. "bcast allreduce"
#   DEFAULT_BENCHES  those run when none is named
# and defines:
#   java_class BENCH         prints the Java class, or fails for an unknown bench
#   bench_unit BENCH         prints the unit of its value: "us" (latency, lower is
#                            better; Java-C differences are added) or e.g. "MB/s"
#   CSRC                     the C reference's source, e.g. bench/c/omb_c_coll.c
#                            (built with bench/c/omb_c_util.c into target/bench/<name>;
#                            BENCH is its first argument)
#
# Then: cmp_parse_args "$@"; cmp_setup; cmp_run_all; cmp_summarize.

cmp_usage() {
    sed -n "${USAGE_LINES}p" "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
}

# cmp_fail MSG: a bad argument; exits 2.
cmp_fail() {
    echo "$PROG: $1" >&2
    exit 2
}

# cmp_parse_args "$@": sets RUNS, SIZES, NP, BENCHES and SIZE_LIST, and checks them.
cmp_parse_args() {
    BENCHES=()
    while [ $# -gt 0 ]; do
        case $1 in
        -n | -s | -p)
            if [ "$1" = -p ] && [ "${NP_OPTION:-0}" != 1 ]; then
                echo "$PROG: unknown option $1" >&2
                cmp_usage
            fi
            [ $# -ge 2 ] || { echo "$PROG: option $1 needs a value" >&2; cmp_usage; }
            case $1 in
            -n) RUNS=$2 ;;
            -s) SIZES=$2 ;;
            -p) NP=$2 ;;
            esac
            shift 2
            ;;
        -h | --help) cmp_usage ;;
        -*) echo "$PROG: unknown option $1" >&2; cmp_usage ;;
        *) BENCHES+=("$1"); shift ;;
        esac
    done
    [ ${#BENCHES[@]} -gt 0 ] || read -r -a BENCHES <<<"$DEFAULT_BENCHES"

    [[ $RUNS =~ ^[1-9][0-9]*$ ]] || cmp_fail "bad run count '$RUNS'"
    [[ $NP =~ ^[1-9][0-9]*$ ]] && [ "$NP" -ge 2 ] || cmp_fail "bad process count '$NP' (at least 2)"
    IFS=, read -r -a SIZE_LIST <<<"$SIZES"
    [ ${#SIZE_LIST[@]} -gt 0 ] || cmp_fail "no sizes given"
    local s b known
    for s in "${SIZE_LIST[@]}"; do
        [[ $s =~ ^[0-9]+$ ]] || cmp_fail "bad size '$s'"
    done
    for b in "${BENCHES[@]}"; do
        for known in $ALL_BENCHES; do
            [ "$b" = "$known" ] && continue 2
        done
        cmp_fail "unknown bench '$b' (${ALL_BENCHES// /, })"
    done
}

# cmp_setup: goes to the repository root, reads the environment, builds the C
# reference and chooses the binding. Sets OUT, CBIN, BIND, VARIANTS, RAW, LOG.
cmp_setup() {
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
        echo "$PROG: ${JAVA_CP%%:*} not found; run 'mvn package' first (or set ONLY_C=1)" >&2
        exit 1
    fi

    CBIN=$OUT/$(basename "$CSRC" .c)
    echo "$PROG: building $CBIN" >&2
    "$MPICC" -O2 -Wall -Wextra -std=c11 bench/c/omb_c_util.c "$CSRC" -o "$CBIN"

    # Bind each rank to a core if there are enough cores and this machine allows
    # it (Open MPI refuses --bind-to core for more ranks than cores); otherwise
    # run unbound, oversubscribed if need be.
    BIND=(--bind-to core)
    if ! "$MPIRUN" -np "$NP" "${BIND[@]}" true >/dev/null 2>&1; then
        BIND=(--bind-to none)
        if ! "$MPIRUN" -np "$NP" "${BIND[@]}" true >/dev/null 2>&1; then
            BIND=(--bind-to none --oversubscribe)
        fi
        echo "$PROG: --bind-to core failed for $NP ranks, using: ${BIND[*]}" >&2
    fi

    VARIANTS=(c)
    [ "$ONLY_C" = 1 ] || VARIANTS+=(buffer arrays)

    RAW=$(mktemp)
    LOG=$(mktemp)
    trap 'rm -f "$RAW" "$LOG"' EXIT
}

# cmp_run_one BENCH VARIANT SIZE: runs one mpirun and prints the value for SIZE.
cmp_run_one() {
    local bench=$1 variant=$2 size=$3 cmd
    if [ "$variant" = c ]; then
        cmd=("$CBIN" "$bench")
    else
        cmd=("$JAVA" ${JAVA_FLAGS[@]+"${JAVA_FLAGS[@]}"} -cp "$JAVA_CP" "$(java_class "$bench")" -a "$variant")
    fi
    cmd+=(-m "$size:$size" ${EXTRA[@]+"${EXTRA[@]}"})
    if ! "$MPIRUN" -np "$NP" "${BIND[@]}" "${cmd[@]}" >"$LOG" 2>&1; then
        echo "$PROG: run failed: $MPIRUN -np $NP ${BIND[*]} ${cmd[*]}" >&2
        cat "$LOG" >&2
        return 1
    fi
    local v
    v=$(awk -v s="$size" '$0 ~ ("^" s "[ \t]") { v = $2 } END { if (v != "") print v }' "$LOG")
    if [ -z "$v" ]; then
        echo "$PROG: no row for size $size in output of: ${cmd[*]}" >&2
        cat "$LOG" >&2
        return 1
    fi
    echo "$v"
}

# cmp_run_all: for every bench and size, RUNS rounds of the variants in turn
# (C, Java buffer, Java arrays, C, ...); the values go to RAW.
cmp_run_all() {
    local bench size r v val line
    for bench in "${BENCHES[@]}"; do
        for size in "${SIZE_LIST[@]}"; do
            for ((r = 1; r <= RUNS; r++)); do
                line="$bench $size run $r/$RUNS:"
                for v in "${VARIANTS[@]}"; do
                    val=$(cmp_run_one "$bench" "$v" "$size")
                    printf '%s\t%s\t%s\t%s\n' "$bench" "$size" "$v" "$val" >>"$RAW"
                    line+=" $v=$val"
                done
                echo "$line" >&2
            done
        done
    done
}

# cmp_summarize: prints the medians and ratios of RAW per bench and writes
# $OUT/compare-<bench>.csv.
cmp_summarize() {
    local specs=() b
    for b in "${BENCHES[@]}"; do
        specs+=("$b=$(bench_unit "$b")")
    done
    python3 - "$RAW" "$OUT" "$ONLY_C" "${specs[@]}" <<'EOF'
import csv, statistics, sys

raw, out, only_c = sys.argv[1], sys.argv[2], sys.argv[3] == "1"
benches = [spec.split("=", 1) for spec in sys.argv[4:]]
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

for bench, unit in benches:
    latency = unit == "us"
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
}
