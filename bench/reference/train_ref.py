"""Reference EEGNet-8,2 training benchmark (PyTorch, CPU).

EEGNet-8,2 after Lawhern et al. 2018 (J. Neural Eng. 15 056013):
  temporal conv F1=8, kernel (1,64), 'same' padding, no bias -> BN
  depthwise conv over all channels, D=2 (16 maps), max-norm 1, no bias -> BN -> ELU
  avgpool (1,4) -> dropout 0.5
  separable conv: depthwise (1,16) 'same' + pointwise 1x1 to F2=16, no bias -> BN -> ELU
  avgpool (1,8) -> dropout 0.5 -> flatten -> dense n_classes (max-norm 0.25)
  BN: eps 1e-3, momentum 0.01 (= Keras momentum 0.99).
'same' padding for even kernels pads (k-1)//2 on the left and the rest on the right,
as Keras/TensorFlow do.

Input is shaped like BCI Competition IV 2a: 288 trials x 22 channels x 1000 samples
(250 Hz, 4 s), 4 classes. The data are synthetic (seeded): unit white noise plus a
class-specific oscillation (class k: 8/12/17/23 Hz, random phase and amplitude per
trial) projected through a class-specific spatial pattern, so accuracy can rise.

Prints one JSON line per epoch: {"epoch", "seconds", "cpu_s", "loss", "acc"} where
seconds is the wall time of the training pass over all batches (forward, backward,
Adam step, max-norm renorm), cpu_s the process CPU time (all threads) of that pass,
loss the mean training cross-entropy and acc the training accuracy of that pass.
A final {"summary": ...} line gives medians and peak RSS (Linux VmHWM of this process: Python, torch and the data).

XBrain additions (bench/reference/train_ref.py):
  --arch xbrainlab    (default) XBrainLab's EEGNet exactly as XBrain's TypeScript engine builds it
                      (backend/model_base/EEGNet.py): conv1 = Conv2d(1,F1,(1,sf//2), valid, no bias) + BN;
                      conv2 = depthwise Conv2d(F1,D*F1,(C,1),groups=F1, no bias) + BN + ELU + AvgPool(1,4)
                      + Dropout; conv3 = depthwise Conv2d(D*F1,D*F1,(1,(sf//2)//4),groups=D*F1, no bias)
                      + pointwise 1x1 to F2 (no bias) + BN + ELU + AvgPool(1,8) + Dropout; classifier =
                      Linear. PyTorch BN defaults (eps 1e-5, momentum 0.1), no max-norm, and, as XBrainLab's
                      constructor does, one training-mode forward pass on ones(2,1,C,T) to size the classifier.
                      State-dict names equal XBrain's weight files.
  --model NAME        with --arch xbrainlab: EEGNet (default), ShallowConvNet or SCCNet; the latter two are the
                      modules of XBrain's pytorch backend (python/xbrain_trainer.py), XBrainLab's layer for layer
  --arch keras        the original Keras-style EEGNet-8,2 ('same' padding, max-norm, BN eps 1e-3)
  --data DIR          train on X.f32 / y.u8 / meta.json from DIR (as written by --save-data or by XBrain)
  --init-in FILE      load initial weights from an XBrain weights index (FILE.json + FILE.bin)
  --init-out FILE     write the initial weights as an XBrain weights index (stem, .json and .bin)
  --final-out FILE    write the weights after training the same way
  --dropout P         dropout probability (0 for parity runs)
  --no-shuffle        batches in index order every epoch (parity runs)
  --steps N           stop after N optimiser steps and print {"step", "loss"} after every step
  --sfreq F           sampling rate that sizes the xbrainlab kernels (default: meta.json or 250)

Options:
  --epochs N          (default 20)
  --threads N         torch.set_num_threads (default 2)
  --seed N            data and init seed (default 0)
  --save-data DIR     write the synthetic data set as raw little-endian files
                      X.f32 (n,22,1000 float32, C order) and y.u8 plus meta.json,
                      so other engines can train on identical data
  --onnx-out FILE     after training export the model (eval mode) to ONNX (opset 13)
  --infer-bench       time eval-mode inference at batch 1, 32 and 288
"""
import argparse
import json
import os
import resource
import statistics
import sys
import time

import numpy as np
import torch
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "python"))
from xbrain_trainer import SCCNet, ShallowConvNet  # noqa: E402  (XBrain's pytorch backend modules)
import torch.nn as nn
import torch.nn.functional as F

N_TRIALS, N_CH, N_T, N_CLASSES, SFREQ = 288, 22, 1000, 4, 250.0
CLASS_FREQS = (8.0, 12.0, 17.0, 23.0)


