import { closestWord } from './editDistance';

/**
 * The planner's vocabulary: the words its rules know (tool verbs and parameter words) and the other ways researchers
 * say them, in English and Traditional Chinese. `canonicalText` rewrites a request into the known words before any
 * rule reads it, so each rule matches one spelling instead of every variant.
 */

/** Words the rules key on. A misspelt token within the length-scaled edit distance of one of them becomes it. */
export const VOCABULARY: readonly string[] = [
  'load',
  'open',
  'import',
  'list',
  'files',
  'folder',
  'bandpass',
  'band-pass',
  'highpass',
  'lowpass',
  'filter',
  'notch',
  'resample',
  'downsample',
  'upsample',
  'epoch',
  'epochs',
  'segment',
  'baseline',
  'reference',
  're-reference',
  'average',
  'normalize',
  'normalise',
  'z-score',
  'montage',
  'channels',
  'channel',
  'select',
  'split',
  'dataset',
  'generate',
  'validation',
  'train',
  'training',
  'retrain',
  'evaluate',
  'evaluation',
  'accuracy',
  'confusion',
  'matrix',
  'saliency',
  'explain',
  'export',
  'plot',
  'curve',
  'learning',
  'rate',
  'batch',
  'optimizer',
  'configure',
  'start',
  'stop',
  'clear',
  'reset',
  'rename',
  'merge',
  'events',
  'attach',
  'labels',
  'panel',
  'switch',
  'dashboard',
  'preprocess',
  'preprocessing',
  'standard',
  'sliding',
  'window',
  'overlap',
  'subject',
  'session',
  'trial',
  'eegnet',
  'shallowconvnet',
  'sccnet',
  'sampling',
  'frequency',
  'spectrum',
  'information',
  'status',
  'sweep',
  'protocol',
  'model',
  'minmax',
  'seconds',
  'milliseconds',
  'percent',
  'folds',
];

/**
 * Real words one edit from a vocabulary word: never "corrected" ("lead" is not a typo of "load", "test" not of "rest").
 * Plus function words of four letters or more that are everywhere in requests.
 */
const NOT_TYPOS = new Set(
  'lead road loud lord lots lost load loan loaf goad good gold hold told sold fold bold cold mold list lint last lust mist fist gist host post cost most plat plod plug slot shot spot stop step stem shop show slow snow glow flow blow know crow grow trail trial trail trials tried trim tram rain drain brain grain stain strain start smart stark chart clean clear cleat clean cheer resale rest test best west vest text next nest sent tent rent bent went dent each much such reach teach beach peach spectra spectral epochs epoch sample samples simple example examples lean mean meant dean bean clear clean filer filet filter filters fitter bitter litter matrix mattress metric metrics select selects reject elect erect model models modal modes nodal noted notes notch match watch batch patch catch latch hatch split splat spilt spill still spell panel panels penal panes plane planes plans plant rate rats rare race rage date gate late mate fate hate sate train rains range ranges change changes charge stage stages start stars state states event events even every merge verge serge rename renamed attach attack detach labels label level levels novel model bands band hand hands land lands wand sand what when then than them they this that these those there their where which while whose with without within from into onto over under after before about above below again also just only please could would should shall will have been were your yours mine ours some same other another more less many most much very well good nice help like want need make made take took give gave keep kept find found look looked does done doing going gone into sure yeah okay then than data date dates fast last past vast cast mast session sessions lession subject subjects object objects trials'.split(
    ' ',
  ),
);

