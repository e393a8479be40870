#!/usr/bin/env python3
"""MNE counterpart of bench/io.ts: the same cases and JSON line shape, in-process, median of repeats.

    /usr/bin/python3 bench/io_mne.py [--repeats N] [--hour-file PATH] [--data DIR]

Needs MNE 1.3 (Debian: apt-get install python3-mne). The one-hour file is the one bench/io.ts writes
(default: $TMPDIR/xbrain-bench-sim-64ch-1h.edf); run `npm run bench -- io` first so it exists.
"""
import argparse
import json
import os
import statistics
import tempfile
import time

import mne

mne.set_log_level("ERROR")


def timed(fn, n):
    fn()  # warm-up (imports, page cache)
    xs = []
    last = None
    for _ in range(n):
        t0 = time.perf_counter()
        last = fn()
        xs.append(time.perf_counter() - t0)
    return statistics.median(xs), last


def bench_file(path, label, n):
    sec, raw = timed(lambda: mne.io.read_raw_edf(path, preload=False), n)
    print(json.dumps({"op": "header", "file": label, "shape": [len(raw.ch_names), int(raw.n_times)], "seconds": sec, "repeats": n, "tool": "mne " + mne.__version__}))
    sec, raw = timed(lambda: mne.io.read_raw_edf(path, preload=True), n)
    print(json.dumps({"op": "read", "file": label, "shape": [len(raw.ch_names), int(raw.n_times)], "seconds": sec, "repeats": n, "tool": "mne " + mne.__version__}))
    w0 = raw.n_times // 3
    wl = int(round(10 * raw.info["sfreq"]))
    sec, d = timed(lambda: mne.io.read_raw_edf(path, preload=False).get_data(start=w0, stop=w0 + wl), n)
    print(json.dumps({"op": "window", "file": label, "shape": [int(x) for x in d.shape], "seconds": sec, "repeats": n, "tool": "mne " + mne.__version__}))


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeats", type=int, default=15)
    ap.add_argument("--data", default=os.environ.get("XBRAIN_TEST_DATA", os.path.join(here, "..", "test", "data")))
    ap.add_argument("--hour-file", default=os.path.join(tempfile.gettempdir(), "xbrain-bench-sim-64ch-1h.edf"))
    a = ap.parse_args()
    bench_file(os.path.join(a.data, "S001R04.edf"), "S001R04.edf", a.repeats)
    if os.path.exists(a.hour_file):
        bench_file(a.hour_file, "simulated-64ch-1h.edf", max(3, min(a.repeats, 7)))


if __name__ == "__main__":
    main()
