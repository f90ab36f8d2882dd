#!/usr/bin/env python3
"""Summarises a JMH JSON result of the OMB-J benchmarks: the binding's overhead per call.

Each Java benchmark <Class>.<pattern><Array|Buffer> is paired with its C twin <Class>.<pattern>C
at the same parameters; overhead per call = (Java ns/op - C ns/op) / MPI calls per operation.

    python3 jmh/summarize.py jmh/target/result.json
"""
import json
import sys

# MPI calls per benchmark operation, as in SmallMessages and LargeMessages.
CALLS = {
    "blocking": 2,     # send + recv
    "nonBlocking": 4,  # iRecv + iSend + waitFor + waitFor
    "nonBlockingReuse": 4,  # the same, started in reused requests
    "sendRecv": 1,     # sendRecv
}
# Which Java API path each (pattern, variant) exercises, for the reader.
PATHS = {
    ("blocking", "Array"): "pin",
    ("blocking", "Buffer"): "direct",
    ("nonBlocking", "Array"): "staging",
    ("nonBlocking", "Buffer"): "direct",
    ("nonBlockingReuse", "Array"): "staging",
    ("nonBlockingReuse", "Buffer"): "direct",
    ("sendRecv", "Array"): "pin",
    ("sendRecv", "Buffer"): "direct",
}
# A blocking call on a byte[] of at most this many bytes copies it through the thread's
# staging memory in Java instead of pinning it (mpi.ThreadStaging.JAVA_COPY_MAX_BYTES).
COPY_MAX_BYTES = 2048
TARGET_NS = 15.0  # the goal: at most this much per small-message call over C


def api_path(pattern, variant, size):
    """The API path of a row; 'copy' for a small blocking byte[] (ThreadStaging)."""
    if (pattern, variant) == ("blocking", "Array") and size.isdigit() \
            and int(size) <= COPY_MAX_BYTES:
        return "copy"
    return PATHS.get((pattern, variant), "?")


def split(name):
    """mpi.jmh.SmallMessages.blockingArray -> ('SmallMessages', 'blocking', 'Array')."""
    cls, method = name.split(".")[-2:]
    for variant in ("Array", "Buffer", "C"):
        if method.endswith(variant):
            return cls, method[: -len(variant)], variant
    return cls, method, ""


def main(path):
    with open(path) as f:
        results = json.load(f)
    scores = {}
    for r in results:
        cls, pattern, variant = split(r["benchmark"])
        params = tuple(sorted((r.get("params") or {}).items()))
        m = r["primaryMetric"]
        err = m.get("scoreError")
        err = err if isinstance(err, (int, float)) and err == err else None  # NaN: 1 iteration
        scores[(cls, pattern, variant, params)] = (m["score"], err, m["scoreUnit"])

    rows = []
    def order(item):  # small messages first, then by pattern, variant and numeric size
        cls, pattern, variant, params = item[0]
        sizes = [int(v) if v.isdigit() else 0 for _, v in params]
        return (cls != "SmallMessages", cls, pattern, variant, sizes)

    for (cls, pattern, variant, params), (java, jerr, unit) in sorted(scores.items(), key=order):
        if variant in ("C", "") or unit != "ns/op":
            continue
        twin = scores.get((cls, pattern, "C", params))
        if twin is None:
            continue
        c, cerr, _ = twin
        calls = CALLS.get(pattern)
        if calls is None:
            continue
        size = ",".join(v for _, v in params)
        kind = None
        if cls == "SmallMessages":
            kind = "blocking" if pattern == "blocking" else "non-blocking"
        rows.append((f"{cls}.{pattern}{variant}", size, api_path(pattern, variant, size),
                     java, jerr, c, cerr, calls, (java - c) / calls, java / c if c else 0.0,
                     kind))

    if not rows:
        print("no (Java, C) pairs in " + path)
        return 1

    def fmt(v, e):
        return f"{v:.1f}" + (f" ± {e:.1f}" if e is not None else "")

    head = ("benchmark", "bytes", "path", "Java ns/op", "C ns/op", "calls/op",
            "overhead/call ns", "Java/C")
    table = [head] + [
        (n, s, p, fmt(j, je), fmt(c, ce), str(k), f"{o:+.1f}", f"{q:.2f}")
        for n, s, p, j, je, c, ce, k, o, q, _ in rows]
    widths = [max(len(r[i]) for r in table) for i in range(len(head))]
    print("\nBinding overhead per MPI call (Java - C twin in the same run) / calls per op:")
    for i, r in enumerate(table):
        print("  ".join(v.ljust(w) if k < 3 else v.rjust(w)
                        for k, (v, w) in enumerate(zip(r, widths))))
        if i == 0:
            print("  ".join("-" * w for w in widths))
    print()
    for kind in ("blocking", "non-blocking"):
        small = [(n, s, o) for n, s, _, _, _, _, _, _, o, _, k in rows if k == kind]
        if small:
            worst = max(small, key=lambda x: x[2])
            verdict = "met" if worst[2] <= TARGET_NS else "NOT met"
            print(f"{kind.capitalize()} calls, small messages, target <= {TARGET_NS:.0f} ns"
                  f" over C per call: {verdict} (worst {worst[0]} at {worst[1]} B:"
                  f" {worst[2]:+.1f} ns per call)")
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1]))
