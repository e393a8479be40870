/**
 * Optimisers with torch.optim semantics (defaults included): Adam (L2 weight decay added to the gradient),
 * AdamW (decoupled decay, default 0.01) and SGD (momentum, dampening, Nesterov, weight decay).
 */
import type { FloatArray } from './floatArray';

export type OptimizerName = 'adam' | 'adamw' | 'sgd';

export interface OptimizerOptions {
  lr: number;
  betas?: [number, number];
  eps?: number;
  weightDecay?: number;
  momentum?: number;
  dampening?: number;
  nesterov?: boolean;
}

export interface ParamRef {
  data: FloatArray;
  grad: FloatArray;
}

export interface Optimizer {
  readonly name: OptimizerName;
  lr: number;
  step(): void;
  /** moment buffers, for checkpoints */
  state(): { step: number; buffers: Float32Array[] };
  loadState(s: { step: number; buffers: ArrayLike<number>[] }): void;
}

class Adam implements Optimizer {
  lr: number;
  private t = 0;
  private readonly m: Float32Array[];
  private readonly v: Float32Array[];
  private readonly b1: number;
  private readonly b2: number;
  private readonly eps: number;
  private readonly wd: number;
  constructor(
    readonly name: 'adam' | 'adamw',
    private readonly params: ParamRef[],
    o: OptimizerOptions,
  ) {
    this.lr = o.lr;
    [this.b1, this.b2] = o.betas ?? [0.9, 0.999];
    this.eps = o.eps ?? 1e-8;
    this.wd = o.weightDecay ?? (name === 'adamw' ? 0.01 : 0);
    this.m = params.map((p) => new Float32Array(p.data.length));
    this.v = params.map((p) => new Float32Array(p.data.length));
  }
  step(): void {
    this.t++;
    const { b1, b2, eps, wd, lr } = this;
    const bc1 = 1 - b1 ** this.t;
    const bc2 = 1 - b2 ** this.t;
    const stepSize = lr / bc1;
    const sqrtBc2 = Math.sqrt(bc2);
    const decoupled = this.name === 'adamw';
    for (let k = 0; k < this.params.length; k++) {
      const { data, grad } = this.params[k];
      const m = this.m[k];
      const v = this.v[k];
      for (let i = 0; i < data.length; i++) {
        let g = grad[i];
        if (wd !== 0) {
          if (decoupled) data[i] *= 1 - lr * wd;
          else g += wd * data[i];
        }
        m[i] = b1 * m[i] + (1 - b1) * g;
        v[i] = b2 * v[i] + (1 - b2) * g * g;
        data[i] -= (stepSize * m[i]) / (Math.sqrt(v[i]) / sqrtBc2 + eps);
      }
    }
  }
  state(): { step: number; buffers: Float32Array[] } {
    return { step: this.t, buffers: [...this.m, ...this.v] };
  }
  loadState(s: { step: number; buffers: ArrayLike<number>[] }): void {
    this.t = s.step;
    const k = this.params.length;
    for (let i = 0; i < k; i++) {
      this.m[i].set(s.buffers[i]);
      this.v[i].set(s.buffers[k + i]);
    }
  }
}

class Sgd implements Optimizer {
  readonly name = 'sgd';
  lr: number;
  private t = 0;
  private readonly buf: Float32Array[];
  private readonly momentum: number;
  private readonly dampening: number;
  private readonly nesterov: boolean;
  private readonly wd: number;
  constructor(
    private readonly params: ParamRef[],
    o: OptimizerOptions,
  ) {
    this.lr = o.lr;
    this.momentum = o.momentum ?? 0;
    this.dampening = o.dampening ?? 0;
    this.nesterov = o.nesterov ?? false;
    this.wd = o.weightDecay ?? 0;
    this.buf = params.map((p) => new Float32Array(p.data.length));
  }
  step(): void {
    const { momentum: mu, dampening, wd, lr, nesterov } = this;
    const first = this.t === 0;
    this.t++;
    for (let k = 0; k < this.params.length; k++) {
      const { data, grad } = this.params[k];
      const b = this.buf[k];
      for (let i = 0; i < data.length; i++) {
        let g = grad[i] + wd * data[i];
        if (mu !== 0) {
          b[i] = first ? g : mu * b[i] + (1 - dampening) * g;
          g = nesterov ? g + mu * b[i] : b[i];
        }
        data[i] -= lr * g;
      }
    }
  }
  state(): { step: number; buffers: Float32Array[] } {
    return { step: this.t, buffers: this.buf };
  }
  loadState(s: { step: number; buffers: ArrayLike<number>[] }): void {
    this.t = s.step;
    this.buf.forEach((b, i) => b.set(s.buffers[i]));
  }
}

export function createOptimizer(name: OptimizerName, params: ParamRef[], options: OptimizerOptions): Optimizer {
  switch (name) {
    case 'adam':
    case 'adamw':
      return new Adam(name, params, options);
    case 'sgd':
      return new Sgd(params, options);
  }
}
