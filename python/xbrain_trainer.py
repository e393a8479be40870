#!/usr/bin/env python3
"""XBrain's PyTorch trainer: the `pytorch` backend behind the same child-process protocol as the TypeScript engine.

Usage:  python3 xbrain_trainer.py JOB.json          (job file: src/core/training/job.ts)
        python3 xbrain_trainer.py --probe            (prints {"torch": version, "cuda": bool} and exits)

It reads the job and its binary arrays (epochs float32-le n x C x T, labels/splits int32-le), builds XBrainLab's
EEGNet / SCCNet / ShallowConvNet layer for layer with the same state_dict names as the TypeScript engine, trains on
CUDA when available (else CPU), and writes to stdout one JSON line per event (src/core/training/protocol.ts):
  {"type":"progress", epoch, epochs, lr, seconds, train:{loss,accuracy,auc}, val?, test?}
  {"type":"done", epochs, stopped, selection, selectedEpoch, seed, threads, files:{...}}
  {"type":"error", message, code?}
Unless the job says config.inputNorm = "none", the inputs are standardised with a per-channel mean and one pooled SD
fitted on the training split (as the TypeScript trainer, src/core/training/inputNorm.ts); the statistics are stored
in the weights index ("inputNorm") and applied first by the exported ONNX graph.
Batches are a seeded permutation of the training split per epoch, or the job's data.order (int32, epochs x nTrain
positions: the same batches as another engine, bench/parity.ts --common-init).
A line {"type":"stop"} on stdin ends training after the current batch. Weights are written in XBrain's weights
format (<stem>.bin float32-le + <stem>.json index) and the selected model is exported with torch.onnx.export
(opset 13, dynamic batch), so evaluation and saliency keep the single onnxruntime-node path.
"""
import json
import math
import os
import sys
import threading
import time

import numpy as np

try:
    import torch
    import torch.nn as nn
except ImportError as exc:  # reported to the launcher as a typed error
    print(json.dumps({"type": "error", "code": "backend_unavailable", "message": f"python3 with torch not found: {exc}"}), flush=True)
    sys.exit(3)


# ---------------------------------------------------------------------------------------------------------------
# Models (XBrainLab backend/model_base, with its log clamp fix)

class SafeLog(nn.Module):
    def forward(self, x):
        return torch.log(torch.clamp(x, min=1e-7))


class Square(nn.Module):
    def forward(self, x):
        return x * x


