/**
 * Other toolboxes' call syntax typed as the request (issue 14, session h15-vocab): MNE-Python (`raw.filter(1., 40.)`,
 * `raw.set_eeg_reference('average')`, `mne.Epochs(raw, events, tmin=-0.2, tmax=0.8, baseline=(None, 0))`,
 * `raw.pick(['C3','Cz','C4'])`), EEGLAB/MATLAB (`EEG = pop_eegfiltnew(EEG, 1, 40);`, `pop_reref(EEG, [])`,
 * `pop_epoch(EEG, {'T1' 'T2'}, [0 4])`, `pop_rmbase(EEG, [-200 0])`), scikit-learn splits (`KFold(n_splits=5)`,
 * `train_test_split(test_size=0.2, random_state=42)`) and keyword arguments written on their own (`baseline=(None, 0)`,
 * `test_size=0.25`). A small parser reads the call (positional and keyword arguments, MATLAB 'key', value pairs, Python
 * and MATLAB lists, cells and tuples, None / [] as "not given"); the function's name gives the step, each argument's
 * name reaches one meaning through the KEYS table (stated once), and the call is written back as the plain words the
 * planner already reads ("bandpass 1 to 40 Hz", "re-reference to average reference"), so every later rule (settings
 * folded into a step, negation scope, precedence) applies to it as to any wording. Code commented out (`# raw.filter(…)`,
 * `% pop_reref(EEG, [])`, `// …`) is no request. Only functions of the table are read; an unknown call stays as written.
 */

type Value = number | string | null | Value[] | { ident: string };

/** Argument names of the toolboxes → one meaning each (MNE, EEGLAB, scikit-learn, braindecode/PyTorch). */
const KEYS: Record<string, string> = {
  l_freq: 'lo',
  locutoff: 'lo',
  low: 'lo',
  h_freq: 'hi',
  hicutoff: 'hi',
  high: 'hi',
  freqs: 'freq',
  freq: 'freq',
  linefreqs: 'freq',
  ref_channels: 'ref',
  ref: 'ref',
  sfreq: 'rate',
  freqout: 'rate',
  picks: 'channels',
  ch_names: 'channels',
  channel: 'channels',
  channels: 'channels',
  event_id: 'events',
  events: 'events',
  tmin: 'tmin',
  tmax: 'tmax',
  timelim: 'window',
  baseline: 'baseline',
  duration: 'duration',
  overlap: 'overlap',
  test_size: 'test',
  val_size: 'val',
  valid_size: 'val',
  validation_size: 'val',
  random_state: 'seed',
  seed: 'seed',
  n_splits: 'folds',
  n_folds: 'folds',
  method: 'method',
  fname: 'path',
  filename: 'path',
  input_fname: 'path',
};

type Args = Record<string, Value>;

/** Functions of the toolboxes: positional arguments in order ('_' = the data object, not read) and the words they mean. */
const FUNCTIONS: Record<string, { pos: string[]; words: (a: Args) => string | null }> = {
  filter: { pos: ['lo', 'hi'], words: filterWords },
  pop_eegfiltnew: { pos: ['_', 'lo', 'hi'], words: filterWords },
  notch_filter: { pos: ['freq'], words: (a) => (first(a.freq) !== null ? `notch ${first(a.freq)} Hz` : null) },
  pop_cleanline: { pos: ['_'], words: (a) => (first(a.freq) !== null ? `notch ${first(a.freq)} Hz` : null) },
  set_eeg_reference: { pos: ['ref'], words: (a) => refWords(a.ref ?? 'average', false) },
  pop_reref: { pos: ['_', 'ref'], words: (a) => refWords(a.ref ?? [], true) },
  resample: { pos: ['rate'], words: (a) => (typeof a.rate === 'number' ? `resample to ${a.rate} Hz` : null) },
  pop_resample: { pos: ['_', 'rate'], words: (a) => (typeof a.rate === 'number' ? `resample to ${a.rate} Hz` : null) },
  pick: { pos: ['channels'], words: pickWords },
  pick_channels: { pos: ['channels'], words: pickWords },
  pop_select: { pos: ['_'], words: pickWords },
  Epochs: { pos: ['_', '_', 'events', 'tmin', 'tmax'], words: epochWords },
  pop_epoch: { pos: ['_', 'events', 'window'], words: epochWords },
  pop_rmbase: { pos: ['_', 'baseline'], words: (a) => baselineWords(a.baseline, 1000) },
  make_fixed_length_epochs: {
    pos: ['_', 'duration'],
    words: (a) =>
      typeof a.duration === 'number' ? `cut into ${a.duration} s windows${typeof a.overlap === 'number' ? ` with ${a.overlap} s overlap` : ''}` : null,
  },
  read_raw_edf: { pos: ['path'], words: loadWords },
  read_raw: { pos: ['path'], words: loadWords },
  read_raw_gdf: { pos: ['path'], words: loadWords },
  read_raw_fif: { pos: ['path'], words: loadWords },
  pop_biosig: { pos: ['path'], words: loadWords },
  pop_loadset: { pos: ['path'], words: loadWords },
  plot_psd: { pos: [], words: (a) => `plot the psd${channelList(a.channels) ? ` of ${channelList(a.channels)}` : ''}` },
  compute_psd: { pos: [], words: (a) => `plot the psd${channelList(a.channels) ? ` of ${channelList(a.channels)}` : ''}` },
  KFold: { pos: ['folds'], words: foldWords },
  StratifiedKFold: { pos: ['folds'], words: foldWords },
  train_test_split: { pos: [], words: (a) => splitWords(a) },
};

