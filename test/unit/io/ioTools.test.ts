import { mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { readRecording } from '../../../src/core/io/read';
import { Study } from '../../../src/core/study/study';
import { ToolRegistry } from '../../../src/core/tools/registry';
import { repoRoot } from '../helpers/paths';
import { matV5Double } from './matFixture';
import { dataFile } from './truth';

let ws = '';
let study: Study;
const reg = new ToolRegistry();
const call = (name: string, args: Record<string, unknown>) => reg.invoke(name, args, { study, env: { workspace: ws, packageRoot: repoRoot, trusted: true } });

beforeEach(() => {
  ws = mkdtempSync(join(tmpdir(), 'xbrain-io-'));
  study = new Study();
});

/** BCI-style cue order of sample.gdf: the 769 (left) / 770 (right) cue that follows each 768 trial start. */
async function sampleGdfCueLabels(): Promise<number[]> {
  const rec = await readRecording(dataFile('sample.gdf'));
  const labels: number[] = [];
  rec.annotations.forEach((a, i) => {
    if (a.description !== '768') return;
    const cue = rec.annotations.slice(i + 1).find((b) => b.description === '769' || b.description === '770');
    labels.push(cue!.description === '769' ? 1 : 2);
  });
  return labels;
}

describe('load_data on real files through the Study', () => {
  it('loads two PhysioNet runs with subject/session from the names and events from the annotations', async () => {
    const r = await call('load_data', { paths: [dataFile('S001R04.edf'), dataFile('S001R08.edf')] });
    expect(r.type).toBe('data');
    expect(study.stage).toBe('data_loaded');
    const recs = study.state.recordings;
    expect(recs.map((x) => x.session)).toEqual(['04', '08']);
    expect(recs.every((x) => x.subject === '001' && x.channels.length === 64 && x.sfreq === 160)).toBe(true);
    expect(study.state.loadedEvents[0].eventId).toEqual({ T0: 1, T1: 2, T2: 3 });
    expect(r.content).toContain('T1=8');
    // loading the same file again is a no-op that says so
    const again = await call('load_data', { paths: [dataFile('S001R04.edf')] });
    expect(again.content).toContain('already loaded');
    expect(study.state.recordings.length).toBe(2);
  });

  it('expands folders one level and applies a subject pattern', async () => {
    symlinkSync(dataFile('S001R10.edf'), join(ws, 'p07-day1.edf'));
    symlinkSync(dataFile('S001R14.edf'), join(ws, 'p07-day2.edf'));
    writeFileSync(join(ws, 'notes.txt'), 'not EEG');
    const r = await call('load_data', { paths: ['.'], subject_pattern: 'p(?<subject>\\d+)-day(?<session>\\d)' });
    expect(r.type).toBe('data');
    expect(study.state.recordings.map((x) => [x.subject, x.session])).toEqual([
      ['07', '1'],
      ['07', '2'],
    ]);
  });

  it('refuses files whose channels or rates differ, naming them, and leaves the Study unchanged', async () => {
    const mixed = await call('load_data', { paths: [dataFile('S001R04.edf'), dataFile('test.edf')] });
    expect(mixed.type).toBe('error');
    expect(mixed.content).toContain('test.edf');
    expect(mixed.content).toContain('S001R04.edf');
    expect(study.stage).toBe('empty');
    await call('load_data', { paths: [dataFile('S001R04.edf')] });
    const rate = await call('load_data', { paths: [dataFile('sample.gdf')] });
    expect(rate.type).toBe('error');
    expect(rate.content).toMatch(/sample\.gdf has 256 Hz/);
    expect(study.state.recordings.length).toBe(1);
  });

  it('names an unreadable file and loads nothing of the batch', async () => {
    writeFileSync(join(ws, 'broken.edf'), Buffer.alloc(300, 0x41));
    const r = await call('load_data', { paths: [dataFile('S001R04.edf'), join(ws, 'broken.edf')] });
    expect(r.type).toBe('error');
    expect(r.content).toContain('broken.edf');
    expect(study.state.recordings.length).toBe(0);
  });

  it('list_files and get_dataset_info describe real recordings', async () => {
    symlinkSync(dataFile('S001R04.edf'), join(ws, 'S001R04.edf'));
    const ls = await call('list_files', { directory: '.', pattern: '*.edf' });
    expect(ls.content).toContain('S001R04.edf (2.5 MB)');
    await call('load_data', { paths: ['S001R04.edf'] });
    const info = await call('get_dataset_info', {});
    expect(info.content).toContain('S001R04.edf: 64 ch, 160 Hz, 125.0 s, subject 001, session 04; Events: 30 (Unique: 3)');
    for (const c of ['T0=15', 'T1=8', 'T2=7']) expect(info.content).toContain(c);
  });
});

describe('attach_labels through the Study', () => {
  it('.mat classlabel on the 768 trial starts of sample.gdf keeps the trigger timing', async () => {
    await call('load_data', { paths: [dataFile('sample.gdf')] });
    const before = study.state.recordings[0].events;
    const starts = Array.from(before.samples).filter((_, i) => before.codes[i] === before.eventId['768']);
    const labels = await sampleGdfCueLabels();
    writeFileSync(join(ws, 'classlabel.mat'), matV5Double('classlabel', labels.length, 1, labels));
    const r = await call('attach_labels', { mapping: { 'sample.gdf': 'classlabel.mat' }, event_filter: ['768'] });
    expect(r.type).toBe('data');
    const ev = study.state.recordings[0].events;
    expect(ev.source).toBe('labels');
    expect(Array.from(ev.samples)).toEqual(starts);
    expect(Array.from(ev.codes)).toEqual(labels);
    expect(ev.eventId).toEqual({ 1: 1, 2: 2 });
    expect(study.state.loadedEvents[0]).toBe(ev);
  });

  it('an MNE-style (n,3) events array in a .mat uses its last column', async () => {
    await call('load_data', { paths: [dataFile('sample.gdf')] });
    const labels = await sampleGdfCueLabels();
    const n = labels.length;
    writeFileSync(join(ws, 'ev.mat'), matV5Double('events', n, 3, [...labels.map((_, i) => i * 100), ...labels.map(() => 0), ...labels]));
    const r = await call('attach_labels', { mapping: { 'sample.gdf': join(ws, 'ev.mat') }, event_filter: ['768'] });
    expect(r.type).toBe('data');
    expect(Array.from(study.state.recordings[0].events.codes)).toEqual(labels);
  });

  it('a count mismatch names both counts and changes nothing; truncate=true uses the shorter', async () => {
    await call('load_data', { paths: [dataFile('S001R04.edf')] });
    const before = study.state.recordings[0];
    writeFileSync(join(ws, 'labels.txt'), '1 2 1 2 1\n2 1 2 1 2\n');
    const r = await call('attach_labels', { mapping: { 'S001R04.edf': 'labels.txt' }, event_filter: ['T1', 'T2'] });
    expect(r.type).toBe('error');
    expect(r.content).toContain('10 labels');
    expect(r.content).toContain('15 events');
    expect(study.state.recordings[0]).toBe(before);
    const t = await call('attach_labels', { mapping: { 'S001R04.edf': 'labels.txt' }, event_filter: ['T1', 'T2'], truncate: true });
    expect(t.type).toBe('data');
    const ev = study.state.recordings[0].events;
    expect(ev.samples.length).toBe(10);
    const cues = Array.from(before.events.samples).filter((_, i) => before.events.codes[i] !== 1);
    expect(Array.from(ev.samples)).toEqual(cues.slice(0, 10));
  });

  it('csv timestamp mode places text labels at the given onsets', async () => {
    await call('load_data', { paths: [dataFile('S001R04.edf')] });
    const rec = study.state.recordings[0];
    const cues = rec.annotations.filter((a) => a.description !== 'T0');
    const csv = ['onset,duration,trial_type', ...cues.map((a) => `${a.onset},${a.duration},${a.description === 'T1' ? 'left fist' : 'right fist'}`)].join('\n');
    writeFileSync(join(ws, 'events.csv'), csv);
    const r = await call('attach_labels', { mapping: { S001R04: 'events.csv' } });
    expect(r.type).toBe('data');
    const ev = study.state.recordings[0].events;
    expect(ev.eventId).toEqual({ 'left fist': 1, 'right fist': 2 });
    expect(Array.from(ev.samples)).toEqual(cues.map((a) => Math.round(a.onset * 160)));
    expect(Array.from(ev.codes)).toEqual(cues.map((a) => (a.description === 'T1' ? 1 : 2)));
  });

  it('tsv sequence mode picks the one event id with as many events as labels', async () => {
    await call('load_data', { paths: [dataFile('S001R04.edf')] });
    writeFileSync(join(ws, 'rest.tsv'), ['label', ...Array.from({ length: 15 }, () => 'rest')].join('\n'));
    const r = await call('attach_labels', { mapping: { 'S001R04.edf': 'rest.tsv' } });
    expect(r.type).toBe('data');
    const ev = study.state.recordings[0].events;
    expect(ev.samples.length).toBe(15);
    expect(ev.samples[0]).toBe(0);
    expect(ev.eventId).toEqual({ rest: 1 });
  });

  it('is all-or-nothing over the mapping and names bad inputs', async () => {
    await call('load_data', { paths: [dataFile('S001R04.edf'), dataFile('S001R08.edf')] });
    const before = study.state;
    writeFileSync(join(ws, 'ok.txt'), Array.from({ length: 15 }, (_, i) => (i % 2) + 1).join(' '));
    writeFileSync(join(ws, 'bad.txt'), '1 2 x 4');
    const r = await call('attach_labels', { mapping: { 'S001R04.edf': 'ok.txt', 'S001R08.edf': 'bad.txt' }, event_filter: ['T1', 'T2'] });
    expect(r.type).toBe('error');
    expect(r.content).toContain('bad.txt');
    expect(r.content).toContain('"x"');
    expect(study.state).toBe(before);
    const unknown = await call('attach_labels', { mapping: { 'nope.edf': 'ok.txt' } });
    expect(unknown.content).toContain('nope.edf');
    const filt = await call('attach_labels', { mapping: { 'S001R04.edf': 'ok.txt' }, event_filter: ['T9'] });
    expect(filt.content).toContain('T9');
    writeFileSync(join(ws, 'latin.txt'), Buffer.from([0x31, 0x20, 0xe9]));
    const enc = await call('attach_labels', { mapping: { 'S001R04.edf': 'latin.txt' } });
    expect(enc.content).toMatch(/latin\.txt.*UTF-8/);
    expect(study.state).toBe(before);
  });
});