class EEGNet(nn.Module):
    def __init__(self, n_classes, channels, samples, sfreq, F1=8, F2=16, D=2, dropout=0.5):
        super().__init__()
        half = int(math.floor(sfreq / 2))
        self.conv1 = nn.Sequential(nn.Conv2d(1, F1, (1, half), bias=False), nn.BatchNorm2d(F1))
        self.conv2 = nn.Sequential(
            nn.Conv2d(F1, D * F1, (channels, 1), groups=F1, bias=False), nn.BatchNorm2d(D * F1), nn.ELU(),
            nn.AvgPool2d((1, 4)), nn.Dropout(dropout))
        self.conv3 = nn.Sequential(
            nn.Conv2d(D * F1, D * F1, (1, half // 4), groups=D * F1, bias=False), nn.Conv2d(D * F1, F2, (1, 1), bias=False),
            nn.BatchNorm2d(F2), nn.ELU(), nn.AvgPool2d((1, 8)), nn.Dropout(dropout))
        # XBrainLab sizes the classifier with a training-mode forward on ones(2,1,C,T), which also updates the BN
        # running statistics once; the TypeScript engine does the same.
        with torch.no_grad():
            n_flat = self._features(torch.ones(2, 1, channels, samples)).shape[1]
        self.classifier = nn.Linear(n_flat, n_classes)

    def _features(self, x):
        return torch.flatten(self.conv3(self.conv2(self.conv1(x))), 1)

    def forward(self, x):
        return self.classifier(self._features(x.unsqueeze(1)))


class SCCNet(nn.Module):
    def __init__(self, n_classes, channels, samples, sfreq, Ns=22, dropout=0.5):
        super().__init__()
        oct_ = int(math.floor(sfreq * 0.1))
        self.conv1 = nn.Conv2d(1, Ns, (channels, 1))
        self.Bn1 = nn.BatchNorm2d(Ns)
        self.conv2 = nn.Conv2d(Ns, 20, (1, oct_), padding=(0, int(math.ceil((oct_ - 1) / 2))))
        self.Bn2 = nn.BatchNorm2d(20)
        self.square = Square()
        self.Drop1 = nn.Dropout(dropout)
        self.AvgPool1 = nn.AvgPool2d((1, int(sfreq / 2)), stride=(1, oct_))
        self.log = SafeLog()
        t_out = samples + 2 * int(math.ceil((oct_ - 1) / 2)) - oct_ + 1
        t_out = (t_out - int(sfreq / 2)) // oct_ + 1
        self.classifier = nn.Linear(20 * t_out, n_classes)

    def forward(self, x):
        x = self.Bn2(self.conv2(self.Bn1(self.conv1(x.unsqueeze(1)))))
        x = self.log(self.AvgPool1(self.Drop1(self.square(x))))
        return self.classifier(torch.flatten(x, 1))


class ShallowConvNet(nn.Module):
    def __init__(self, n_classes, channels, samples, sfreq, pool_len=75, pool_stride=15, dropout=0.5):
        super().__init__()
        k = int(math.ceil(sfreq * 0.1))
        self.conv1 = nn.Conv2d(1, 40, (1, k), bias=False)
        self.conv2 = nn.Conv2d(40, 40, (channels, 1), bias=False)
        self.Bn1 = nn.BatchNorm2d(40)
        self.square = Square()
        self.AvgPool1 = nn.AvgPool2d((1, pool_len), stride=(1, pool_stride))
        self.log = SafeLog()
        self.Drop1 = nn.Dropout(dropout)
        t_out = (samples - k + 1 - pool_len) // pool_stride + 1
        self.classifier = nn.Linear(40 * t_out, n_classes)

    def forward(self, x):
        x = self.Bn1(self.conv2(self.conv1(x.unsqueeze(1))))
        x = self.Drop1(self.log(self.AvgPool1(self.square(x))))
        return self.classifier(torch.flatten(x, 1))


MODELS = {"EEGNet": EEGNet, "SCCNet": SCCNet, "ShallowConvNet": ShallowConvNet}


def build_model(job):
    spec, m = job["spec"], job["model"]
    if m["name"] not in MODELS:
        raise ValueError(f"unknown model {m['name']!r}")
    params = {k: (float(v) if k == "dropout" else int(v)) for k, v in (m.get("params") or {}).items()}
    return MODELS[m["name"]](spec["nClasses"], spec["nChannels"], spec["nTimes"], spec["sfreq"], **params)


# ---------------------------------------------------------------------------------------------------------------
# XBrain weights files

# ---------------------------------------------------------------------------------------------------------------
# Input standardisation (as src/core/training/inputNorm.ts): per-channel mean and one pooled SD, fitted on the
# training split only, stored with the weights ("inputNorm") and applied first by the exported ONNX graph.

INPUT_NORM_METHOD = "train-fold channel mean, pooled sd"


def fit_input_norm(x):
    """x: n x C x T float32 training epochs -> (mean[C], std[C]) float32."""
    x64 = x.astype(np.float64)
    mean = x64.mean(axis=(0, 2))
    sd = float(np.sqrt(((x64 - mean[None, :, None]) ** 2).mean()))
    scale = sd if sd > 0 and math.isfinite(sd) else 1.0
    return mean.astype(np.float32), np.full(x.shape[1], scale, dtype=np.float32)


def apply_input_norm(norm, x):
    mean, std = norm
    return np.ascontiguousarray(((x - mean[None, :, None]) * (np.float32(1) / std)[None, :, None]).astype(np.float32))


class WithInputNorm(nn.Module):
    """The exported model: the input standardisation, then XBrainLab's network."""
    def __init__(self, model, norm):
        super().__init__()
        self.model = model
        self.register_buffer("mean", torch.from_numpy(norm[0].reshape(-1, 1)))
        self.register_buffer("std", torch.from_numpy(norm[1].reshape(-1, 1)))

    def forward(self, x):
        return self.model((x - self.mean) / self.std)


def load_weights(model, index_path):
    """Loads a weights index into model; returns its input standardisation (mean, std) or None."""
    stem = index_path[:-5] if index_path.endswith(".json") else index_path
    with open(stem + ".json", encoding="utf-8") as f:
        index = json.load(f)
    flat = np.fromfile(stem + ".bin", dtype="<f4")
    state = model.state_dict()
    for t in index["tensors"]:
        if t["name"] not in state:
            raise ValueError(f"{stem}.json: tensor {t['name']} is not part of {type(model).__name__}")
        target = state[t["name"]]
        values = flat[t["offset"]:t["offset"] + t["length"]]
        if values.size != target.numel():
            raise ValueError(f"{stem}.json: tensor {t['name']} has {values.size} values, model needs {target.numel()}")
        state[t["name"]] = torch.from_numpy(values.copy()).to(target.dtype).reshape(target.shape)
    model.load_state_dict(state)
    norm = index.get("inputNorm")
    if norm is None:
        return None
    return np.asarray(norm["mean"], dtype=np.float32), np.asarray(norm["std"], dtype=np.float32)


def save_weights(model, job, stem, meta, norm=None):
    tensors, chunks, off = [], [], 0
    for name, value in model.state_dict().items():
        arr = value.detach().cpu().to(torch.float32).numpy().reshape(-1).astype("<f4")
        trainable = name.endswith("weight") or name.endswith("bias")
        tensors.append({"name": name, "shape": list(value.shape), "offset": off, "length": int(arr.size), "trainable": trainable})
        chunks.append(arr)
        off += arr.size
    flat = np.concatenate(chunks) if chunks else np.zeros(0, dtype="<f4")
    index = {"format": "xbrain-weights", "version": 1, "model": job["model"]["name"], "spec": job["spec"],
             "params": job["model"].get("params") or {}, "dtype": "float32-le", "tensors": tensors, "meta": meta}
    if norm is not None:
        index["inputNorm"] = {"method": INPUT_NORM_METHOD, "mean": [float(v) for v in norm[0]], "std": [float(v) for v in norm[1]]}
    for path, write in ((stem + ".bin", lambda p: flat.tofile(p)),
                        (stem + ".json", lambda p: open(p, "w", encoding="utf-8").write(json.dumps(index, indent=1)))):
        tmp = f"{path}.tmp-{os.getpid()}"
        write(tmp)
        os.replace(tmp, path)
    return stem + ".json"


# ---------------------------------------------------------------------------------------------------------------
# Metrics (as src/core/training/rocAuc.ts: sklearn roc_auc_score, one-vs-rest mean, 0 when undefined)

def binary_auc(scores, positive):
    n_pos = int(positive.sum())
    n_neg = positive.size - n_pos
    if n_pos == 0 or n_neg == 0:
        return float("nan")
    order = np.argsort(scores, kind="mergesort")
    s = scores[order]
    ranks = np.empty(s.size)
    i = 0
    while i < s.size:
        j = i
        while j + 1 < s.size and s[j + 1] == s[i]:
            j += 1
        ranks[i:j + 1] = (i + j) / 2 + 1
        i = j + 1
    rank_sum = ranks[positive[order]].sum()
    return float((rank_sum - n_pos * (n_pos + 1) / 2) / (n_pos * n_neg))


def roc_auc(probs, labels, k):
    if labels.size == 0:
        return 0.0
    classes = [1] if k == 2 else list(range(k))
    total = 0.0
    for c in classes:
        a = binary_auc(probs[:, c].astype(np.float64), labels == c)
        if not math.isfinite(a):
            return 0.0
        total += a
    return total / len(classes)


def evaluate(model, x, y, device, k, batch=64):
    model.eval()
    losses, probs = [], []
    with torch.no_grad():
        for s in range(0, x.shape[0], batch):
            xb = torch.from_numpy(x[s:s + batch]).to(device)
            yb = torch.from_numpy(y[s:s + batch].astype(np.int64)).to(device)
            logits = model(xb)
            losses.append(float(nn.functional.cross_entropy(logits, yb, reduction="sum")))
            probs.append(torch.softmax(logits, 1).cpu().numpy())
    p = np.concatenate(probs) if probs else np.zeros((0, k), dtype=np.float32)
    n = max(1, y.size)
    return {"loss": sum(losses) / n, "accuracy": float((p.argmax(1) == y).mean()) if y.size else float("nan"),
            "auc": roc_auc(p, y, k)}


# ---------------------------------------------------------------------------------------------------------------
# Training

def read_i32(path):
    return np.fromfile(path, dtype="<i4")


def better(rule, rec, best):
    if rule == "last_epoch":
        return True
    if rule == "best_val_loss":
        return "val" in rec and (best is None or "val" not in best or rec["val"]["loss"] < best["val"]["loss"])
    if rule == "best_val_accuracy":
        return "val" in rec and (best is None or "val" not in best or rec["val"]["accuracy"] > best["val"]["accuracy"])
    if rule == "best_test_accuracy":
        return "test" in rec and (best is None or "test" not in best or rec["test"]["accuracy"] > best["test"]["accuracy"])
    return True


def make_optimizer(name, params, lr, opts):
    opts = opts or {}
    betas = tuple(opts.get("betas", (0.9, 0.999)))
    eps = opts.get("eps", 1e-8)
    wd = opts.get("weightDecay", 0.0 if name != "adamw" else 1e-2)
    if name == "adam":
        return torch.optim.Adam(params, lr=lr, betas=betas, eps=eps, weight_decay=wd)
    if name == "adamw":
        return torch.optim.AdamW(params, lr=lr, betas=betas, eps=eps, weight_decay=wd)
    if name == "sgd":
        return torch.optim.SGD(params, lr=lr, momentum=opts.get("momentum", 0.0), dampening=opts.get("dampening", 0.0),
                               weight_decay=wd, nesterov=bool(opts.get("nesterov", False)))
    raise ValueError(f"unknown optimizer {name!r}")


def emit(event):
    sys.stdout.write(json.dumps(event) + "\n")
    sys.stdout.flush()


def watch_stdin(stop):
    for line in sys.stdin:
        try:
            if json.loads(line).get("type") == "stop":
                stop.set()
                return
        except ValueError:
            continue


def train(job_path):
    with open(job_path, encoding="utf-8") as f:
        job = json.load(f)
    if job.get("version") != 1:
        raise ValueError(f"{job_path}: unsupported job version {job.get('version')!r}")
    cfg, spec, seed = job["config"], job["spec"], int(job["seed"])
    threads = int(cfg.get("threads") or 1)
    torch.set_num_threads(max(1, threads))
    torch.manual_seed(seed)
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

    per = spec["nChannels"] * spec["nTimes"]
    x = np.fromfile(job["data"]["x"], dtype="<f4")
    labels = read_i32(job["data"]["labels"])
    if x.size != labels.size * per:
        raise ValueError(f"{job['data']['x']} holds {x.size} values; {labels.size} x {spec['nChannels']} x {spec['nTimes']} expected")
    x = x.reshape(labels.size, spec["nChannels"], spec["nTimes"])
    splits = {k: read_i32(job["data"][k]) for k in ("train", "val", "test") if job["data"].get(k)}
    sets = {k: (np.ascontiguousarray(x[idx]), labels[idx]) for k, idx in splits.items()}

    model = build_model(job)
    norm = None
    if job.get("initialWeights"):
        # weights learned on standardised inputs keep their statistics
        norm = load_weights(model, job["initialWeights"])
    if norm is None and cfg.get("inputNorm", "train_fold") == "train_fold":
        # fitted on the training split only: validation and test epochs never inform the scaling
        norm = fit_input_norm(sets["train"][0])
    if norm is not None:
        sets = {k: (apply_input_norm(norm, xs), ys) for k, (xs, ys) in sets.items()}
    model.to(device)
    opt = make_optimizer(cfg.get("optimizer", "adam"), model.parameters(), float(cfg["learningRate"]), cfg.get("optimizerOptions"))
    k = spec["nClasses"]
    rule = cfg.get("selection", "last_epoch")
    out_dir = job["outDir"]
    os.makedirs(out_dir, exist_ok=True)
    files = {"lastWeights": os.path.join(out_dir, "weights.json"), "selectedWeights": os.path.join(out_dir, "model.json"),
             "onnx": os.path.join(out_dir, "model.onnx"), "metrics": os.path.join(out_dir, "metrics.jsonl")}
    metrics_file = open(files["metrics"], "w", encoding="utf-8")

    stop = threading.Event()
    threading.Thread(target=watch_stdin, args=(stop,), daemon=True).start()
    rng = np.random.default_rng(seed)
    xt, yt = sets["train"]
    n = yt.size
    bs = int(cfg["batchSize"])
    shuffle = cfg.get("shuffle", True)
    orders = None
    if job["data"].get("order"):
        # the job's batch order (src/core/training/job.ts data.order): one permutation of the training split per epoch
        orders = read_i32(job["data"]["order"])
        if orders.size != int(cfg["epochs"]) * n:
            raise ValueError(f"{job['data']['order']} holds {orders.size} positions; {cfg['epochs']} epochs x {n} training epochs expected")
        orders = orders.reshape(int(cfg["epochs"]), n)
        for e, row in enumerate(orders):
            if not np.array_equal(np.sort(row), np.arange(n)):
                raise ValueError(f"{job['data']['order']}: epoch {e + 1} is not a permutation of 0..{n - 1}")
    best, best_state, finished = None, None, 0
    for epoch in range(1, int(cfg["epochs"]) + 1):
        if stop.is_set():
            break
        order = orders[epoch - 1] if orders is not None else rng.permutation(n) if shuffle else np.arange(n)
        model.train()
        t0 = time.perf_counter()
        loss_sum, probs, seen_labels, interrupted = 0.0, [], [], False
        for s in range(0, n, bs):
            if stop.is_set():
                interrupted = True
                break
            idx = order[s:s + bs]
            xb = torch.from_numpy(xt[idx]).to(device)
            yb = torch.from_numpy(yt[idx].astype(np.int64)).to(device)
            opt.zero_grad()
            logits = model(xb)
            loss = nn.functional.cross_entropy(logits, yb)
            loss.backward()
            opt.step()
            loss_sum += float(loss) * idx.size
            probs.append(torch.softmax(logits.detach(), 1).cpu().numpy())
            seen_labels.append(yt[idx])
        if interrupted:
            break
        seconds = time.perf_counter() - t0
        p, yl = np.concatenate(probs), np.concatenate(seen_labels)
        rec = {"epoch": epoch, "lr": opt.param_groups[0]["lr"], "seconds": seconds,
               "train": {"loss": loss_sum / n, "accuracy": float((p.argmax(1) == yl).mean()), "auc": roc_auc(p, yl, k)}}
        for split in ("val", "test"):
            if split in sets and sets[split][1].size:
                rec[split] = evaluate(model, sets[split][0], sets[split][1], device, k)
        finished = epoch
        if better(rule, rec, best):
            best = rec
            best_state = {kk: v.detach().clone() for kk, v in model.state_dict().items()}
        metrics_file.write(json.dumps(rec) + "\n")
        metrics_file.flush()
        emit({"type": "progress", "epochs": int(cfg["epochs"]), **rec})
    metrics_file.close()

    save_weights(model, job, files["lastWeights"][:-5], {"epoch": finished, "backend": "pytorch"}, norm)
    if best_state is not None:
        model.load_state_dict(best_state)
    # no epoch qualified (a selection rule on a split that does not exist): the last epoch, as the TypeScript trainer
    selected = best["epoch"] if best else finished
    save_weights(model, job, files["selectedWeights"][:-5], {"epoch": selected, "selection": rule, "backend": "pytorch"}, norm)
    model.eval().cpu()
    exported = WithInputNorm(model, norm).eval() if norm is not None else model
    dummy = torch.zeros(1, spec["nChannels"], spec["nTimes"])
    torch.onnx.export(exported, dummy, files["onnx"], opset_version=13, input_names=["x"], output_names=["logits"],
                      dynamic_axes={"x": {0: "batch"}, "logits": {0: "batch"}})
    emit({"type": "done", "epochs": finished, "stopped": stop.is_set(), "selection": rule, "selectedEpoch": selected,
          "seed": seed, "threads": threads, "files": files, "device": str(device)})


def main(argv):
    if len(argv) == 2 and argv[1] == "--probe":
        emit({"torch": torch.__version__, "cuda": bool(torch.cuda.is_available())})
        return 0
    if len(argv) != 2:
        emit({"type": "error", "code": "invalid_arguments", "message": "usage: xbrain_trainer.py JOB.json"})
        return 2
    try:
        train(argv[1])
    except Exception as exc:  # the launcher turns this into a failed run with the message
        emit({"type": "error", "code": "trainer_failed", "message": f"{type(exc).__name__}: {exc}"})
        import traceback
        traceback.print_exc(file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
