#!/usr/bin/env python3
"""MNE counterpart of bench/signal.ts, run by it in the same session on the same arrays:

    /usr/bin/python3 bench/signal_mne.py

A small server on stdin/stdout, one JSON object per line, so bench/signal.ts can alternate XBrain and MNE repeat by
repeat (both see the same machine load):
  {"cmd": "load", "path": P, "shape": [C, T], "sfreq": F}   reads P (float32 little-endian, C order, rows =
                                                             channels: the bench's own arrays) into float64, as
                                                             ../shared/refbench/filter_ref.py times MNE on float64
  {"cmd": "run", "op": OP}                                   runs OP once on the loaded array and answers
                                                             {"seconds", "cpu_seconds"} (wall and process CPU time)
The first line written is {"ready": true, "tool": "mne 1.3.x", ...} or {"error": "..."} when MNE is missing.

The operations and parameters are those of ../shared/refbench/filter_ref.py (run_op): MNE 1.3 defaults, n_jobs=1.
Needs MNE 1.3 (Debian: apt-get install python3-mne).
"""
import json
import sys
import time

try:
    import numpy as np
    import scipy
    import scipy.signal as ss
    import mne
except Exception as e:  # reported to bench/signal.ts, which falls back to the recorded figures
    print(json.dumps({"error": f"{type(e).__name__}: {e}"}), flush=True)
    sys.exit(0)

mne.set_log_level("ERROR")


def harmonics(f0, sfreq):
    nyq = sfreq / 2.0
    return [float(f) for f in np.arange(f0, nyq, f0) if f + 2 < nyq]


def run_op(op, x, sfreq):
    """filter_ref.py's run_op, verbatim in effect."""
    if op == "fir_bandpass_8_30":
        return mne.filter.filter_data(x, sfreq, 8.0, 30.0)
    if op == "iir_butter4_8_30":
        sos = ss.butter(4, [8.0, 30.0], btype="bandpass", fs=sfreq, output="sos")
        return ss.sosfiltfilt(sos, x, axis=-1)
    if op == "notch50":
        return mne.filter.notch_filter(x, sfreq, harmonics(50.0, sfreq))
    if op == "resample_to_128":
        return mne.filter.resample(x, up=128.0, down=float(sfreq))
    if op == "car":
        return x - x.mean(axis=0, keepdims=True)
    raise ValueError(f"unknown op {op}")


def main():
    print(json.dumps({"ready": True, "tool": "mne " + mne.__version__, "numpy": np.__version__,
                      "scipy": scipy.__version__}), flush=True)
    x, sfreq = None, None
    for line in sys.stdin:
        if not line.strip():
            continue
        req = json.loads(line)
        try:
            if req["cmd"] == "load":
                n_ch, n_times = req["shape"]
                x = None
                x = np.fromfile(req["path"], dtype="<f4").reshape(n_ch, n_times).astype(np.float64)
                sfreq = float(req["sfreq"])
                reply = {"ok": True}
            elif req["cmd"] == "run":
                c0, t0 = time.process_time(), time.perf_counter()
                y = run_op(req["op"], x, sfreq)
                reply = {"seconds": time.perf_counter() - t0, "cpu_seconds": time.process_time() - c0,
                         "shape": list(y.shape)}
                del y
            else:
                reply = {"error": f"unknown cmd {req['cmd']}"}
        except Exception as e:
            reply = {"error": f"{type(e).__name__}: {e}"}
        print(json.dumps(reply), flush=True)


if __name__ == "__main__":
    main()
