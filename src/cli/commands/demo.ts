import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import type { CliCommand } from '../command';
import { parseFlags } from '../command';
import { packageRoot } from '../env';
import { XBrainSession } from '../../core/session';
import { simulateFiles } from '../../core/io/simulateFiles';
import { AgentController } from '../../core/agent/controller';
import { OfflinePlanner } from '../../core/agent/offlinePlanner';
import { renderEvent } from '../../core/agent/render';

/** The requests the demo types, in order: the whole pipeline from raw files to metrics. */
export const DEMO_REQUESTS = [
  'load the recordings in folder data',
  'band-pass 8 to 30 Hz',
  'epoch 0 to 4 s around T1 and T2',
  'normalize with z-score',
  'split by trial with 20% test and 20% validation',
  'train EEGNet for 30 epochs with batch 8',
  'evaluate the model on the test set',
];

export const demoCommand: CliCommand = {
  name: 'demo',
  usage: 'demo [--keep] [--workspace DIR]',
  summary:
    'Offline agent demo: simulate EEG, load, preprocess, epoch, split, train EEGNet (30 epochs) and report metrics against chance and a CSP+LDA baseline (no network, no key)',
  run: async (argv) => {
    const { flags } = parseFlags(argv, ['keep']);
    const ws = typeof flags.workspace === 'string' ? flags.workspace : mkdtempSync(join(tmpdir(), 'xbrain-demo-'));
    const out = (s: string) => process.stdout.write(s + '\n');
    out(`XBrain demo — offline planner, workspace ${ws}`);
    const files = simulateFiles({ out: join(ws, 'data'), subjects: 1, runs: 6, seed: 1 });
    out(`Simulated ${files.length} motor-imagery runs (64 channels, 160 Hz, T0/T1/T2): ${files.map((f) => f.split(/[\\/]/).pop()).join(', ')}`);
    const session = await XBrainSession.open({ workspace: ws, packageRoot: packageRoot(), trusted: true }, { fresh: true });
    const agent = new AgentController({
      llm: new OfflinePlanner(),
      session,
      confirm: async () => true,
      awaitLongJobs: true,
      onEvent: (e) => {
        const line = renderEvent(e);
        if (line) out(line);
      },
      progress: (m) => out(`    … ${m}`),
    });
    let code = 0;
    for (const [i, request] of DEMO_REQUESTS.entries()) {
      out(`\n[${i + 1}/${DEMO_REQUESTS.length}] > ${request}`);
      const r = await agent.run(request);
      const failed = r.calls.find((c) => c.result.type === 'error');
      if (failed || r.calls.length === 0) {
        const why = failed ? `${failed.tool}: ${failed.result.content}` : r.answer;
        process.stderr.write(`xbrain demo: stopped at step ${i + 1} (${request}) — ${why.split('\n')[0]}\n`);
        code = 1;
        break;
      }
    }
    const evaluation = session.study.state.evaluations.at(-1);
    if (code === 0 && evaluation) {
      const m = evaluation.metrics;
      const num = (v: number): string => v.toFixed(3);
      const chance = m.chance;
      const base = m.baseline;
      out(
        `\nEEGNet on the ${evaluation.split} set: accuracy ${num(m.accuracy)}, balanced accuracy ${num(m.balancedAccuracy)}, kappa ${num(m.kappa)}, macro-F1 ${num(m.macroF1)}, AUC ${num(m.auc)}`,
      );
      if (chance)
        out(
          `Chance: ${num(chance.uniform)} (${typeof chance.significant === 'number' ? `above ${num(chance.significant)} is better than chance at p < 0.05 for this test set` : 'the test set is too small for any accuracy to be significant at p < 0.05'})`,
        );
      if (base) out(`CSP+LDA baseline on the same split: accuracy ${num(base.accuracy)}, kappa ${num(base.kappa)}`);
    }
    if (code === 0)
      out(`\nDone. Stage: ${session.study.stage}. ${session.study.state.runs.length} run(s), ${session.study.state.evaluations.length} evaluation(s).`);
    if (!flags.keep && typeof flags.workspace !== 'string') rmSync(ws, { recursive: true, force: true });
    return code;
  },
};
