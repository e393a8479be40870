// runProtocol with a batch trainer (what the Slurm backend gives it): every unfinished model run is handed over at
// once, runs finishing in any order are reported and stored as they finish, and the table keeps fold × pipeline order.
import { describe, expect, it } from 'vitest';
import { runProtocol, type ModelRunRequest } from '../../../src/core/evaluation/protocolRun';
import type { ProtocolRow } from '../../../src/core/evaluation/protocolResult';
import type { Epochs } from '../../../src/core/signal/types';
import { toyData } from '../training/toyData';

function epochs(): Epochs {
  const n = 36;
  const { x, labels } = toyData(n, 4, 64, 64, 7);
  return {
    data: x,
    nEpochs: n,
    nChannels: 4,
    nTimes: 64,
    channels: ['C3', 'Cz', 'C4', 'Pz'],
    sfreq: 64,
    tmin: 0,
    eventId: { T1: 0, T2: 1 },
    labels,
    subject: Array.from({ length: n }, (_, i) => ['001', '002', '003'][Math.floor(i / 12)]),
    session: Array(n).fill('04'),
    recording: new Int32Array(n),
    eventSample: Int32Array.from({ length: n }, (_, i) => i),
    baseline: null,
  };
}

/** Logits that put every test epoch in its true class (so accuracy 1). */
const perfect = (e: Epochs, req: ModelRunRequest): Float32Array => {
  const out = new Float32Array(req.fold.test.length * 2);
  req.fold.test.forEach((i, j) => (out[j * 2 + e.labels[i]] = 1));
  return out;
};

describe('runProtocol with a batch trainer', () => {
  it('gets all model runs at once, reports them as they finish, keeps fold × pipeline order', async () => {
    const e = epochs();
    const progress: string[] = [];
    const stored: string[] = [];
    let batches = 0;
    const res = await runProtocol(e, {
      protocol: 'cross_subject',
      pipelines: ['CSP+LDA', 'EEGNet'],
      dataset: 'toy',
      progress: (m) => progress.push(m),
      store: { get: () => undefined, put: (r) => void stored.push(`${r.pipeline} ${r.foldIndex}`) },
      trainModels: (reqs) => {
        batches++;
        expect(reqs.map((r) => r.foldIndex)).toEqual([0, 1, 2]);
        // the last fold finishes first
        return reqs.map(
          (r) => new Promise((resolve) => setTimeout(() => resolve({ logits: perfect(e, r), seconds: 1 }), 10 + 20 * (reqs.length - r.foldIndex))),
        );
      },
    });
    expect(batches).toBe(1);
    const modelLines = progress.filter((m) => m.startsWith('EEGNet'));
    expect(modelLines.map((m) => /test (\d+)/.exec(m)![1])).toEqual(
      res.rows
        .filter((r) => r.pipeline === 'EEGNet')
        .map((r) => r.subject)
        .reverse(),
    );
    expect(stored.filter((s) => s.startsWith('EEGNet'))).toEqual(['EEGNet 2', 'EEGNet 1', 'EEGNet 0']);
    expect(res.rows.map((r: ProtocolRow) => r.pipeline)).toEqual(['CSP+LDA', 'EEGNet', 'CSP+LDA', 'EEGNet', 'CSP+LDA', 'EEGNet']);
    expect(res.summary.EEGNet.accuracy.mean).toBe(1);
  });

  it('a failed run fails the protocol after the others have settled and been stored', async () => {
    const e = epochs();
    const stored: string[] = [];
    await expect(
      runProtocol(e, {
        protocol: 'cross_subject',
        pipelines: ['EEGNet'],
        dataset: 'toy',
        store: { get: () => undefined, put: (r) => void stored.push(`${r.pipeline} ${r.foldIndex}`) },
        trainModels: (reqs) =>
          reqs.map((r) =>
            r.foldIndex === 0
              ? Promise.reject(new Error('task 0 failed'))
              : new Promise((resolve) => setTimeout(() => resolve({ logits: perfect(e, r), seconds: 1 }), 20)),
          ),
      }),
    ).rejects.toThrow('task 0 failed');
    expect(stored.sort()).toEqual(['EEGNet 1', 'EEGNet 2']);
  });
});
