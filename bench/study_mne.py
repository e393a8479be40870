#!/usr/bin/env python3
"""MNE counterpart of bench/study.ts for one folder of EDF files (run by it; also by hand):

    /usr/bin/python3 bench/study_mne.py FOLDER [--keep | --stream]

Per file: read_raw_edf(preload=True), Raw.filter(8, 30) (MNE's default FIR), events_from_annotations(T1, T2),
Epochs(tmin=0, tmax=4, baseline=None, preload=True); --keep (default) keeps the raws (as an in-memory Study keeps its
recordings), --stream drops each raw once its epochs are cut (the leanest MNE script: only the epochs of every file
stay); concatenate_epochs at the end. Prints one JSON line in bench/study.ts's Measure shape: seconds per step, RSS before
loading, peak RSS (VmHWM). Needs MNE 1.3 (Debian python3-mne).
"""
import glob
import json
import os
import resource
import sys
import time

import mne

mne.set_log_level("ERROR")


def rss(field):
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1]) * 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def main():
    folder = sys.argv[1]
    keep = "--stream" not in sys.argv[2:]
    files = sorted(glob.glob(os.path.join(folder, "*.edf")))
    base = rss("VmRSS")
    t = {"load": 0.0, "filter": 0.0, "epoch": 0.0}
    raws, epochs = [], []
    for f in files:
        t0 = time.perf_counter()
        raw = mne.io.read_raw_edf(f, preload=True)
        t1 = time.perf_counter()
        raw.filter(8.0, 30.0)
        t2 = time.perf_counter()
        events, event_id = mne.events_from_annotations(raw, event_id={"T1": 1, "T2": 2})
        epochs.append(mne.Epochs(raw, events, event_id, tmin=0.0, tmax=4.0, baseline=None, preload=True))
        t3 = time.perf_counter()
        if keep:
            raws.append(raw)
        del raw
        t["load"] += t1 - t0
        t["filter"] += t2 - t1
        t["epoch"] += t3 - t2
    t0 = time.perf_counter()
    all_epochs = mne.concatenate_epochs(epochs)
    t["epoch"] += time.perf_counter() - t0
    t["total"] = t["load"] + t["filter"] + t["epoch"]
    peak = rss("VmHWM")
    n, ch, times = len(all_epochs), len(all_epochs.ch_names), len(all_epochs.times)
    counts = {name: int((all_epochs.events[:, 2] == code).sum()) for name, code in all_epochs.event_id.items()}
    print(json.dumps({
        "tool": "mne " + mne.__version__,
        "mode": "keep" if keep else "stream",
        "seconds": t,
        "baseRss": base,
        "peakRss": peak,
        "epochs": {"n": int(n), "channels": int(ch), "times": int(times), "counts": counts},
    }))


if __name__ == "__main__":
    main()
