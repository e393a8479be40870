import { diskRowsInfo, spillDir, spillRows } from '../../signal/spill';
import { readdir, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { Dirent } from 'node:fs';
import { entryInside, insideWorkspace } from '../boundary';
import { XBrainError } from '../../errors';
import { data, text } from '../result';
import { summarizeStudy } from '../../study/summary';
import { emptyState } from '../../study/study';
import { readRecording } from '../../io/read';
import { readSourceBacked } from '../../signal/sourceRecording';
import type { Recording } from '../../io/types';
import { epochsFromFiles, isEpochedRecording } from '../../signal/epochedFiles';
import type { TypedImplementations } from '../args';

/**
 * Glob on file names: `*` (any run) and `?` (one character), anchored, case-insensitive. Matched by the two-pointer
 * method (remember the last `*`, retry one character further): at most name × pattern steps, never the exponential
 * backtracking a regular expression built from many `*` falls into.
 */
export function globMatch(pattern: string, name: string): boolean {
  const p = pattern.toLowerCase();
  const n = name.toLowerCase();
  let i = 0;
  let j = 0;
  let star = -1;
  let mark = 0;
  while (i < n.length) {
    if (j < p.length && (p[j] === '?' || p[j] === n[i])) {
      i++;
      j++;
    } else if (j < p.length && p[j] === '*') {
      star = j++;
      mark = i;
    } else if (star >= 0) {
      j = star + 1;
      i = ++mark;
    } else return false;
  }
  while (j < p.length && p[j] === '*') j++;
  return j === p.length;
}

export const stateTools = {
  get_study_state: {
    run: (_a, ctx) => {
      const s = summarizeStudy(ctx.study.state);
      const lines = [
        `Stage: ${s.stage}`,
        `Recordings: ${s.recordings.length}${s.recordings.length ? ` (${s.recordings[0].channels} channels @ ${s.recordings[0].sfreq} Hz)` : ''}`,
        `Preprocessing: ${s.history.length ? s.history.join(' → ') : 'none'}`,
        `Epochs: ${
          s.epochs
            ? `${s.epochs.count} × ${s.epochs.channels} ch × ${s.epochs.times} samples (${Object.entries(s.epochs.perClass)
                .map(([k, v]) => `${k}: ${v}`)
                .join(', ')})`
            : 'none'
        }`,
        `Dataset: ${s.dataset ? `${s.dataset.splits.length} split(s)` : 'none'}`,
        `Model: ${s.model?.name ?? 'none'}; runs: ${s.runs.length}`,
        // the training configuration in force ("which batch size did my run use?" is answered from it)
        ...(s.training
          ? [
              `Training: ${s.training.epoch} epochs, batch size ${s.training.batch_size}, learning rate ${s.training.learning_rate}, optimizer ${s.training.optimizer}, selection ${s.training.selection}, repeat ${s.training.repeat}, seed ${s.training.seed}`,
            ]
          : []),
        `Available tools: ${s.availableTools.join(', ')}`,
      ];
      return data('get_study_state', lines.join('\n'), s);
    },
  },

  get_dataset_info: {
    run: (_a, ctx) => {
      const s = summarizeStudy(ctx.study.state);
      if (s.recordings.length === 0) return text('get_dataset_info', 'No recordings are loaded. Use load_data first.', { recordings: [] });
      const lines = s.recordings.map((r) => {
        const ev = Object.entries(r.events);
        const total = ev.reduce((a, [, n]) => a + n, 0);
        const size = r.epochs !== undefined ? `${r.epochs} epochs` : `${r.seconds.toFixed(1)} s`;
        return `${r.file}: ${r.channels} ch, ${r.sfreq} Hz, ${size}, subject ${r.subject}, session ${r.session}; Events: ${total} (Unique: ${ev.length}) ${ev.map(([k, n]) => `${k}=${n}`).join(' ')}`;
      });
      if (s.epochs)
        lines.push(
          `Epochs: ${s.epochs.count} (${Object.entries(s.epochs.perClass)
            .map(([k, v]) => `${k}: ${v}`)
            .join(', ')}), ${s.epochs.tmin}..${s.epochs.tmax.toFixed(3)} s`,
        );
      if (s.dataset) {
        for (const sp of s.dataset.splits) lines.push(`${sp.name}: train ${sp.train}, val ${sp.val}, test ${sp.test}`);
        for (const w of s.dataset.audit.warnings) lines.push(`Warning: ${w}`);
      }
      return data('get_dataset_info', lines.join('\n'), { recordings: s.recordings, epochs: s.epochs, dataset: s.dataset });
    },
  },

  list_files: {
    run: async (args, ctx) => {
      const dir = insideWorkspace(ctx.env, String(args.directory), 'list', 'directory');
      let entries: Dirent[];
      try {
        entries = await readdir(dir, { withFileTypes: true });
      } catch {
        throw new XBrainError('not_found', `directory '${args.directory}' does not exist or cannot be read`, { parameter: 'directory' });
      }
      const pattern = args.pattern ? String(args.pattern) : null;
      const files: { name: string; path: string; bytes: number; dir: boolean }[] = [];
      for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
        const name = entry.name;
        if (name.startsWith('.')) continue;
        if (pattern !== null && !globMatch(pattern, name)) continue;
        // a link in the folder that leads outside is not listed (its size and kind would leak what lies there)
        if (entry.isSymbolicLink() && !entryInside(ctx.env, join(dir, name), 'list')) continue;
        const st = await stat(join(dir, name)).catch(() => null);
        if (!st) continue;
        files.push({ name, path: join(dir, name), bytes: st.size, dir: st.isDirectory() });
      }
      const shown = relative(ctx.env.workspace, dir) || '.';
      const body = files.length ? files.map((f) => (f.dir ? `${f.name}/` : `${f.name} (${formatBytes(f.bytes)})`)).join('\n') : 'no matching files';
      return data('list_files', `${shown}:\n${body}`, { directory: dir, files });
    },
  },

  clear_dataset: {
    confirmation: (_a, ctx) => {
      const s = ctx.study.state;
      if (s.recordings.length === 0) return null;
      const lost = [
        `${s.recordings.length} loaded file(s)`,
        s.history.length ? `${s.history.length} preprocessing step(s)` : '',
        s.epochs ? `${s.epochs.nEpochs} epochs` : '',
        s.dataset ? `the dataset (${s.dataset.splits.length} split(s))` : '',
        s.runs.length ? `${s.runs.length} training run(s)${s.runs.some((r) => r.status === 'running') ? ' (the running one is stopped)' : ''}` : '',
        s.evaluations.length ? `${s.evaluations.length} evaluation(s)` : '',
      ].filter(Boolean);
      return `Clear the study? This removes ${lost.join(', ')}. Files on disk are not touched.`;
    },
    run: (_a, ctx) => {
      const lost = ctx.study.state.recordings.length;
      ctx.study.replace(emptyState());
      return text('clear_dataset', lost ? `Cleared the study (${lost} recording(s) removed). Stage: empty.` : 'The study was already empty.');
    },
  },

  reset_preprocessing: {
    confirmation: (_a, ctx) => {
      const s = ctx.study.state;
      if (s.recordings.some(isEpochedRecording)) {
        const lostE = [
          s.epochHistory.length ? `${s.epochHistory.length} step(s) on the epochs (${s.epochHistory.map((h) => h.op).join(', ')})` : '',
          s.dataset ? 'the dataset' : '',
          s.runs.length ? `${s.runs.length} training run(s)` : '',
        ].filter(Boolean);
        return lostE.length ? `Reset preprocessing? This undoes ${lostE.join(', ')} and re-reads the epoched file(s) as loaded.` : null;
      }
      const lost = [
        s.history.length ? `${s.history.length} preprocessing step(s) (${s.history.map((h) => h.op).join(', ')})` : '',
        s.epochs ? `${s.epochs.nEpochs} epochs` : '',
        s.dataset ? 'the dataset' : '',
        s.runs.length ? `${s.runs.length} training run(s)` : '',
      ].filter(Boolean);
      return lost.length ? `Reset preprocessing? This undoes ${lost.join(', ')} and re-reads the recordings as loaded.` : null;
    },
    run: async (_a, ctx) => {
      const s = ctx.study.state;
      if (s.recordings.some(isEpochedRecording)) {
        // epoched files: back to the epochs as loaded (re-read, events as loaded, subject/session kept)
        const files: Recording[] = [];
        for (let i = 0; i < s.recordings.length; i++) {
          const r = s.recordings[i];
          const again = await readRecording(r.path);
          files.push({
            ...again,
            events: s.loadedEvents[i],
            subject: r.subject,
            session: r.session,
            channels: again.channels.map((c, k) => (r.channels[k]?.name === c.name && r.channels[k].loc ? { ...c, loc: r.channels[k].loc } : c)),
          });
        }
        const { epochs, entries } = epochsFromFiles(files);
        ctx.study.commit({ recordings: entries, history: [], epochs, epochHistory: [], dataset: null, runs: [], evaluations: [] }, [
          'recordings',
          'preprocessing',
          'epochs',
          'datasets',
          'runs',
        ]);
        return text(
          'reset_preprocessing',
          `Preprocessing reset: ${epochs.nEpochs} epochs from ${entries.length} epoched file(s) restored as loaded. Stage: ${ctx.study.stage}.`,
        );
      }
      // Re-read from disk instead of keeping a second copy of every recording in memory.
      const fresh: Recording[] = [];
      // recordings kept on disk go back to disk one at a time (signal/spill.ts)
      const spill = s.recordings.some((r) => diskRowsInfo(r.data));
      for (let i = 0; i < s.recordings.length; i++) {
        const r = s.recordings[i];
        const backed = spill ? await readSourceBacked(r.path) : null;
        const again = backed ?? (await readRecording(r.path));
        const data = backed ? backed.data : spill ? spillRows(spillDir(ctx.env.workspace), again.data, again.nTimes) : again.data;
        fresh.push({ ...again, data, events: s.loadedEvents[i], subject: r.subject, session: r.session });
      }
      ctx.study.commit({ recordings: fresh, history: [], epochs: null, epochHistory: [], dataset: null, runs: [], evaluations: [] }, [
        'recordings',
        'preprocessing',
        'epochs',
        'datasets',
        'runs',
      ]);
      return text('reset_preprocessing', `Preprocessing reset: ${fresh.length} recording(s) restored as loaded. Stage: ${ctx.study.stage}.`);
    },
  },

  switch_panel: {
    run: (args, ctx) => {
      const panel = String(args.panel_name);
      const viewMode = args.view_mode === undefined ? undefined : String(args.view_mode);
      ctx.study.requestUi({ kind: 'switch_panel', panel, viewMode });
      return text('switch_panel', `Showing the ${panel} panel${viewMode ? ` (${viewMode})` : ''}.`, { panel, viewMode });
    },
  },
} satisfies TypedImplementations;

function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}