def make_data(seed, n=N_TRIALS, n_ch=N_CH, n_t=N_T, n_classes=N_CLASSES):
    rng = np.random.default_rng(seed)
    # spatial patterns are fixed by a separate seed so train/val share them
    prng = np.random.default_rng(1234)
    patterns = prng.standard_normal((n_classes, n_ch))
    patterns /= np.linalg.norm(patterns, axis=1, keepdims=True)
    patterns *= np.sqrt(n_ch)  # unit RMS gain per channel
    y = np.tile(np.arange(n_classes), n // n_classes + 1)[:n]
    rng.shuffle(y)
    t = np.arange(n_t) / SFREQ
    X = rng.standard_normal((n, n_ch, n_t))
    for i in range(n):
        k = y[i]
        amp = rng.uniform(0.15, 0.45)
        phase = rng.uniform(0, 2 * np.pi)
        src = amp * np.sin(2 * np.pi * CLASS_FREQS[k] * t + phase)
        X[i] += patterns[k][:, None] * src[None, :]
    return X.astype(np.float32), y.astype(np.int64)


def pad_same(k):
    total = k - 1
    return (total // 2, total - total // 2)


class EEGNet(nn.Module):
    def __init__(self, n_ch=N_CH, n_t=N_T, n_classes=N_CLASSES, F1=8, D=2, F2=16,
                 k1=64, k2=16, p=0.5):
        super().__init__()
        l1, r1 = pad_same(k1)
        l2, r2 = pad_same(k2)
        self.pad1 = nn.ZeroPad2d((l1, r1, 0, 0))
        self.conv1 = nn.Conv2d(1, F1, (1, k1), bias=False)
        self.bn1 = nn.BatchNorm2d(F1, eps=1e-3, momentum=0.01)
        self.dw = nn.Conv2d(F1, F1 * D, (n_ch, 1), groups=F1, bias=False)
        self.bn2 = nn.BatchNorm2d(F1 * D, eps=1e-3, momentum=0.01)
        self.pool1 = nn.AvgPool2d((1, 4))
        self.drop1 = nn.Dropout(p)
        self.pad2 = nn.ZeroPad2d((l2, r2, 0, 0))
        self.sep_dw = nn.Conv2d(F1 * D, F1 * D, (1, k2), groups=F1 * D, bias=False)
        self.sep_pw = nn.Conv2d(F1 * D, F2, 1, bias=False)
        self.bn3 = nn.BatchNorm2d(F2, eps=1e-3, momentum=0.01)
        self.pool2 = nn.AvgPool2d((1, 8))
        self.drop2 = nn.Dropout(p)
        self.n_flat = F2 * ((n_t // 4) // 8)
        self.fc = nn.Linear(self.n_flat, n_classes)

    def forward(self, x):  # x: (B, C, T)
        x = x.unsqueeze(1)
        x = self.bn1(self.conv1(self.pad1(x)))
        x = F.elu(self.bn2(self.dw(x)))
        x = self.drop1(self.pool1(x))
        x = self.sep_pw(self.sep_dw(self.pad2(x)))
        x = F.elu(self.bn3(x))
        x = self.drop2(self.pool2(x))
        return self.fc(x.flatten(1))

    @torch.no_grad()
    def apply_max_norm(self):
        # Keras max_norm(axis=0) on each output unit's incoming weights
        self.dw.weight.data = torch.renorm(self.dw.weight.data, 2, 0, 1.0)
        self.fc.weight.data = torch.renorm(self.fc.weight.data, 2, 0, 0.25)


class XBrainLabEEGNet(nn.Module):
    """backend/model_base/EEGNet.py of XBrainLab (the stack XBrain's engine implements)."""

    def __init__(self, n_classes, channels, samples, sfreq, F1=8, F2=16, D=2, p=0.5):
        super().__init__()
        half = int(sfreq // 2)
        self.conv1 = nn.Sequential(
            nn.Conv2d(1, F1, (1, half), bias=False),
            nn.BatchNorm2d(F1))
        self.conv2 = nn.Sequential(
            nn.Conv2d(F1, D * F1, (channels, 1), groups=F1, bias=False),
            nn.BatchNorm2d(D * F1),
            nn.ELU(),
            nn.AvgPool2d((1, 4)),
            nn.Dropout(p))
        self.conv3 = nn.Sequential(
            nn.Conv2d(D * F1, D * F1, (1, half // 4), groups=D * F1, bias=False),
            nn.Conv2d(D * F1, F2, (1, 1), bias=False),
            nn.BatchNorm2d(F2),
            nn.ELU(),
            nn.AvgPool2d((1, 8)),
            nn.Dropout(p))
        # XBrainLab sizes the classifier with a training-mode pass on ones (this also moves BN running stats).
        x = self._features(torch.ones((2, 1, channels, samples)))
        self.classifier = nn.Linear(x.shape[1], n_classes)

    def _features(self, x):
        return self.conv3(self.conv2(self.conv1(x))).flatten(1)

    def forward(self, x):  # x: (B, C, T)
        return self.classifier(self._features(x.unsqueeze(1)))

    def apply_max_norm(self):
        pass


def save_xbrain_weights(model, stem, spec, params, name="EEGNet"):
    """Writes an XBrain weights index (stem.json + stem.bin, float32-le, PyTorch state_dict names)."""
    stem = stem[:-5] if stem.endswith(".json") else stem
    trainable = {n for n, _ in model.named_parameters()}
    tensors, chunks, off = [], [], 0
    for name, t in model.state_dict().items():
        a = t.detach().cpu().numpy().astype("<f4").ravel()
        tensors.append({"name": name, "shape": list(t.shape), "offset": off, "length": int(a.size),
                        "trainable": name in trainable})
        chunks.append(a)
        off += a.size
    np.concatenate(chunks).tofile(stem + ".bin")
    with open(stem + ".json", "w") as f:
        json.dump({"format": "xbrain-weights", "version": 1, "model": name, "spec": spec,
                   "params": params, "dtype": "float32-le", "tensors": tensors}, f)


def load_xbrain_weights(model, stem):
    stem = stem[:-5] if stem.endswith(".json") else stem
    with open(stem + ".json") as f:
        index = json.load(f)
    flat = np.fromfile(stem + ".bin", dtype="<f4")
    state = model.state_dict()
    seen = set()
    for t in index["tensors"]:
        if t["name"] not in state:
            raise SystemExit(f"{stem}.json: tensor {t['name']} is not in the PyTorch model")
        a = flat[t["offset"]:t["offset"] + t["length"]].reshape(t["shape"])
        if tuple(state[t["name"]].shape) != a.shape:
            raise SystemExit(f"{stem}.json: {t['name']} has shape {a.shape}, model needs {tuple(state[t['name']].shape)}")
        state[t["name"]] = torch.from_numpy(a.copy())
        seen.add(t["name"])
    missing = [n for n in state if n not in seen and not n.endswith("num_batches_tracked")]
    # XBrain keeps num_batches_tracked as float32; load_state_dict copies it into the int64 buffer.
    if missing:
        raise SystemExit(f"{stem}.json lacks {missing}")
    model.load_state_dict(state)


def peak_rss_mib():
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024.0
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=20)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--batch", type=int, default=32)
    ap.add_argument("--lr", type=float, default=1e-3)
    ap.add_argument("--save-data", default=None)
    ap.add_argument("--onnx-out", default=None)
    ap.add_argument("--infer-bench", action="store_true")
    ap.add_argument("--arch", choices=["xbrainlab", "keras"], default="xbrainlab")
    ap.add_argument("--model", choices=["EEGNet", "ShallowConvNet", "SCCNet"], default="EEGNet")
    ap.add_argument("--data", default=None)
    ap.add_argument("--init-in", default=None)
    ap.add_argument("--init-out", default=None)
    ap.add_argument("--final-out", default=None)
    ap.add_argument("--dropout", type=float, default=0.5)
    ap.add_argument("--no-shuffle", action="store_true")
    ap.add_argument("--steps", type=int, default=0)
    ap.add_argument("--sfreq", type=float, default=None)
    args = ap.parse_args()

    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    sfreq = args.sfreq or SFREQ
    if args.data:
        with open(os.path.join(args.data, "meta.json")) as f:
            meta = json.load(f)
        X = np.fromfile(os.path.join(args.data, "X.f32"), dtype="<f4").reshape(meta["shape"])
        y = np.fromfile(os.path.join(args.data, "y.u8"), dtype=np.uint8).astype(np.int64)
        sfreq = args.sfreq or float(meta.get("sfreq", SFREQ))
    else:
        X, y = make_data(args.seed)
    if args.save_data:
        os.makedirs(args.save_data, exist_ok=True)
        X.tofile(os.path.join(args.save_data, "X.f32"))  # native order; x86 = little-endian
        y.astype(np.uint8).tofile(os.path.join(args.save_data, "y.u8"))
        with open(os.path.join(args.save_data, "meta.json"), "w") as f:
            json.dump({"shape": list(X.shape), "dtype": "float32-le", "labels": "uint8",
                       "sfreq": SFREQ, "class_freqs": CLASS_FREQS, "seed": args.seed}, f)

    Xt = torch.from_numpy(X)
    yt = torch.from_numpy(y)
    n_classes = int(y.max()) + 1 if args.data else N_CLASSES
    spec = {"nChannels": int(X.shape[1]), "nTimes": int(X.shape[2]), "sfreq": sfreq, "nClasses": n_classes}
    params = {} if args.dropout == 0.5 else {"dropout": args.dropout}
    if args.arch == "xbrainlab" and args.model != "EEGNet":
        cls = {"ShallowConvNet": ShallowConvNet, "SCCNet": SCCNet}[args.model]
        model = cls(n_classes, X.shape[1], X.shape[2], sfreq, dropout=args.dropout)
    elif args.arch == "xbrainlab":
        model = XBrainLabEEGNet(n_classes, X.shape[1], X.shape[2], sfreq, p=args.dropout)
    else:
        model = EEGNet(n_ch=X.shape[1], n_t=X.shape[2], n_classes=n_classes, p=args.dropout)
    if args.init_in:
        load_xbrain_weights(model, args.init_in)
    if args.init_out:
        save_xbrain_weights(model, args.init_out, spec, params, args.model)
    opt = torch.optim.Adam(model.parameters(), lr=args.lr)
    step = 0
    gen = torch.Generator().manual_seed(args.seed)
    times, cpu_times = [], []
    for epoch in range(1, args.epochs + 1):
        model.train()
        perm = torch.arange(len(Xt)) if args.no_shuffle else torch.randperm(len(Xt), generator=gen)
        tot_loss, correct = 0.0, 0
        t0, c0 = time.perf_counter(), time.process_time()
        for i in range(0, len(Xt), args.batch):
            idx = perm[i:i + args.batch]
            xb, yb = Xt[idx], yt[idx]
            opt.zero_grad(set_to_none=True)
            out = model(xb)
            loss = F.cross_entropy(out, yb)
            loss.backward()
            opt.step()
            if hasattr(model, "apply_max_norm"):
                model.apply_max_norm()
            tot_loss += loss.item() * len(idx)
            correct += (out.argmax(1) == yb).sum().item()
            step += 1
            if args.steps:
                print(json.dumps({"step": step, "loss": loss.item()}), flush=True)
                if step >= args.steps:
                    break
        dt, dc = time.perf_counter() - t0, time.process_time() - c0
        if args.steps and step >= args.steps:
            break
        times.append(dt)
        cpu_times.append(dc)
        print(json.dumps({"epoch": epoch, "seconds": round(dt, 4), "cpu_s": round(dc, 4),
                          "loss": round(tot_loss / len(Xt), 4),
                          "acc": round(correct / len(Xt), 4)}), flush=True)

    summary = {} if not times else {"engine": "pytorch-cpu", "torch": torch.__version__,
               "threads": torch.get_num_threads(), "epochs": args.epochs,
               "median_s_per_epoch": round(statistics.median(times), 4),
               "median_s_per_epoch_excl_first": round(statistics.median(times[1:]), 4)
               if len(times) > 1 else None,
               "median_cpu_s_per_epoch": round(statistics.median(cpu_times), 4),
               "min_s_per_epoch": round(min(times), 4),
               "peak_rss_mib": round(peak_rss_mib(), 1),
               "loadavg_1m_at_end": round(os.getloadavg()[0], 2)}
    if summary:
        summary["arch"] = args.arch
        summary["model"] = args.model
        print(json.dumps({"summary": summary}), flush=True)
    if args.final_out:
        save_xbrain_weights(model, args.final_out, spec, params, args.model)

    model.eval()
    if args.infer_bench:
        with torch.no_grad():
            for bs in (1, 32, 288):
                xb = Xt[:bs]
                model(xb)
                reps, ts = max(3, 288 // bs if bs < 32 else 10), []
                for _ in range(reps):
                    t0 = time.perf_counter()
                    model(xb)
                    ts.append(time.perf_counter() - t0)
                med = statistics.median(ts)
                print(json.dumps({"infer_batch": bs, "ms_per_batch": round(med * 1e3, 3),
                                  "trials_per_s": round(bs / med, 1)}), flush=True)
    if args.onnx_out:
        dummy = Xt[:1]
        torch.onnx.export(model, dummy, args.onnx_out, opset_version=13,
                          input_names=["x"], output_names=["logits"],
                          dynamic_axes={"x": {0: "batch"}, "logits": {0: "batch"}})
        with torch.no_grad():
            ref = model(Xt[:8]).numpy()
        np.save(os.path.splitext(args.onnx_out)[0] + "_ref_logits8.npy", ref)
        print(json.dumps({"onnx_out": os.path.basename(args.onnx_out)}), flush=True)


if __name__ == "__main__":
    sys.exit(main())