/** Informal phrases and synonyms, rewritten to what the rules know. Longest and most specific first. */
const PHRASES: [RegExp, string][] = [
  // references and filters
  [/\b(?:avg|ave)\.?\s*(?:re-?)?ref(?:erence)?\b/gi, 'average reference'],
  [/\bCAR\b/g, 'average reference'],
  [/\baverage\s+ref\b/gi, 'average reference'],
  [/\bref\b/gi, 'reference'],
  [
    /\b(?:get rid of|kill|nuke|zap|ditch|lose|drop|remove|suppress|filter out|cut out|take out|notch out|eliminate|clean up|clean out|fix)\s+(?:the\s+)?(?:annoying\s+|nasty\s+)?(\d+(?:\.\d+)?)\s*(?:hz\s*)?(?:hum|buzz|line noise|mains(?: noise)?|power[- ]?line(?: noise)?|noise|interference|artifact)\b/gi,
    'notch $1 Hz',
  ],
  [
    /\b(?:get rid of|kill|nuke|zap|ditch|lose|drop|remove|suppress|filter out|cut out|take out|notch out|eliminate|clean up|clean out|fix)\s+(?:the\s+)?(?:annoying\s+|nasty\s+)?(?:mains|line noise|power[- ]?line(?: noise)?|hum|buzz|electrical noise)\b/gi,
    'notch the mains',
  ],
  [
    /\b(?:hp|high-?pass)\s*(?:filter)?\s*(?:at|@)?\s*(\d+(?:\.\d+)?)\s*(?:hz)?\s*(?:and|,|\+|&)\s*(?:lp|low-?pass)\s*(?:filter)?\s*(?:at|@)?\s*(\d+(?:\.\d+)?)\s*(?:hz)?/gi,
    'bandpass $1 to $2 Hz',
  ],
  [/\bband\s*pass\b/gi, 'bandpass'],
  [/\bbp\s+(?=\d)/gi, 'bandpass '],
  [/\bz\s*score\b/gi, 'z-score'],
  [/\bmin\s*(?:-|to|\/)?\s*max\b/gi, 'min-max'],
  [/\bstandard (?:chain|pipeline|steps|recipe)\b/gi, 'standard preprocessing'],
  [/\berps\b/gi, 'ERP'],
  [/\bdown\s*-?\s*sample\b/gi, 'downsample'],
  [/\bdecimate\b/gi, 'downsample'],
  [/\bre-?sample\b/gi, 'resample'],
  [/\bre\s*-?\s*ref(?:erence)?\b/gi, 're-reference'],
  // data and files
  [/\b(?:show|give|tell)\s+me\s+(?:the|my|all(?: the)?|what)\s+(?:eeg\s+)?(?:files|recordings)\b/gi, 'list the files'],
  [/\bwhat\s+(?:files|recordings)\s+(?:are|do i have|have i got)\b/gi, 'list the files'],
  [/\b(?:pull|bring|read)\s+in\b/gi, 'load'],
  [/\bfire up\b/gi, 'load'],
  [/\b(?:show|give)\s+me\s+(?:the\s+)?(?:info|information|details|summary|overview)\b/gi, 'show the dataset info'],
  // dataset
  [/\btrain\s*\/\s*val(?:idation)?\s*\/\s*test\b/gi, 'split'],
  // training and evaluation
  [/\beval\b/gi, 'evaluate'],
  [/\bkick off\b/gi, 'start'],
  [/\bfire off\b/gi, 'start'],
  [/\b(?:lr)\b/gi, 'learning rate'],
  [/\bbs\s*(?==|\d)/gi, 'batch size '],
  [/\bconf(?:usion)?\s*mat(?:rix)?\b/gi, 'confusion matrix'],
  [/\bheat\s*maps?\b/gi, 'saliency'],
  [/\bshallow\s*conv\s*net\b|\bshallownet\b/gi, 'ShallowConvNet'],
  [/\bepochs?\s+of\s+training\b/gi, 'training epochs'],
  // Traditional Chinese synonyms
  [/讀進來|讀入|開啟檔案|打開檔案/g, '載入'],
  [/去除\s*(\d+)\s*(?:Hz|赫茲)?\s*(?:的)?\s*(?:市電|電源|交流電)?(?:雜訊|干擾|噪音)/gi, '陷波 $1 Hz'],
  [/(?:去除|去掉|濾掉|消除)\s*(?:市電|電源|交流電|工頻)\s*(?:雜訊|干擾|噪音)?/g, '陷波 市電'],
  [/降頻|降低取樣率/g, '降採樣'],
  [/共同平均參考|平均參考/g, 'average reference'],
  [/看一下檔案|列出檔案|有什麼檔案|顯示檔案/g, '列出檔案'],
];

/** Rewrites informal phrases, then corrects misspelt tokens outside quotes and file names. */
export function canonicalText(text: string): string {
  let s = text;
  for (const [re, to] of PHRASES) s = s.replace(re, to);
  return s.replace(/[A-Za-z][A-Za-z-]{2,}/g, (w, offset: number, all: string) => {
    // a file name or path ("laod.edf", "data/trian") is data, not a word
    const next = all[offset + w.length];
    const prev = all[offset - 1];
    if (
      (next === '.' && /[A-Za-z0-9]/.test(all[offset + w.length + 1] ?? '')) ||
      next === '/' ||
      next === '\\' ||
      prev === '/' ||
      prev === '\\' ||
      prev === '.' ||
      prev === '_' ||
      next === '_'
    )
      return w;
    const lower = w.toLowerCase();
    if (NOT_TYPOS.has(lower) || VOCABULARY.includes(lower)) return w;
    const hit = closestWord(lower, VOCABULARY);
    return hit ?? w;
  });
}