function first(v: Value | undefined): number | null {
  if (typeof v === 'number') return v;
  if (Array.isArray(v) && typeof v[0] === 'number') return v[0];
  return null;
}

function num(v: Value | undefined): number | null {
  return typeof v === 'number' ? v : null;
}

function filterWords(a: Args): string | null {
  const lo = num(a.lo);
  const hi = num(a.hi);
  const how = typeof a.method === 'string' && /^iir$/i.test(a.method) ? ' using IIR' : '';
  if (lo !== null && hi !== null) return `bandpass ${lo} to ${hi} Hz${how}`;
  if (lo !== null) return `highpass ${lo} Hz${how}`;
  if (hi !== null) return `lowpass ${hi} Hz${how}`;
  return null;
}

function strings(v: Value | undefined): string[] {
  if (typeof v === 'string') return [v];
  if (typeof v === 'number') return [String(v)];
  if (Array.isArray(v)) return v.flatMap((x) => strings(x));
  return [];
}

/** EEGLAB's pop_reref(EEG, []) and MNE's 'average' are the average reference; channel names are that reference. */
function refWords(v: Value, eeglab: boolean): string | null {
  const names = strings(v);
  if ((eeglab && Array.isArray(v) && !v.length) || names.some((n) => /^average$/i.test(n))) return 're-reference to average reference';
  return names.length ? `re-reference to ${names.join(' and ')}` : null;
}

