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
  'train EEGNet for 5 epochs with batch 16',
  'evaluate the model on the test set',
];

export const demoCommand: CliCommand = {
  name: 'demo',
  usage: 'demo [--keep] [--workspace DIR]',
  summary: 'Offline agent demo: simulate EEG, load, preprocess, epoch, split, train a small EEGNet and report metrics (no network, no key)',
  run: async (argv) => {
    const { flags } = parseFlags(argv, ['keep']);
    const ws = typeof flags.workspace === 'string' ? flags.workspace : mkdtempSync(join(tmpdir(), 'xbrain-demo-'));
    const out = (s: string) => process.stdout.write(s + '\n');
    out(`XBrain demo — offline planner, workspace ${ws}`);
    const files = simulateFiles({ out: join(ws, 'data'), subjects: 1, runs: 3, seed: 1 });
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
    if (code === 0 && evaluation) out(`Metrics (${evaluation.split}): ${keyNumbers(evaluation.metrics)}`);
    if (code === 0) out(`\nDone. Stage: ${session.study.stage}. ${session.study.state.runs.length} run(s), ${session.study.state.evaluations.length} evaluation(s).`);
    if (!flags.keep && typeof flags.workspace !== 'string') rmSync(ws, { recursive: true, force: true });
    return code;
  },
};

/** The headline numbers of an evaluation (numbers at the top level or one level down), e.g. accuracy, kappa. */
function keyNumbers(m: Record<string, unknown>): string {
  const parts: string[] = [];
  const visit = (o: Record<string, unknown>, prefix: string, depth: number) => {
    for (const [k, v] of Object.entries(o)) {
      if (typeof v === 'number' && /acc|kappa|f1|auc|chance/i.test(k)) parts.push(`${prefix}${k} ${v.toFixed(3)}`);
      else if (v && typeof v === 'object' && !Array.isArray(v) && depth < 1) visit(v as Record<string, unknown>, `${k}.`, depth + 1);
    }
  };
  visit(m, '', 0);
  return parts.slice(0, 8).join(', ') || 'see get_study_state';
}
