import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { countEvents, eventsFromAnnotations, findEvents } from '../../../src/core/io/events';
import { parseTals, finishAnnotations } from '../../../src/core/io/formats/tal';
import { readHeader, readRecording, readWindow } from '../../../src/core/io/read';
import { subjectSessionFromPath } from '../../../src/core/io/naming';
import { testDataDir } from '../helpers/paths';
import { dataFile } from './truth';

const enc = new TextEncoder();

describe('events like MNE', () => {
  it('matches events_from_annotations on S001R04 (pipeline truth: T0=1, T1=2, T2=3, sample = round(onset·160))', async () => {
    const rec = await readRecording(dataFile('S001R04.edf'));
    const pipeline = JSON.parse(readFileSync(join(testDataDir, 'truth', 'S001R04.edf.pipeline.json'), 'utf8')) as {
      events: { event_id: Record<string, number>; samples: number[]; ids: number[] };
    };
    expect(rec.events.source).toBe('annotations');
    expect(rec.events.eventId).toEqual(pipeline.events.event_id);
    expect(Array.from(rec.events.samples)).toEqual(pipeline.events.samples);
    expect(Array.from(rec.events.codes)).toEqual(pipeline.events.ids);
    expect(rec.subject).toBe('001');
    expect(rec.session).toBe('04');
  });

  it('prefers the Status channel over annotations (test.edf has both)', async () => {
    const rec = await readRecording(dataFile('test.edf'));
    expect(rec.annotations.length).toBe(5);
    if (rec.events.source === 'stim') {
      expect(Object.keys(rec.events.eventId).every((k) => String(Number(k)) === k)).toBe(true);
    } else {
      // a Status channel without steps falls through to the annotations, like XBrainLab's try/except
      expect(rec.events.source).toBe('annotations');
      expect(rec.events.eventId).toEqual({ start: 1, 'type A': 2, 'type B': 3 });
    }
  });

  it('finds BDF trigger onsets with find_events defaults', async () => {
    const rec = await readRecording(dataFile('test_bdf_stim_channel.bdf'));
    expect(rec.events.source).toBe('stim');
    const status = rec.data[rec.channels.findIndex((c) => c.type === 'stim')];
    for (let k = 0; k < rec.events.samples.length; k++) {
      const s = rec.events.samples[k];
      expect(status[s]).toBe(rec.events.codes[k]);
      expect(status[s - 1]).toBeLessThan(status[s]);
    }
  });

  it('find_events: increasing steps are onsets, an event still on at the end is dropped, offsets at the start are orphans', () => {
    const x = Float32Array.from([5, 5, 0, 0, 3, 3, 0, 2, 4, 4, 0, 0, 7, 7]);
    const { samples, codes } = findEvents([x]);
    expect(Array.from(samples)).toEqual([4, 7, 8]);
    expect(Array.from(codes)).toEqual([3, 2, 4]);
  });

  it('skips BAD/EDGE annotations and numbers sorted unique descriptions', () => {
    const ev = eventsFromAnnotations(
      [
        { onset: 1, duration: 0, description: 'b' },
        { onset: 2, duration: 0, description: 'BAD_x' },
        { onset: 0.5031, duration: 0, description: 'a' },
        { onset: 3, duration: 0, description: 'edge' },
      ],
      1000,
    );
    expect(ev.eventId).toEqual({ a: 1, b: 2 });
    expect(Array.from(ev.samples)).toEqual([1000, 503]);
  });
});

describe('EDF+ TALs', () => {
  it('parses UTF-8 text, durations, several annotations per TAL and the time-keeping offset, across signals', () => {
    const rec1 = enc.encode('+0.5\x14\x14\x00+1.5\x150.25\x14Ruhe\x14Schlaf ü\x14\x00\x00\x00');
    const rec2 = enc.encode('+2.5\x14\x14\x00+3\x14顔\x14\x00');
    const sig2 = enc.encode('+0.75\x151\x14other channel\x14\x00');
    const raw = parseTals([new Uint8Array([...rec1, ...rec2]), sig2]);
    expect(raw).toEqual([
      { onset: 1, duration: 0.25, description: 'Ruhe' },
      { onset: 1, duration: 0.25, description: 'Schlaf ü' },
      { onset: 2.5, duration: 0, description: '顔' },
      { onset: 0.25, duration: 1, description: 'other channel' },
    ]);
    const fin = finishAnnotations(raw, 2.6);
    expect(fin.map((a) => a.description)).toEqual(['other channel', 'Ruhe', 'Schlaf ü', '顔']);
    expect(fin[3].duration).toBe(0);
  });

  it('falls back to latin-1 for bytes that are not UTF-8', () => {
    const bytes = new Uint8Array([...enc.encode('+0\x14\x14\x00+1\x14'), 0xb5, 0x56, ...enc.encode('\x14\x00')]);
    expect(parseTals([bytes])[0].description).toBe('µV');
  });
});

describe('dispatcher', () => {
  it('reads headers, windows and refuses unknown extensions with a typed error', async () => {
    const h = await readHeader(dataFile('test.bdf'));
    expect(h.format).toBe('BDF');
    const w = await readWindow(dataFile('test.bdf'), 100, 300);
    expect(w.data[0].length).toBe(200);
    await expect(readRecording('/tmp/nothing.xyz')).rejects.toMatchObject({ code: 'bad_file' });
    await expect(readRecording('/tmp/does-not-exist.edf')).rejects.toMatchObject({ code: 'not_found' });
  });

  it('takes subject/session from file names', () => {
    expect(subjectSessionFromPath('/d/S012R07.edf')).toEqual({ subject: '012', session: '07' });
    expect(subjectSessionFromPath('/d/A03T.gdf')).toEqual({ subject: '03', session: 'T' });
    expect(subjectSessionFromPath('/d/sub-07_ses-2_task-mi_eeg.edf')).toEqual({ subject: '07', session: '2' });
    expect(subjectSessionFromPath('/d/x.edf')).toEqual({ subject: '0', session: '0' });
    expect(subjectSessionFromPath('/d/p5_day2_run1.edf', { mode: 'separator', separator: '_', subjectIndex: 1, sessionIndex: 2 })).toEqual({
      subject: 'p5',
      session: 'day2',
    });
    expect(subjectSessionFromPath('/d/subj9-s3.edf', { mode: 'regex', pattern: 'subj(?P<subject>\\d+)-s(?P<session>\\d+)' })).toEqual({
      subject: '9',
      session: '3',
    });
    expect(subjectSessionFromPath('/data/alice/run1.edf', { mode: 'folder' })).toEqual({ subject: 'alice', session: '0' });
    expect(() => subjectSessionFromPath('/d/a_b.edf', { mode: 'separator', separator: '_', subjectIndex: 5 })).toThrow(/subject index 5/);
  });
});

describe('countEvents', () => {
  it('counts every description, including ones that are Object.prototype names', () => {
    const eventId = Object.fromEntries([
      ['constructor', 1],
      ['toString', 3],
      ['__proto__', 4],
    ]) as Record<string, number>;
    const counts = countEvents(Int32Array.from([1, 1, 3, 4, 4, 4, 9]), eventId);
    expect(Object.entries(counts).sort()).toEqual([
      ['9', 1],
      ['__proto__', 3],
      ['constructor', 2],
      ['toString', 1],
    ]);
  });
});