function channelList(v: Value | undefined): string | null {
  const names = strings(v);
  return names.length ? (names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`) : null;
}

function pickWords(a: Args): string | null {
  const list = channelList(a.channels);
  return list ? `keep only channels ${list}` : null;
}

function loadWords(a: Args): string | null {
  return typeof a.path === 'string' ? `load ${a.path}` : null;
}

function foldWords(a: Args): string | null {
  return typeof a.folds === 'number' ? `${a.folds}-fold cross-validation split` : null;
}

const pct = (x: number) => `${+(x <= 1 ? x * 100 : x).toFixed(6)}%`;

function splitWords(a: Args): string | null {
  const parts = [
    typeof a.test === 'number' ? `test ${pct(a.test)}` : '',
    typeof a.val === 'number' ? `validation ${pct(a.val)}` : '',
    typeof a.seed === 'number' ? `seed ${a.seed}` : '',
  ].filter(Boolean);
  return parts.length ? `split with ${parts.join(', ')}` : null;
}

/** A baseline window ((None, 0), [-200 0] in ms for EEGLAB) in words; None alone is no baseline correction. */
function baselineWords(v: Value | undefined, scale = 1): string | null {
  if (v === null) return 'no baseline';
  if (!Array.isArray(v) || v.length !== 2) return null;
  const at = (x: Value) => (x === null ? 'the start' : typeof x === 'number' ? `${+(x / scale).toFixed(6)} s` : null);
  const from = at(v[0]);
  const to = v[1] === null ? '0 s' : at(v[1]);
  return from && to ? `baseline from ${from} to ${to}` : null;
}

function epochWords(a: Args): string | null {
  const window = Array.isArray(a.window) && a.window.length === 2 ? a.window : null;
  const tmin = num(window ? window[0] : a.tmin);
  const tmax = num(window ? window[1] : a.tmax);
  const events = strings(a.events).filter((e) => !/^events?$/i.test(e));
  const names = events.length ? ` ${events.length === 1 ? events[0] : `${events.slice(0, -1).join(', ')} and ${events[events.length - 1]}`}` : '';
  const times = tmin !== null && tmax !== null ? ` from ${tmin} to ${tmax} s` : '';
  if (!names && !times) return null;
  const base = 'baseline' in a ? baselineWords(a.baseline) : null;
  return `epoch${names}${times}${base ? `, ${base}` : ''}`;
}

// ── the parser

/** The text of one argument list split at its top-level commas (brackets, braces, parentheses and quotes nest). */
function topLevel(s: string, sep: RegExp): string[] {
  const out: string[] = [];
  let depth = 0;
  let quote = '';
  let cur = '';
  for (const ch of s) {
    if (quote) {
      if (ch === quote) quote = '';
      cur += ch;
      continue;
    }
    if (ch === "'" || ch === '"') quote = ch;
    else if ('([{'.includes(ch)) depth++;
    else if (')]}'.includes(ch)) depth--;
    if (depth === 0 && sep.test(ch)) {
      if (cur.trim()) out.push(cur.trim());
      cur = '';
      continue;
    }
    cur += ch;
  }
  if (cur.trim()) out.push(cur.trim());
  return out;
}

function parseValue(raw: string): Value {
  const s = raw.trim();
  if (/^(?:None|null|NULL|\[\s*\]|\{\s*\}|\(\s*\))$/.test(s)) return s.startsWith('[') || s.startsWith('{') ? [] : null;
  const n = Number(s.replace(/\.$/, ''));
  if (s !== '' && /^[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?$/i.test(s) && Number.isFinite(n)) return n;
  const q = /^(['"])(.*)\1$/.exec(s);
  if (q) return q[2];
  const list = /^[[({]([\s\S]*)[\])}]$/.exec(s);
  if (list) {
    // Python lists use commas, MATLAB vectors and cells spaces: [0 4], {'T1' 'T2'}
    const items = topLevel(list[1], list[1].includes(',') ? /,/ : /\s/);
    return items.map(parseValue);
  }
  // np.arange / range and other expressions are not read; a bare name is an identifier (raw, EEG, events)
  return /^[A-Za-z_][\w.]*$/.test(s) ? { ident: s } : { ident: '' };
}

function parseArgs(body: string, pos: string[]): Args | null {
  const args: Args = {};
  const items = topLevel(body, /,/);
  let p = 0;
  for (let i = 0; i < items.length; i++) {
    const kw = /^([A-Za-z_]\w*)\s*=(?!=)\s*([\s\S]+)$/.exec(items[i]);
    // MATLAB 'key', value pairs (pop_eegfiltnew(EEG, 'locutoff', 1, 'hicutoff', 40))
    const pair = /^'([A-Za-z_]\w*)'$/.exec(items[i]);
    if (kw) {
      const key = KEYS[kw[1]] ?? KEYS[kw[1].toLowerCase()];
      if (key) args[key] = parseValue(kw[2]);
    } else if (pair && KEYS[pair[1].toLowerCase()] && i + 1 < items.length) {
      args[KEYS[pair[1].toLowerCase()]] = parseValue(items[++i]);
    } else {
      const key = pos[p++];
      if (key && key !== '_') args[key] = parseValue(items[i]);
    }
  }
  return args;
}

const NAMES = Object.keys(FUNCTIONS).sort((a, b) => b.length - a.length);
/** `EEG = pop_x(`, `raw.filter(`, `mne.Epochs(`, `epochs = mne.Epochs(`: an optional assignment, a dotted path, a name of the table. */
const CALL = new RegExp(String.raw`(?:\b[A-Za-z_]\w*\s*=\s*)?(?:\b[A-Za-z_]\w*\s*\.\s*)*\b(${NAMES.join('|')})\s*\(`, 'g');
/** A bracketed list of quoted names: ['C3','Cz','C4'], ["C3", "C4"], {'T1' 'T2'}. */
const NAME_LIST = /[[{]\s*(?:(['"])[\w.-]+\1\s*[,\s]\s*)*(['"])[\w.-]+\2\s*[\]}]/g;
/** A keyword argument written on its own ("epoch T1 with tmin=-0.2 and baseline=(None, 0)"). */
const LONE_KWARG = /\b(baseline|test_size|val_size|valid_size|validation_size|random_state|n_splits|n_folds)\s*=\s*(\([^)]*\)|\[[^\]]*\]|[^\s,;)]+)/g;

/** A bracketed baseline pair after the word with a verb or nothing: "baseline 用 (None, 0)", "baseline: [-0.2, 0]", 「基線設成 (-0.2, 0)」. */
const BASELINE_SAID = /(?:\bbaseline|基線)\s*(?:(?:用|設成|設為|設|為|是|取|:|：|of|at|to|as)\s*)?(\([^()]*\)|\[[^[\]]*\])/gi;

/** Code in a comment: a call (`raw.filter(1, 40)`, `pop_reref(EEG, [])`) or an assignment (`EEG = …`, `l_freq=1`). */
const CODE_IN_COMMENT = /[\w.]+\s*\(|\b\w+\s*=[^=]/;

/** A line commented out in Python, MATLAB or C-style (`# raw.filter(1, 40)`, `% pop_reref(EEG, [])`), and a trailing comment after code. */
function withoutComments(text: string): string {
  return text
    .split('\n')
    .map((line) => {
      const comment = /^\s*(?:#|%|\/\/)\s*(.*)$/.exec(line);
      // a line of code commented out is no request; a comment in words ("// step 1: resample to 128 Hz … please run
      // these") is the user's text pasted with its marker
      if (comment) return CODE_IN_COMMENT.test(comment[1]) ? '' : comment[1];
      return line.replace(/([);])\s+(?:#|%|\/\/)\s.*$/, '$1');
    })
    .join('\n');
}

/** Whether a position is inside a quoted span ("open 'raw.filter(1, 40).edf'" is a name); an apostrophe in a word is no quote. */
function insideQuote(text: string, at: number): boolean {
  let quote = '';
  for (let i = 0; i < at; i++) {
    const ch = text[i];
    if (quote) {
      if (ch === quote || (quote === '「' && ch === '」') || (quote === '“' && ch === '”')) quote = '';
    } else if (ch === '「' || ch === '“' || ch === '"' || (ch === "'" && !/[A-Za-z]/.test(text[i - 1] ?? ''))) quote = ch;
  }
  return quote !== '';
}

/** The request with every toolbox call of the table written as the words it means (unchanged when it has none). */
export function toolboxWords(request: string): string {
  if (!/[(=[{]|^\s*(?:#|%|\/\/)/m.test(request)) return request;
  let text = withoutComments(request);
  let out = '';
  let last = 0;
  for (const m of text.matchAll(CALL)) {
    const start = m.index;
    if (start < last || insideQuote(text, start)) continue;
    // the argument list to its closing parenthesis (quotes and brackets nest)
    let depth = 1;
    let quote = '';
    let j = start + m[0].length;
    for (; j < text.length && depth > 0; j++) {
      const ch = text[j];
      if (quote) {
        if (ch === quote) quote = '';
      } else if (ch === "'" || ch === '"') quote = ch;
      else if ('([{'.includes(ch)) depth++;
      else if (')]}'.includes(ch)) depth--;
    }
    if (depth !== 0) continue;
    const fn = FUNCTIONS[m[1]];
    const args = parseArgs(text.slice(start + m[0].length, j - 1), fn.pos);
    const words = args ? fn.words(args) : null;
    if (!words) continue;
    // a chained call (`raw.compute_psd().plot()`) and the statement's semicolon belong to the call
    let end = j;
    const chained = /^\s*\.\s*\w+\s*\([^()]*\)/.exec(text.slice(end));
    if (chained) end += chained[0].length;
    out += text.slice(last, start) + words;
    last = end;
  }
  // pop_epoch(…); pop_rmbase(…): the baseline removed after the epochs is the epochs' baseline (one step, as in words)
  text = (out + text.slice(last)).replace(/(\bepoch\b[^;\n]*?)\s*;\s*(?=baseline from\b)/g, '$1, ');
  // a Python list or MATLAB cell of names written on its own ("keep ['C3','Cz','C4']", "{'T1' 'T2'}"): the names in words
  text = text.replace(NAME_LIST, (whole: string, offset: number, all: string) => {
    if (insideQuote(all, offset)) return whole;
    const names = strings(parseValue(whole));
    return names.length ? (channelList(names) ?? whole) : whole;
  });
  // "baseline 用 (None, 0)", "baseline: [-0.2, 0]": a baseline tuple said in prose, as baseline=(None, 0) is read
  // (its words end where the tuple ended: a comma after them, so that a window written after it is not read as the baseline's)
  const ended = (words: string, offset: number, whole: string, all: string) =>
    /^\s*(?:[,，;；)]|$)/.test(all.slice(offset + whole.length)) ? words : `${words},`;
  text = text.replace(BASELINE_SAID, (whole, value: string, offset: number, all: string) => {
    const words = baselineWords(parseValue(value));
    return words ? ended(words, offset, whole, all) : whole;
  });
  return text.replace(LONE_KWARG, (whole, key: string, value: string, offset: number, all: string) => {
    const k = KEYS[key];
    const v = parseValue(value);
    if (k === 'baseline') {
      const words = baselineWords(v);
      return words ? ended(words, offset, whole, all) : whole;
    }
    if (k === 'folds') return typeof v === 'number' ? `${v} folds` : whole;
    if (k === 'seed') return typeof v === 'number' ? `seed ${v}` : whole;
    // "test share 25%": a share with its noun, so that test_size=0.25 written alone is still a split
    if (k === 'test' || k === 'val') return typeof v === 'number' ? `${k === 'test' ? 'test' : 'validation'} share ${pct(v)}` : whole;
    return whole;
  });
}
