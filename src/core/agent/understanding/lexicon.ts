import { abbreviated, closestWord, editDistance, isSlip, sameSkeleton } from './editDistance';
import { REAL_NEAR_RULE_WORDS, REAL_SUBSTITUTES, RULE_WORDS } from './ruleWords';
import { TOOL_DEFINITIONS } from '../../tools/definitions';
import { spacedChineseNumerals, unitSpellings } from './numbers';
import { withoutHomophoneSlips } from './homophones';

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
  'second',
  'windows',
  'shallow',
  'label',
  'labelled',
  'loaded',
  'state',
  'spectrogram',
  'zscore',
];

/**
 * The words of every tool's parameters and enum values ("spectrogram", "smoothgrad", "individual", "within_session" →
 * within, session), as the tool definitions say them: `known` are kept as written, `values` (the enum values' words of
 * five letters or more) are also what a misspelling may be corrected to. Parameter names ("repeats", "directory",
 * "score") are too close to everyday words to aim misspellings at ("reports", "directly", "scope").
 */
export const PARAMETER_WORDS: { known: readonly string[]; values: readonly string[] } = (() => {
  const known = new Set<string>();
  const values = new Set<string>();
  const words = (v: string) =>
    v
      .toLowerCase()
      .split(/[^a-z]+/)
      .filter((w) => w.length >= 3 && !VOCABULARY.includes(w));
  const walk = (schema: unknown, name?: string) => {
    if (!schema || typeof schema !== 'object') return;
    const o = schema as { properties?: Record<string, unknown>; enum?: unknown[]; items?: unknown };
    if (name) for (const w of words(name)) known.add(w);
    for (const v of o.enum ?? [])
      if (typeof v === 'string')
        for (const w of words(v)) {
          known.add(w);
          if (w.length >= 5) values.add(w);
        }
    if (o.items) walk(o.items);
    for (const [k, v] of Object.entries(o.properties ?? {})) walk(v, k);
  };
  for (const d of TOOL_DEFINITIONS) walk(d.parameters);
  return { known: [...known].sort(), values: [...values].sort() };
})();

/** Every word a misspelt token may be corrected to: the rules' words first (they win ties), then the enum values'. */
const KNOWN_WORDS: readonly string[] = [...VOCABULARY, ...PARAMETER_WORDS.values];

/**
 * Real words one edit from a vocabulary word: never "corrected" ("lead" is not a typo of "load", "test" not of "rest").
 * Plus function words of four letters or more that are everywhere in requests.
 */
const NOT_TYPOS = new Set(
  'lead road loud lord lots lost load loan loaf goad good gold hold told sold fold bold cold mold list lint last lust mist fist gist host post cost most plat plod plug slot shot spot stop step stem shop show slow snow glow flow blow know crow grow trail trial trail trials tried trim tram rain drain brain grain stain strain start smart stark chart clean clear cleat clean cheer resale rest test best west vest text next nest sent tent rent bent went dent each much such reach teach beach peach spectra spectral epochs epoch sample samples simple example examples lean mean meant dean bean prevent present changed change section sections stats return returns sleep perfect general stale stat scope store tracking fixes fires lift cancels flatter trades traced clear clean filet filter filters fitter bitter litter matrix mattress metric metrics select selects reject elect erect model models modal modes nodal noted notes notch match watch batch patch catch latch hatch split splat spill still spell panel panels penal panes plane planes plans plant rate rats rare race rage date gate late mate fate hate sate train rains range ranges change changes charge stage stages start stars state states event events even every merge verge serge rename renamed attach attack detach labels label level levels novel model bands band hand hands land lands wand sand what when then than them they this that these those there their where which while whose with without within from into onto over under after before about above below again also just only please could would should shall will have been were your yours mine ours some same other another more less many most much very well good nice help like want need make made take took give gave keep kept find found look looked does done doing going gone into sure yeah okay then than data date dates fast last past vast cast mast session sessions lession subject subjects object objects trials retain retains remain remains obtain contain detain strain plots slots loads lists leave leaves leaving left refer refers base valid high down'.split(
    ' ',
  ),
);

/** Verbs that remove something from a signal (not from the Study: the object decides). */
const REMOVE_VERB =
  '(?:get rid of|scrub out|scrub|strip out|kill|nuke|zap|ditch|lose|drop|remove|suppress|filter out|cut out|take out|notch out|eliminate|clean up|clean out|fix|reduce|attenuate|knock out|block|reject|deal with|handle)';
/** What line noise is called: a hum, a buzz, mains/line/power-line/electrical/AC noise or interference. */
const NOISE_NOUN =
  '(?:(?:(?:line|mains|power[- ]?line|electrical|electric|ac|grid|powerline)\\s+(?:hum|buzz|noise|interference|artifacts?|contamination|pickup))|line[- ]noise|hum|buzz|mains(?:\\s+noise)?|power[- ]?line(?:\\s+noise)?|(?:line|mains|grid|power|ac|utility)\\s+frequency)';
/** "remove the 60 Hz hum", "kill the line hum at 60", "get rid of 50 cycle noise", "filter out AC interference". */
const NOISE_REMOVAL = new RegExp(
  `\\b${REMOVE_VERB}\\s+(?:all\\s+)?(?:the\\s+|that\\s+|this\\s+|any\\s+)?(?:(?:annoying|nasty|strong|residual|bad)\\s+)*(?:(\\d+(?:\\.\\d+)?)\\s*-?\\s*(?:hz|cycles?|cps)?\\s*(?:${NOISE_NOUN}|noise|interference|artifacts?|peak|component)|${NOISE_NOUN})(?:\\s+(?:at|@|around|of)\\s+(\\d+(?:\\.\\d+)?)\\s*(?:hz)?)?\\b`,
  'gi',
);
/** "visualise what the network learned", "which channels matter to the model", "模型學到什麼": a saliency map. */
const WHAT_MODEL_LEARNED =
  /\bwhat\s+(?:the|my|this|our)\s+(?:trained\s+)?(?:model|network|net|classifier|cnn|eegnet)\s+(?:has\s+)?(?:learn(?:ed|t|s)?|picked up|looks? at|focus(?:es|ed)? on|pays? attention to|relies on|uses|sees)\b|\b(?:which|what)\s+(?:channels|electrodes|features|regions|time points|samples)\s+(?:matter(?:ed)?|(?:are|were)\s+(?:most\s+)?(?:important|relevant|informative)|(?:drive|drove)\s+(?:the\s+)?(?:model|decision|predictions?))\b|(?<!(?:times|x|×|\*)\s*)\b(?:feature|channel|input)\s+(?:importance|relevance|attribution)s?\b|\b(?:importance|relevance|attribution|attention)\s+maps?\b|模型(?:學到|學了|看到|在看|關注|注意)(?:了)?(?:什麼|甚麼|哪裡|哪些)|哪些(?:通道|電極|特徵)(?:最)?(?:重要|關鍵|有貢獻)|特徵重要性|重要性圖/gi;

/** Informal phrases and synonyms, rewritten to what the rules know. Longest and most specific first. */
const PHRASES: [RegExp, string | ((...m: string[]) => string)][] = [
  // the disposal construction with a removing verb last ("把 60 Hz 的雜訊濾掉", "把 Fp1 拿掉"): verb first, as the rules read it
  [/把\s*([^，,。；;把]{1,24}?)\s*(濾掉|濾除|去掉|去除|移除|拿掉|清掉|除掉|刪掉|刪除|丟掉)(?=\s*(?:$|[，,。；;!！]|然後|再|接著))/g, '$2 $1'],
  [WHAT_MODEL_LEARNED, 'saliency'],
  // a step named by its gerund ("z-scoring per channel next", "notching at 60, then band-passing 1-40"): the verb the
  // rules read (a negation or an omission reads the verb as it read the gerund: "skip the z-score")
  [
    /\b(z-?scor|notch|band-?pass|high-?pass|low-?pass|re-?referenc|resampl|downsampl|normali[sz]|standardi[sz]|epoch|min-?max[\s-]?scal)(?:ing)\b/gi,
    (_m: string, stem: string) => (/^(?:z-?scor|re-?referenc|resampl|downsampl|normali[sz]|standardi[sz]|min-?max[\s-]?scal)$/i.test(stem) ? `${stem}e` : stem),
  ],
  // references and filters
  // "rerun with 1.5x the batch size", "re-run it using lr 1e-4": a new run with those settings
  [/\bre-?run\b(?=\s+(?:it\s+|the\s+model\s+|training\s+)?(?:with|using)\b)/gi, 'retrain'],
  // "存到 epochs_c34", "把結果儲存到 out/": saving what there is to a place is an export
  [/^(?:(?:好|然後|接著|最後|再)[，,]?\s*)?(?:把|將)?\s*(?:它|它們|這些|結果|資料)?\s*(?:存到|儲存到|保存到|存成|存進|存在)\s*/g, '匯出到 '],
  // "run every config 3 times", "repeat each run 5 times": the training's repeats
  [/\b(?:run|repeat|train)\s+(?:every|each|the)\s+(?:config(?:uration)?|run|training|setting|model)\s+(\d+|[a-z]+)\s+times\b/gi, 'repeat $1'],
  // "epoch it again, same window as before", "the same settings as last time": the earlier call's values
  [/\b(?:with\s+)?(?:the\s+)?same\s+(?:time\s+)?(?:window|settings?|parameters?|values?|range|band)\s+as\s+(before|last time|earlier)\b/gi, 'the same as $1'],
  // "show me C3, Cz and C4": channels shown are their traces
  [
    /^(?:please\s+)?(?:show|display|let me see|lemme see)\s+(?:me\s+)?(?:the\s+)?(?:channels?\s+)?(?=(?:(?:Fp|AF|FC|FT|CP|TP|PO|F|C|T|P|O|I)(?:\d+|z)(?:\s*(?:,|and|&)\s*)?)+\s*[.!]?\s*$)/g,
    'plot ',
  ],
  // shorthand a researcher types for a step: "DS the recordings to 80 Hz", "ds by 2" (downsample)
  [/\bds\b(?=\s+(?:the|it|them|to|by|all|everything|my|our|data|eeg|recordings?|signals?|files?|\d))/gi, 'downsample'],
  // the cut-offs of a band named apart: "low cut 0.5, high cut 40", "lower cut-off at 1 Hz"
  [/\b(low|high|lower|upper)[\s-]?cut(?:[\s-]?off)?(?:\s+(?:freq(?:uency)?|edge))?\b/gi, (_m: string, w: string) => `${w.toLowerCase()} cutoff`],
  // what a trace plot is called: "a squiggle plot", "the wiggles", "time-series view", "waveforms of C3"
  [/\b(?:squiggl(?:e|es|y)|wiggl(?:e|es|y)|waveforms?|time[\s-]?series|time[\s-]?courses?)(?:\s+(?:lines?|plots?|views?|charts?|graphs?))?\b/gi, 'traces plot'],
  // trials made around events are epochs: "make trials from -0.5 to 4 s", "grab 480 samples after every T1 onset"
  [
    /\b(?:make|create|build|extract|cut out|cut|chop(?:\s+up)?|slice|grab|pull out|pull)\s+(?:the\s+|some\s+)?(?:((?:T\d+|\d{3,5})(?:\s*(?:\/|,|and|&)\s*(?:T\d+|\d{3,5}))*)\s+)?trials\b/gi,
    (_m: string, ev?: string) => (ev ? `epoch ${ev}` : 'epoch'),
  ],
  [
    /\b(?:grab|take|extract|pull(?:\s+out)?|cut out|snip|clip|get)\b(?=[^.;]*\b(?:after|before|around|following|preceding|from|at)\s+(?:each|every|all|the|every single)?\s*(?:(?:T\d+|\d{3,5})\b|(?:event|onset|cue|stimulus|stimuli|trigger|marker)s?\b))/gi,
    'epoch',
  ],
  // an order of magnitude is a factor of ten: "lower the lr by an order of magnitude", "make the lr an order of magnitude smaller"
  [/\bby\s+(?:an?|one)\s+order\s+of\s+magnitude\b/gi, 'by a factor of 10'],
  [
    /\b(?:make|set|put|have)\s+(?:the\s+)?(learning rate|lr|batch size|batch|epochs?)\s+(?:an?|one)\s+order\s+of\s+magnitude\s+(smaller|lower|less|bigger|larger|higher|greater|more)\b/gi,
    (_m: string, what: string, dir: string) => `${/smaller|lower|less/i.test(dir) ? 'reduce' : 'increase'} the ${what} by a factor of 10`,
  ],
  // a run's length is its epochs: "train twice as long as last time", "train 3x longer"
  // (not the length of the epochs or windows themselves: "make the epochs twice as long", "windows half as long")
  [/(?<!\b(?:epochs?|windows?|segments?|trials?)\s+(?:(?:be|are|is)\s+)?)\b(twice|double|three times|triple|half)\s+as\s+long\b/gi, '$1 as many epochs'],
  [
    /(?<!\b(?:epochs?|windows?|segments?|trials?)\s+(?:(?:be|are|is)\s+)?)\b(\d+(?:\.\d+)?)\s*(?:x|×|times)\s+(?:as\s+long|longer)\b/gi,
    '$1 times as many epochs',
  ],
  // epochs counted in shorthand: "40 eps", "30 ep", "n_epochs=20", "num epochs 15"
  [/(?<=\d)\s*(?:eps|ep)\b\.?/gi, ' epochs'],
  [/\b(?:n|num|number)[_\s-]?(?:of[_\s-])?epochs?\s*(?:=|:)?\s*(?=\d)/gi, 'epochs = '],
  // the learning rate under other names: "step size 1e-4", "the LR should be …"
  [/\b(?:optimi[sz]er\s+)?step[\s-]?size\b/gi, 'learning rate'],
  // "重取樣 128", "重採樣到 100": resampling under its other spellings
  [/重取樣|重採樣|重新採樣|再取樣|重抽樣/g, '重新取樣'],
  // "data 夾", "raw 夾裡": a folder (夾 short for 資料夾)
  [/(?<=[\w./-])\s*夾(?=\s*(?:裡|內|中|底下|下|的|$))/g, ' 資料夾'],
  // "notch 60 + bandpass 1-45": a plus between words joins steps as "and" does ("CSP+LDA", written together, stays a name)
  [/(?<=[\w\u4e00-\u9fff])\s+\+\s+(?=[A-Za-z\u4e00-\u9fff])/g, ' and '],
  // chat shorthand: "w/ defaults", "w/o baseline"
  [/\bw\/o(?=\s|$)/gi, 'without'],
  [/\bw\/(?=\s|$)/gi, 'with'],
  // filter abbreviations: "bpf 4-38hz", "hpf 1 Hz", "lpf at 40"
  [/\bbpf\b/gi, 'bandpass'],
  [/\bhpf\b/gi, 'highpass'],
  [/\blpf\b/gi, 'lowpass'],
  // "pull the plug on this run", "yank the plug": stop it
  [/\b(?:pull|yank)\s+the\s+plug(?:\s+on)?\b/gi, 'stop'],
  // "flip over to the training view", "hop over to …": switch to it
  [/\b(?:flip|hop|jump|head|pop|swing)\s+(?:over\s+|back\s+)?to\b(?=\s+(?:the\s+)?\w+\s+(?:panel|view|tab|page|screen)\b)/gi, 'switch to'],
  // "切到 visualization 的 topographic map", "切去評估頁": switching to a panel, not cutting epochs
  [
    /切(?:換)?(?:到|去)\s*(?=(?:the\s+)?(?:visuali[sz]ation|dashboard|dataset|preprocess\w*|training|evaluation)(?:\s*(?:的|面板|頁|分頁|panel|tab|view)|\s|$))/gi,
    '切換到 ',
  ],
  // "訓練先喊停", "訓練就停掉吧": the run stopped
  [/訓練\s*(?:先|就|給我|馬上|立刻)\s*(?:喊停|停掉|停止|中止|停下來?)/g, '停止訓練'],
  // "把整個 study 砍掉重練", "全部打掉重練": the Study cleared
  [/(?:砍掉|打掉|砍了)重(?:練|來)/g, '清除'],
  // "重訓", "重新訓練一次", "其他照舊": train again; what stays as it was needs no call
  [/重訓|重練/g, '重新訓練'],
  [/[，,]?\s*(?:其他|其餘|其它)(?:的)?(?:都)?(?:照舊|不變|照原本|一樣)/g, ''],

  // "只要留 C3、Cz、C4 這三軌": channels (a 軌 is a track, a channel) kept
  [/(?<=^|[，,；;。]\s*)(?:我)?(?:只要|只想|只)\s*(?:留|保留|留下)\s*/g, '只保留 '],
  [/(?<=[A-Za-z0-9])\s*(?:這|那)\s*(?:[一二兩三四五六七八九十\d]+)\s*(?:軌|條|個通道|個電極|個)(?:就好)?\s*$/g, ''],
  [/(\d+)\s*軌/g, '$1 個通道'],
  // "noise sd 0.5", "sigma of 0.3": the standard deviation of smoothgrad's noise
  [/\b(?:noise\s+)?(?:sd|s\.d\.)\s*(?:of\s+|=\s*|:\s*)?(?=\d|\.\d)/gi, 'stdev '],
  // "noise 0.2", "noise level of 0.15", "雜訊 0.1" (a fraction, so never a mains frequency: "line noise 60" stays)
  [/(?<!\b(?:line|mains|power|electrical|ac)\s*)\bnoise(?:\s+(?:level|amount|scale|sigma|std|magnitude))?\s*(?:of\s+|=\s*|:\s*|at\s+)?(?=0?\.\d)/gi, 'stdev '],
  [/(?<!市電|電源|工頻)(?:雜訊|噪聲|噪音)\s*(?:強度|大小|標準差|程度)?\s*(?:用|設|設成|設為|為|是|=|:)?\s*(?=0?\.\d)/g, 'stdev '],
  // "with half of each overlapping the next", "a third of every window overlapping": a share of overlap
  [
    /\b(?:with\s+)?(?:a\s+|one\s+)?(half|third|quarter)\s+of\s+(?:each|every)\s+(?:window|segment|one)?\s*overlapping(?:\s+(?:with\s+)?the\s+next(?:\s+one)?)?/gi,
    'with $1 overlap',
  ],
  // "epoch 多加 10 個", "再多跑 5 個 epoch", "epoch 減少 3 個": the run's epochs changed by an amount
  [
    /(?:訓練\s*)?epochs?\s*(?:數)?\s*(?:再)?\s*(多加|加|增加|多|減少|減|少)\s*(\d+)\s*(?:個|輪)?(?!\s*(?:秒|毫秒|s\b|ms\b|%))/gi,
    (_m: string, dir: string, n: string) => `${/減|少/.test(dir) && !/多/.test(dir) ? 'reduce' : 'increase'} the epochs by ${n}`,
  ],
  [/(?:再)?\s*(?:多加)\s*(\d+)\s*(?:個|輪)\s*(?:epochs?)?/g, 'increase the epochs by $1'],
  [/(?:再)?\s*(?:多跑|多訓練|加跑)\s*(\d+)\s*(?:個|輪)\s*(?:epochs?)?/g, 'increase the epochs by $1, then train'],
  // "訓練回合數調到 50", "回合數改成 40": the number of training epochs under its Chinese name
  [/(?:訓練)?回合數|訓練回合/g, 'epoch 數'],
  // training epochs counted, not epoching: "epoch 數 15", "number of epochs 20", "the epoch count to 30"
  [
    /(?:the\s+)?(?:number of (?:training )?epochs|(?:training )?epoch count|(?:訓練\s*)?epochs?\s*(?:數量?|count|number)(?!\s*(?:per|每)))\s*(?:to|設成|設為|設|為|是|改成|改為|改|用|要|調到|調成|調整為|變成|:|=)?\s*(?=\d|(?:a\s+)?(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|dozen)\b)/gi,
    'epochs = ',
  ],
  // "use mini-batches of 16", "batches of eight", "每批 8 個樣本": the batch size
  [/\b(?:mini-?)?batch(?:es)?\s+of\s+(?=\d|[a-z]+\b(?!\s+(?:the|data|epochs|trials)\b))/gi, 'batch size '],
  [/每(?:個)?批(?:次)?\s*(?:用|放|是|為)?\s*([\d.]+|[零〇一二兩三四五六七八九十百]+)\s*(?:個|筆)?\s*(?:樣本|trials?|epochs?|資料)?/g, 'batch size $1'],
  // "keep only the 8-30 Hz band", "只保留 8 到 30 Hz 的頻段": a band of frequencies kept is a band-pass
  [
    /(?<![\w-])(?:keep|retain|preserve|leave|restrict|limit|confine)\s+(?:only\s+|just\s+)?(?:the\s+)?(?:(?:signals?|data|eeg|recordings?|spectrum)\s+to\s+)?(?=(?:between\s+|from\s+)?[\w.]+\s*(?:hz|hertz)?\s*(?:-|–|~|to|and|up to)\s*[\w. ]+?\s*(?:hz|hertz|sampling rate|nyquist)\b(?:\s+(?:band|range|frequencies|content))?)/gi,
    'bandpass ',
  ],
  [
    /(?:只保留|只留|保留)\s*(?=[\d.一二三四五六七八九十零]+\s*(?:hz|赫茲)?\s*(?:-|–|~|到|至)\s*[^，,。；;]{1,16}?\s*(?:的)?\s*(?:頻段|頻帶|頻率範圍|成分))/gi,
    '帶通 ',
  ],
  // "除了 C3 跟 C4 其他通道都拿掉", "drop every channel except C3": the channels kept
  [
    /除了\s*([^，,。；;]{1,40}?)\s*(?:以外|之外)?\s*[，,]?\s*(?:其他|其餘|剩下)(?:的)?\s*(?:通道|電極)?\s*(?:都|全部|通通|全)?\s*(?:拿掉|刪掉|去掉|移除|丟掉|刪除|不要)/g,
    '只保留 $1',
  ],
  // "訓練測試 80/20", "train/test 70/30": the shares of a split, not a training run
  [/(?:訓練|train(?:ing)?)\s*(?:\/|與|和|跟|、|-)?\s*(?:測試|test)\s*(?:集)?\s*(?:比例|比|split|ratio)?\s*(?=\d+(?:\.\d+)?\s*\/\s*\d)/gi, ''],
  // "epoch 比上次多 5 個": a number of epochs relative to the last run
  [
    /(?:訓練\s*)?epochs?\s*(?:數)?\s*(?:要)?\s*比\s*(?:上次|之前|原本|剛才|上一次|現在)\s*(多|少)\s*(\d+)\s*個?/gi,
    (_m: string, dir: string, n: string) => `configure ${n} ${dir === '多' ? 'more' : 'fewer'} epochs than last time`,
  ],
  // "keep the last epoch's model", "用最後一個 epoch 的模型": the selection of the final weights
  [
    /\b(?:(?:keep|use|take|pick|choose|select|save)\s+)?(?:the\s+)?(?:(?:model|weights|checkpoint)\s+(?:from|of|at)\s+the\s+)?(?:last|final)[\s_-]+epoch(?:'s|s')?(?:\s+(?:model|weights|checkpoint|one))?\b|(?:用|選|取|保留|留)?\s*最後(?:一個)?\s*epoch\s*的?\s*(?:模型|權重|結果)/gi,
    'selection last_epoch',
  ],
  // data files added to the Study are loaded ("add S002R04.edf to the study too")
  [/\badd\s+(?=⟦\d+⟧\.(?:edf|bdf|gdf|set|vhdr|fif|cnt|mat|npy|xdf)\b)/gi, 'load '],
  // a model shipped or deployed is exported ("ship the model as ONNX to deploy/bci")
  [/\b(?:ship|deploy|publish)\s+(?=(?:the\s+|my\s+|our\s+)?(?:trained\s+)?(?:model|network|net|classifier)\b)/gi, 'export '],
  // "partition into train val test", "divide the epochs into training and test sets": a split
  [
    /\b(?:partition|divide|separate|break(?:\s+up)?)\s+(?:(?:it|them|the\s+(?:data|epochs|trials|dataset))\s+)?into\s+(?=(?:a\s+)?(?:train|training|test|val|validation)\b)/gi,
    'split into ',
  ],
  // "throw it all away, I want a clean slate": the whole Study cleared
  [
    /\bthrow\s+(?:(?:it|everything|them)\s+(?:all\s+)?|(?:it\s+)?all\s+)away\b(?:\s*[,;]?\s*(?:i\s+(?:want|need|'d like)\s+)?(?:a\s+)?(?:clean|blank)\s+slate\b)?|\b(?:i\s+(?:want|need|'d like)\s+)?(?:a\s+)?(?:clean|blank)\s+slate\b/gi,
    'clear everything',
  ],
  // the evaluation's CSP+LDA baseline under its names: "no CSP baseline", "skip the csp+lda comparison", "the LDA benchmark"
  [/\b(?:csp(?:\s*\+\s*lda)?|lda)\s+(?:baseline|comparison|benchmark|reference(?:\s+model)?)\b/gi, 'baseline'],
  // a training metric over the epochs is its curve: "the loss over epochs", "accuracy per epoch", 「準確率隨 epoch 變化的圖」
  [
    /\b(loss|accuracy|acc|auc|learning rate|lr)\s+(?:over|across|per|by|vs\.?|versus|against)\s+(?:the\s+)?(?:training\s+)?epochs?\b(?:\s+(?:plot|graph|chart|figure))?/gi,
    '$1 curve',
  ],
  [
    /(準確率|正確率|損失|loss|accuracy|auc|學習率)\s*(?:隨(?:著)?|跟著|對|在各個?|每個?)\s*epochs?\s*(?:數)?\s*(?:的)?\s*(?:變化|走勢|趨勢)?\s*(?:的)?\s*(?:圖|曲線)?/gi,
    '$1 曲線',
  ],
  // electrode coordinates under their informal names: "slap the 10-20 electrode coords on", "sensor locations"
  [/\b(?:electrode|sensor|channel)\s+(?:coords?|coordinates|locations?|positions?|locs|layout)\b|電極(?:的)?(?:座標|坐標|位置)/gi, 'electrode positions'],
  // a model converted to ONNX and put somewhere is exported there: 「模型轉成 onnx 丟到 model_out」, "convert the net to onnx in out/"
  [
    /(?:把|將)?\s*(?:模型|網路|model|net(?:work)?)\s*(?:轉成|轉為|轉換成|轉存成|輸出成|存成)\s*onnx\s*(?:格式|檔)?\s*(?:(?:後|之後|然後)\s*)?[，,]?\s*(?:(?:丟|放|存|寫|輸出|匯出)\s*(?:到|進|在)|到)\s*/gi,
    '匯出模型到 ',
  ],
  [/\bconvert\s+(?:the\s+|my\s+)?(?:trained\s+)?(?:model|net(?:work)?|classifier)\s+(?:to|into)\s+onnx\b/gi, 'export the model as onnx'],
  // "the data dir", "edfs only": a directory and files of a format in chat shorthand
  [/\b(?:dir|folder)\b(?!\.)/gi, (m: string) => (/^dir$/i.test(m) ? 'directory' : m)],
  [/\b(edf|bdf|gdf|fif|vhdr|npy)s\b/gi, '$1 files'],
  // recordings brought in are loaded: "bring in runs 4 and 8 of subject 1 from data", "pull in S002R04.edf"
  [/\b(?:bring|pull|read|suck)\s+in\b(?!\s+(?:mind|the\s+panel))/gi, 'load'],
  // "seed it with 3", "seeded with 7", "random state 42": the seed
  [
    /\b(?:seed(?:ed)?(?:\s+(?:it|them|this|that|the\s+(?:split|folds?|run|training)|everything))?\s+(?:with|to|at|as|=)|random[\s_-]state\s*(?:=|of|to)?)\s*(?=\d)/gi,
    'seed ',
  ],
  // where the user already is ("I'm on the preprocess panel already — notch 50 from there"): no step, and no switch
  [
    /\b(?:i'?m|i am|we'?re|we are)\s+(?:already\s+)?(?:on|in|at|looking at)\s+(?:the\s+)?[\w-]+\s+(?:panel|tab|view|page|screen)(?:\s+already)?\b\s*(?:[—–,;:.-]+\s*)?/gi,
    '',
  ],
  [/\s+(?:from\s+there|from\s+here|over\s+there)\b/gi, ''],
  // a baseline named by the stretch before the cue: "use the full second before the cue as baseline", "the 200 ms before
  // onset as the baseline" → the interval from that much before the event to the event
  [
    /\b(?:use\s+)?(?:the\s+)?(?:full\s+|whole\s+|entire\s+|last\s+)?(?:(half\s+a\s+second|second)|(\d+(?:\.\d+)?)\s*(ms|s|sec|secs|seconds?))\s+(?:right\s+)?before\s+(?:the\s+|each\s+|every\s+)?(?:cue|onset|event|stimulus|trigger|marker)s?\s+as\s+(?:the\s+)?baseline\b/gi,
    (_m: string, word?: string, n?: string, unit?: string) => {
      const sec = word ? (/half/i.test(word) ? 0.5 : 1) : Number(n) / (/^ms$/i.test(unit ?? '') ? 1000 : 1);
      return `baseline from -${sec} to 0 s`;
    },
  ],
  [/事件相關電位|誘發電位/g, 'ERP'],
  // "在訓練面板那邊把學習率改成 0.002", "in the training tab, set the lr to 0.002": where the user is looking, not a step
  [
    /在\s*[\w\u4e00-\u9fff]{1,8}?\s*(?:的)?\s*(?:面板|頁面|分頁|頁籤|畫面|panel|tab|view|page)\s*(?:那邊|那裡|這邊|這裡|上面|上|裡面|裡|中)\s*[，,]?\s*(?=(?:把|將|幫我|請)?\s*[\w\u4e00-\u9fff])/gi,
    '',
  ],
  [
    /^(?:(?:while\s+)?(?:in|on|from|over in)\s+the\s+\w+\s+(?:panel|tab|view|page|screen))\s*,?\s+(?=(?:please\s+)?(?:set|change|make|use|configure|bump|lower|raise|switch)\b)/gi,
    '',
  ],
  // "what's sitting in the data directory", "what is stored under raw": what is in it
  [/\b(what(?:'?s| is| are))\s+(?:sitting|stored|kept|lying|living|saved)\s+(in|inside|under|within)\b/gi, '$1 $2'],
  // "the average evoked response", "event-related potentials": the ERP however it is named
  [/\b(?:(?:the\s+)?average(?:d)?\s+)?(?:evoked\s+(?:responses?|potentials?)|event[- ]related\s+(?:potentials?|responses?))\b/gi, 'ERP'],
  [/(?:列出|顯示|給我看|看一下|看)?\s*資料集\s*(?:的)?\s*(?:資訊|信息|摘要|概況|詳情|細節)/g, 'show the dataset info'],
  // "看一下它們的通道數跟取樣率", "檢查一下事件數": the Study's facts read, not a step that sets them
  [
    /(?:看一下|看看|查看|檢查|顯示|告訴我|列出)\s*(?:一下)?\s*(?:它們|它|這些|資料|目前|現在)?\s*(?:的)?\s*(?:通道數|取樣率|事件數|長度)(?:\s*(?:跟|和|、|與|還有)\s*(?:通道數|取樣率|事件數|長度))*/g,
    'show the dataset info',
  ],
  // "交流電雜訊 50 Hz 幫我去掉": the thing removed named first, the removing verb last (no 把)
  [/^([^，,。；;把]{1,24}?)\s*(?:幫我|請|麻煩)?\s*(濾掉|濾除|去掉|去除|移除|拿掉|清掉|除掉)\s*[。.!！]*\s*$/g, '$2 $1'],
  // a path or name changed ("路徑改成 m2_v2", "檔名改為 final"): the English the correction rules read
  [/(?:輸出)?(?:路徑|儲存位置|存放位置|檔名|檔案名稱|資料夾名稱|名稱)\s*(?:就|要|請)?\s*(?:改成|改為|換成|設成|設為|改)\s*/g, 'change the path to '],
  // "通道就留這兩個", "只保留那幾個電極": the channels named before, as "those channels" (references.ts resolves them)
  [/(?:通道|電極)\s*(?:就|只)?\s*(?:只)?(?:留|保留)\s*(?:這|那)\s*(?:兩|2|二|幾|些|三|3)?\s*個?(?:就好)?/g, 'keep only those channels'],
  [/(?:就|只)?\s*(?:只)?(?:留|保留)\s*(?:這|那)\s*(?:兩|2|二|幾|些|三|3)?\s*個?\s*(?:通道|電極)(?:就好)?/g, 'keep only those channels'],
  [/\b(?:avg|ave)\.?\s*(?:re-?)?ref(?:erence)?\b/gi, 'average reference'],
  [/\bCAR\b/g, 'average reference'],
  [/\baverage\s+ref\b/gi, 'average reference'],
  // "common-average it", "CAR the data", "average-reference everything": the method used as a verb
  [
    /\b(?:common[- ]?average|average[- ]reference|car)\s+(?=(?:it|them|the data|the eeg|the signals?|the recordings?|everything|all)\b)/gi,
    're-reference to average reference ',
  ],
  [/\bcommon[- ]average\b(?!\s+ref)/gi, 'average reference'],
  [/\bref\b/gi, 'reference'],
  // line noise, however it is named: "get rid of the 60 Hz hum", "kill the line hum at 60", "remove AC interference"
  [NOISE_REMOVAL, (_m: string, n1?: string, n2?: string) => ((n1 ?? n2) ? `notch ${n1 ?? n2} Hz` : 'notch the mains')],
  [
    /\b(?:hp|high-?pass)\s*(?:filter)?\s*(?:at|@)?\s*(\d+(?:\.\d+)?)\s*(?:hz)?\s*(?:and|,|\+|&)\s*(?:lp|low-?pass)\s*(?:filter)?\s*(?:at|@)?\s*(\d+(?:\.\d+)?)\s*(?:hz)?/gi,
    'bandpass $1 to $2 Hz',
  ],
  [/\bband\s*pass\b/gi, 'bandpass'],
  [/(?<![/\\.\w-])(notch|bp|bpf|hp|lp|rs|ds|ep|epo|resample|downsample|epoch)(?=\d)/gi, '$1 '],
  [/\bbp\s+(?=\d)/gi, 'bandpass '],
  // lab shorthand for the steps, each followed by its value ("bp 8 30 then ep 0-4", "rs 100", "notch60 bp1-40"):
  // ep/epo before a time range is epoching (after a number, "40 ep", it counts training epochs, above), rs resampling,
  // and a bare "car" said as a step of a list is the common average reference
  [/\b(?:ep|epo)\s+(?=-?\d+(?:\.\d+)?\s*(?:-|–|~|to|\.\.)\s*-?\d)/gi, 'epoch '],
  [/\brs\s+(?:to\s+)?(?=\d{2,4}\b(?!\s*(?:s|sec|ms|%)))/gi, 'resample to '],
  [/(?<=^|[,;，；]\s*|\b(?:then|and|next|plus)\s+)car(?=\s*(?:$|[,;.，；。]|\s+(?:then|and|next)\b))/gi, 'average reference'],
  [/\bz\s*score\b/gi, 'z-score'],
  [/\bz[\s-]*(?:transform|standardi[sz]e|normali[sz]e)\w*|\bstandard[\s-]+scores?\b|標準分數|z\s*分數/gi, 'z-score'],
  [/\b(?:k-?fold\s+)?CV\b/g, 'cross-validation'],
  [/\bmin\s*(?:-|to|\/)?\s*max\b/gi, 'min-max'],
  [/\bstandard (?:chain|pipeline|steps|recipe)\b/gi, 'standard preprocessing'],
  [/\berps\b/gi, 'ERP'],
  // "the averaged response", "average evoked responses", "平均反應": the ERP
  [/\b(?:the\s+)?(?:averaged?|mean)\s+(?:evoked\s+)?responses?\b|平均(?:誘發)?(?:反應|響應)/gi, 'ERP'],
  [/\bdown\s*-?\s*sample\b/gi, 'downsample'],
  [/\bdecimate\b/gi, 'downsample'],
  [/\bre-?sample\b/gi, 'resample'],
  [/\bre\s*-?\s*ref(?:erence)?\b/gi, 're-reference'],
  // "with a third of overlap", "half overlap": the share of the window said before the word
  [/\b(?:with\s+)?(a|one)\s+(half|third|quarter|fourth|fifth)\s+(?:of\s+)?overlap(?:ping)?\b/gi, 'overlap $1 $2'],
  // "the batch should be 8", "上限應該是 40": the value a setting should have is the setting's value
  [
    /(?<=\w)\s+(?:should|must|needs? to|has to|ought to|is supposed to)\s+(?:have\s+)?be(?:en)?\s+(?=-?\d|(?:a|an|one)\s+(?:half|third|quarter|fifth|tenth|hundredth)\b|(?:half|twice|double|triple|three times|ten times)\b)/gi,
    ' to ',
  ],
  [/(?<=[^\s，,。])\s*應該(?:要)?(?:是|為|設成?)\s*(?=-?\d)/g, ' '],
  // "start again from S002R04.edf", "start fresh with …", "from scratch: load …": the Study cleared, then the load
  [
    /\b(?:start(?:ing)?|begin(?:ning)?)\s+(?:over|again|afresh|fresh|anew)\s*[,:]?\s*(?:from|with|using|on)\s+(?!scratch\b)(?=⟦|\S+\.\w)/gi,
    'clear everything, then load ',
  ],
  [
    /\b(?:from scratch|start(?:ing)?\s+(?:over|again|afresh|fresh|anew))\s*[,:;]?\s*(?:and\s+|then\s+)?(?=(?:load|open|import|read)\b)/gi,
    'clear everything, then ',
  ],
  [/(?:重新開始|從頭開始|從頭來過?|重來)\s*[，,:：]?\s*(?:用|從|改用)\s*(?=⟦|\S+\.\w)/g, '清除，然後載入 '],
  // "graph the training loss", "chart the accuracy", "visualize the validation accuracy over the epochs": a plot
  [/\b(?:graph|chart|visuali[sz]e)\s+(?=(?:the|my|our)\s+(?:\w+\s+){0,2}(?:loss|accuracy|acc|auc|learning curves?|curves?)\b)/gi, 'plot '],
  // "let's see the loss over epochs", "accuracy per epoch", "loss vs. epoch": a training curve, not epoching
  [/\b(loss|accuracy|acc|auc|kappa)\s+(?:over|per|across|by|vs\.?|versus|against|through)\s+(?:the\s+|each\s+)?epochs?\b/gi, '$1 curve'],
  // "get S001R04.edf loaded": load it
  [/\bget\s+((?:⟦\d+⟧(?:\.\w+)?|\S+\.\w{2,4})(?:\s*(?:,|and)\s*(?:⟦\d+⟧(?:\.\w+)?|\S+\.\w{2,4}))*)\s+(?:loaded|opened|imported|in)\b/gi, 'load $1'],
  // "重新讀 S002R04.edf", "讀 data 資料夾": read a file is load it
  [/(?:重新)?讀(?:取|入|進)?\s*(?=⟦|\S+\.\w{2,4}\b)/g, '載入 '],
  // "重新讀 data 資料夾": read a folder is load it
  [/(?:重新)?讀(?:取|入|進)?\s*(?=[\w./~-]+\s*(?:資料夾|目錄))/g, '載入 '],
  // "改載 S002R04.edf", "換讀 …": load that file instead (after a clear, the next step)
  [/(?:改|換)(?:成)?(?:載入?|讀(?:取|入)?)\s*(?=⟦|\S+\.\w{2,4}\b)/g, '載入 '],
  // "only C3 and C4, toss everything else": the rest dropped is what "only" already says
  [
    /\s*[,，]?\s*(?:and\s+)?(?:toss|drop|remove|discard|ditch|chuck|bin|get rid of|throw away|throw out|lose)\s+(?:everything|all|the rest|all the rest|anything|every other channel)(?:\s+else)?\s*$/gi,
    '',
  ],
  [
    /\s*[,，]?\s*(?:and\s+)?(?:toss|drop|remove|discard|ditch|chuck|bin|get rid of|throw away|throw out|lose|delete)\s+(?:all\s+)?(?:the\s+)?(?:other|remaining)\s+(?:channels|electrodes|ones)\s*$/gi,
    '',
  ],
  [/^((?:(?:Fp|AF|FC|FT|CP|TP|PO|F|C|T|P|O|I)(?:\d+|z)\s*(?:,|and|&|、)?\s*)+)\s*only\b/gi, 'keep only $1'],
  // "中止目前的訓練", "停掉現在這個訓練": the run going now stopped
  [/(?:中止|停止|停掉|終止|中斷|叫停)\s*(?:目前|現在|正在跑|正在進行|進行中)?\s*(?:的)?\s*(?:這個|這次|這一輪)?\s*(?:的)?\s*訓練/g, '停止訓練'],
  // "建立訓練和測試資料", "做出訓練集跟測試集": the data split into its parts
  [
    /(?:(?:建立|產生|做出?|準備)\s*訓練\s*(?:集|資料)?\s*(?:和|與|跟|、|及)\s*(?:驗證\s*(?:集|資料)?\s*(?:和|與|跟|、|及)\s*)?測試\s*(?:集|資料)|(?:切出|分出|切成|分成|拆成|切分成|分割成)\s*訓練\s*(?:集|資料)?\s*(?:和|與|跟|、|及|\/)\s*(?:驗證\s*(?:集|資料)?\s*(?:和|與|跟|、|及|\/)\s*)?測試\s*(?:集|資料)?)/g,
    '產生資料集',
  ],
  // "on the test set, evaluate the model": the split said before the step goes with it
  [
    /^(?:on|using|with|for)\s+(?:the\s+)?(test|validation|val|training|train)\s+(set|split|data|partition)\s*,\s*((?:evaluate|assess|score|test)\b.*)$/gi,
    '$3 on the $1 $2',
  ],
  // "only C3 and C4" said alone, "通道只要 Cz", "通道就留這兩個": a selection of channels
  [/^(?:just\s+|only\s+)(?=(?:the\s+)?(?:channels?\s+)?(?:Fp|AF|FC|FT|CP|TP|PO|F|C|T|P|O)(?:\d+|z)\b)/i, 'keep only '],
  [/(?:通道|電極)\s*(?:就|只)?\s*(?:只要|只留|就留|只保留|保留|留)\s*/g, '只保留 '],
  // "訓練取消", "開訓": stop or start the run
  [/訓練\s*(?:取消|停掉|中止|停止|喊停)/g, '停止訓練'],
  [/^開訓$/, '開始訓練'],
  [/\bgrad(?:ient)?s?\s*(?:x|×|\*|times)\s*inputs?\b/gi, 'gradient x input'],
  // data and files
  [/\b(?:show|give|tell)\s+me\s+(?:the|my|all(?: the)?|what)\s+(?:eeg\s+)?(?:files|recordings)\b/gi, 'list the files'],
  [/\bwhat\s+(?:files|recordings)\s+(?:are|do i have|have i got)\b/gi, 'list the files'],
  [/\b(?:pull|bring|read)\s+in\b/gi, 'load'],
  [/\bopen\s+up\b/gi, 'open'],
  [/\b(?:lemme|let me|lemme have a|let me have a)\s+(?:see|look at|view)\b/gi, 'show'],
  [/\bacc\b(?=\s+(?:curves?|plots?|history|graph))/gi, 'accuracy'],
  [/\bfire up\b/gi, 'load'],
  // "get the EEG down to 100 Hz", "bring the recordings down to 128 Hz": a rate for the data is a resample
  [
    /\b(?:get|bring|take|put|drop|move|convert)\s+(?:the\s+|my\s+|all\s+(?:the\s+)?)?(?:eeg|data|signals?|recordings?|files?|everything)\s+(?:down\s+|up\s+)?to\s+(\d+(?:\.\d+)?)\s*(?:hz|hertz)\b/gi,
    'resample to $1 Hz',
  ],
  [/\b(?:show|give)\s+me\s+(?:the\s+)?(?:info|information|details|summary|overview)\b/gi, 'show the dataset info'],
  // dataset
  [/\btrain\s*\/\s*val(?:idation)?\s*\/\s*test\b/gi, 'split'],
  // "an 80/20 train/test ratio", "the train/val shares": the parts of a split, never the verb train
  [/\btrain(?:ing)?\s*\/\s*(?:test|val(?:idation)?)\b(?!\s*\/)/gi, 'split'],
  // training and evaluation
  [/\beval(?:uation)?\s+(?=(?:tab|panel|view|page|screen|section)\b)/gi, 'evaluation '],
  [/\beval\b/gi, 'evaluate'],
  // "how did the model do on the held-out set", "run the numbers": an evaluation
  [
    /\bhow\s+(?:did|does|do|is|'?s)\s+(?:the|my|our|this|it)\s*(?:trained\s+)?(?:model|network|net|classifier|eegnet|cnn)?\s*(?:do|doing|perform|performing|score|scoring)\b/gi,
    'evaluate the model',
  ],
  [/\b(?:run|crunch)\s+the\s+numbers\b/gi, 'evaluate'],
  [/\bkick off\b/gi, 'start'],
  [/\bfire off\b/gi, 'start'],
  // "fire it up", "spin the training up": start it
  [/\b(?:fire|spin)\s+(?:it|this|that|the\s+(?:run|training|model))?\s*up\b/gi, 'start training'],
  // "lr" alone is the learning rate; inside a pipeline name ("TS+LR") it is not
  [/(?<![+\w])lr\b(?!\s*\+)/gi, 'learning rate'],
  [/\blearning[-_]rate\b/gi, 'learning rate'],
  [/\bbs\s*(?==|\d)/gi, 'batch size '],
  [/\bconf(?:usion)?\s*mat(?:rix)?\b/gi, 'confusion matrix'],
  [/\bheat\s*maps?\b/gi, 'saliency'],
  [/\bshallow\s*conv\s*net\b|\bshallownet\b/gi, 'ShallowConvNet'],
  // "EEG-Net", "eeg net", "SCC-Net", "shallow-fbcsp-net": a model written apart is the model
  [/\b(?:eeg[\s-]net|scc[\s-]net|shallow[\s-](?:conv[\s-]?net|fbcsp[\s-]?net)|shallowfbcspnet)\b/gi, (m: string) => modelSpelling(m)],
  [/\bepochs?\s+of\s+training\b/gi, 'training epochs'],
  // electrode positions, however named
  [
    /\b(?:electrode|channel|sensor|cap)\s+(?:layout|locations?|positions?|coordinates|placement)\b|\b(?:10-20|10-10|10-05)\s+(?:layout|system|positions?)\b/gi,
    'montage',
  ],
  [/電極(?:配置|位置|座標|排列)|頭皮位置/g, 'montage'],
  // saliency methods abbreviated: "integ. gradients", "int grads", "smooth-grad", "var grad"
  [/\bint(?:eg(?:r(?:ated)?)?)?\.?\s*grad(?:ient)?s?\b\.?/gi, 'integrated gradients'],
  [/\bsmooth[\s-]+grad\b/gi, 'smoothgrad'],
  [/\bvar[\s-]+grad\b/gi, 'vargrad'],
  // an event-related potential under its other names: "evoked responses", "事件相關電位", "平均誘發反應"
  [/\bevent[\s-]related\s+potentials?\b|\b(?:averaged?\s+)?evoked\s+(?:responses?|potentials?)\b/gi, 'ERP'],
  [/(?:平均)?\s*(?:的)?\s*(?:事件相關電位|誘發(?:反應|電位|響應)|誘發性?電位)/g, ' ERP'],
  // "有啥", "有沒有什麼": what there is
  [/有啥|有些啥|有哪些東西|有沒有什麼/g, '有什麼'],
  // saliency methods in Chinese
  [/積分梯度(?:法)?/g, 'integrated gradients'],
  [/平滑梯度(?:法)?/g, 'smoothgrad'],
  [/梯度\s*(?:乘以?|×|x)\s*輸入/g, 'gradient x input'],
  // the sampling rate under its other names
  [/取樣頻率|採樣頻率|採樣率|抽樣率/g, '取樣率'],
  // English nouns inside a Chinese sentence ("產生dataset", "把model 匯出", "test set 佔 25%", "打開train 面板"): the
  // Chinese noun, which the Chinese rules read with the verb beside it (after an English word it stays: "export model 到 …")
  [
    /\b(train(?:ing)?|evaluat\w*|preprocess\w*|visuali[sz]ation|dataset)\s*(?=(?:的)?\s*(?:面板|頁面|分頁|頁籤|畫面|頁))/gi,
    (m: string) => (/^train/i.test(m) ? '訓練' : /^evaluat/i.test(m) ? '評估' : /^preprocess/i.test(m) ? '前處理' : /^visuali/i.test(m) ? '視覺化' : '資料集'),
  ],
  [
    /(?<=[\u4e00-\u9fff]\s?)(?:the\s+)?(dataset|test set|validation set|val set|training set|model|channels?)\b|(?<![A-Za-z]\s?)\b(dataset|test set|validation set|val set|training set|model|channels?)(?=\s?[\u4e00-\u9fff])/gi,
    (m: string) => {
      const w = m.toLowerCase().replace(/^the\s+/, '');
      return w === 'dataset'
        ? '資料集'
        : w === 'test set'
          ? '測試集'
          : w === 'training set'
            ? '訓練集'
            : w === 'model'
              ? '模型'
              : /^channel/.test(w)
                ? '通道'
                : '驗證集';
    },
  ],
  // Traditional Chinese synonyms
  [/讀進來|讀入|載進來|載進|匯進來|加載|加進來|開啟檔案|打開檔案/g, '載入'],
  [/掃描|掃參數|參數掃描|網格搜尋/g, 'sweep '],
  [
    /(?:去除|去掉|濾掉|濾除|消除|移除|拿掉|除掉|抑制|處理掉?|清掉)\s*(?:掉)?\s*(\d+(?:\.\d+)?)\s*(?:Hz|赫茲)?\s*(?:的)?\s*(?:市電|電源|交流電|工頻|電力線)?\s*(?:雜訊|干擾|噪音|雜波|諧波)/gi,
    '陷波 $1 Hz',
  ],
  [
    /(?:去除|去掉|濾掉|濾除|消除|移除|拿掉|除掉|抑制|處理掉?|清掉)\s*(?:掉)?\s*([^，,。；;\d]{1,8}?的)?\s*(?:市電|電源|交流電|工頻|電力線)\s*(?:的)?\s*(?:雜訊|干擾|噪音|雜波)?/g,
    (_m: string, place?: string) => `陷波 市電${place ? ` ${place}` : ''}`,
  ],
  // the noise named first and the removing verb after it (「電源干擾幫我去掉」, 「市電雜訊濾掉」): the mains notch, as verb first
  [
    /(?:市電|電源|交流電|工頻|電力線)\s*(?:的)?\s*(?:雜訊|干擾|噪音|雜波)\s*(?:幫我|請|麻煩|也|都|要|就)?\s*(?:去除|去掉|濾掉|濾除|消除|移除|拿掉|除掉|抑制|處理掉?|清掉)(?:掉)?/g,
    '陷波 市電',
  ],
  // one edge of a band removed or kept: "濾掉 30 Hz 以上的成分", "低於 1 Hz 的都去掉", "只保留 40 Hz 以下" (a low-pass, a high-pass)
  [
    /(?:濾掉|濾除|去掉|去除|移除|拿掉|砍掉|切掉|過濾掉?|不要)\s*(\d+(?:\.\d+)?)\s*(?:hz|赫茲)?\s*(以上|以下|之上|之下)(?:的)?\s*(?:成分|頻率|訊號|信號|頻段|部分|雜訊|東西)?/gi,
    (_m: string, n: string, side: string) => (/上/.test(side) ? `低通 ${n} Hz` : `高通 ${n} Hz`),
  ],
  [
    /(高於|大於|超過|低於|小於)\s*(\d+(?:\.\d+)?)\s*(?:hz|赫茲)?\s*(?:的)?\s*(?:成分|頻率|訊號|信號|頻段|部分|雜訊|東西)?\s*(?:都|全部|通通)?\s*(?:濾掉|濾除|去掉|去除|移除|拿掉|砍掉|切掉|不要)/gi,
    (_m: string, side: string, n: string) => (/高|大|超/.test(side) ? `低通 ${n} Hz` : `高通 ${n} Hz`),
  ],
  [
    /(?:濾掉|濾除|去掉|去除|移除|拿掉|砍掉|切掉)\s*(?:頻率)?\s*(高於|大於|超過|低於|小於)\s*(\d+(?:\.\d+)?)\s*(?:hz|赫茲)?(?:的)?\s*(?:成分|頻率|訊號|信號|頻段|部分|雜訊|東西)?/gi,
    (_m: string, side: string, n: string) => (/高|大|超/.test(side) ? `低通 ${n} Hz` : `高通 ${n} Hz`),
  ],
  [
    /(?:只)?(?:保留|留下|留)\s*(\d+(?:\.\d+)?)\s*(?:hz|赫茲)?\s*(以上|以下)(?:的)?\s*(?:成分|頻率|訊號|信號|頻段|部分)?/gi,
    (_m: string, n: string, side: string) => (/下/.test(side) ? `低通 ${n} Hz` : `高通 ${n} Hz`),
  ],
  // "把資料的頻率降一半", "訊號頻率改成 100": the frequency of the data is its sampling rate
  [/(?<=(?:資料|訊號|信號|數據|腦波)\s*(?:的)?\s*)(?:取樣)?頻率(?=\s*(?:再)?\s*(?:降|減|砍|改|變|調|設|到|成|升|提高))/g, '取樣率'],
  [/降頻|降低取樣率/g, '降採樣'],
  // separable verbs with an aspect word between verb and object ("濾一下波", "濾個波", "切一下段"): the verb whole again
  [/(濾|陷|切|分|降)(?:一下|了一下|個|一次)(波|段|頻)/g, '$1$2'],
  [/共同平均參考|平均參考/g, 'average reference'],
  [/看一下檔案|列出檔案|有什麼檔案|顯示檔案/g, '列出檔案'],
  // a panel named alone ("dashboard", "the evaluation tab", "儀表板"): show it
  [/^\s*(?:the\s+)?(dashboard|儀表板)\s*[.!！。]?\s*$/gi, 'switch to the dashboard panel'],
  [/^\s*(?:the\s+)?((?:dataset|preprocess\w*|training|visuali[sz]ation|evaluation)\s+(?:panel|tab|page|view))\s*[.!！。]?\s*$/gi, 'switch to the $1'],
  // "notch 60, common average ref, then z-score": a reference named alone after another step is that step
  [
    /([,，;；]\s*|\b(?:then|and|and then)\s+)(?:a\s+|the\s+)?(?:common\s+)?average\s+reference(?=\s*(?:[,，;；.]|$|\b(?:then|and)\b))/gi,
    '$1re-reference to average reference',
  ],
];

/**
 * Session h15-vocab: toolbox words and spelling variants (kept apart from PHRASES). Filter names written in two words
 * ("low pass 40", "high pass at 1 Hz"), the shorthand "ep" before what an epoch takes ("ep T1 T2 0-4s"), the plural
 * "spectra" ("analyse the spectra at C3"), and braindecode's versioned model names (EEGNetv4, EEGNet_v4 → EEGNet).
 */
const TOOLBOX_PHRASES: [RegExp, string | ((...m: string[]) => string)][] = [
  [/\b(low|high)[\s_]+pass\b/gi, '$1pass'],
  [/\bep\b(?=\s+(?:T\d|-?\d|around|on|from|at|events?\b|trials?\b))/gi, 'epoch'],
  // "ep T1,T2 -0.5/3.5", "epoch 0/4 s", "切 epoch T1/T2 -1/4": a window written start/end after the epoch word and its
  // events (elsewhere "80/20" stays a split)
  [/(\bepoch(?:s|ing)?\b(?:\s*(?:T\d+|events?|on|around|and|[,/&+]))*\s*)(-?\d+(?:\.\d+)?)\s*\/\s*(-?\d+(?:\.\d+)?)(?![\d/.])/gi, '$1$2 to $3'],
  [/\bspectra\b/gi, 'spectrum'],
  // 「每個人各自訓練」, 「每位受試者分開訓練」, "a model per subject", "subject-specific models": the dataset's individual
  // training mode (a setting of the split), not a run started
  [/(?:每(?:一)?(?:個人|個受試者|位受試者|個\s*subject|人))?\s*(?:各自|個別|單獨|分開)\s*(?:訓練|train)(?!\s*(?:開始|起來|吧|EEG|Shallow|SCC))/gi, '個別模式'],
  [
    /\b(?:train(?:ing)?\s+(?:a\s+model\s+)?(?:for\s+)?(?:each|every)\s+(?:subject|participant|person)\s+(?:separately|individually|on (?:their|its) own)|(?:separate|individual)\s+models?\s+(?:for|per)\s+(?:each\s+)?(?:subject|participant)|(?:one|a)\s+model\s+per\s+(?:subject|participant)|(?:per[- ](?:subject|participant)|subject[- ]specific)\s+(?:training|models?))\b/gi,
    'individual mode',
  ],
  // "correct against the second before the cue", "corrected relative to -0.2 to 0": a correction against an interval is
  // a baseline
  [
    /\bcorrect(?:ed|ing)?\s+(?:it\s+|them\s+)?(?:against|relative to|using|with respect to)\s+(?=(?:the\s+)?(?:-?\d|pre|first|last|half|second|interval|period|window|start|beginning)|(?:\d|a|one)\b)/gi,
    'baseline ',
  ],
  // an English stop word with a Chinese particle ("training 先 kill 一下", "cancel 掉", "abort 吧"): the stop
  [/\b(?:kill|abort|cancel|halt|terminate)\s*(?=掉|一下|下去|了|吧|啦)/gi, 'stop '],
  // lab short forms inflected ("rereffing to Cz", "filt'd 1-40", "resamped"): the short form
  [/\b(reref|filt|resamp|downsamp)(?:f|t|p)?(?:ing|'d|ed|s)\b/gi, '$1'],
  // "analyse the spectrum at C3": looking at a spectrum is plotting it
  [/\b(?:analy[sz]e|inspect|examine|check)\s+(?=(?:the\s+)?(?:power\s+)?spectrum\b)/gi, 'plot '],
  [/\b(?:the\s+)?spectrum\s+of\s+the\s+(?:epochs|trials|data|signals?)\b/gi, 'the spectrum'],
  // (never inside a path or file name: results/eegnet_v2/ stays)
  [/(?<![\w/\\.-])EEG[\s-]?Net[\s_-]?v\d(?![\w/\\.-])/gi, 'EEGNet'],
  // dictation homophones of numbers, only between the words a value stands between ("band pass ate to thirty")
  [/(?<=\b(?:pass|filter|notch|to|from|at|between|and)\s+)ate\b(?=\s+(?:to|and|through|hz|hertz)\b|\s*[-–]|\s*$)/gi, 'eight'],
  [/(?<=\b(?:pass|filter|from|between)\s+)won\b(?=\s+(?:to|and|through)\b)/gi, 'one'],
  // "acc 曲線", "the acc plot": accuracy (a metric named before a curve word)
  [/\bacc\b(?=\s*(?:曲線|的曲線|圖|curves?|plots?|graph))/gi, 'accuracy'],
  // an English verb with a Chinese result particle ("training kill 掉", "cancel 掉"): the Chinese verb of the same step
  [/\b(?:kill|stop|abort|cancel|halt|terminate)\s*掉/gi, '停掉'],
  // "slurp in / pull in / bring in / read in X": loading
  [/\b(?:slurp|pull|suck|bring|read|pipe)\s+in\b/gi, 'load'],
  // a count of training epochs said after the noun ("epoch 總共 12", "epochs in total 20"): the count before it
  [/\bepochs?\s*(?:總共|一共|共|in total|total)\s*(?:要|是|設|為|跑|=|:)?\s*(\d+)(?!\s*(?:秒|s\b|ms\b))/gi, '$1 個 epoch'],
  // "train 的時候 …", "訓練的時候 …": a frame for the training settings that follow, not a start
  [/^\s*(?:train(?:ing)?|訓練)\s*的時候\s*/gi, '訓練設定：'],
  // "the second before the cue", "the half second before": one second (a half) before the event
  [/\bthe\s+(?:(half)[\s-])?second\s+(?=(?:before|prior to|preceding)\b)/gi, (_m: string, half?: string) => (half ? '0.5 s ' : '1 s ')],
  // "a quarter of what's left": the rest
  [/\bwhat'?s\s+left\b|\bwhat\s+(?:is\s+left|remains)\b/gi, 'the rest'],
  // "a quarter of the rest", "half of the remainder": the exact share as a percentage
  [
    /\b(?:(?:a|one)\s+)?(half|quarter|fifth|tenth)\s+of\s+(?=the\s+(?:rest|remainder|remaining)\b)/gi,
    (_m: string, f: string) => `${{ half: 50, quarter: 25, fifth: 20, tenth: 10 }[f.toLowerCase() as 'half']}% of `,
  ],
  // 「重複跑三次」, 「重複訓練 5 次」: repeats of the run
  [/重複\s*(?:跑|訓練|執行|做)(?=\s*[\d零一二兩三四五六七八九十]+\s*(?:次|遍))/g, '重複'],
  // "needs everything at 128 Hz", "the data at 100 Hz": the data at a rate is the data resampled to it
  [/\b(?:everything|the data|all (?:the )?(?:data|recordings|files)|the recordings)\s+at\s+(\d+(?:\.\d+)?)\s*hz\b/gi, 'resample to $1 Hz'],
];

/** The first word of a step in a notebook line, as the rules read it after the rewriting above. */
const NOTEBOOK_STEP =
  'notch|car|common average|band-?pass|high-?pass|low-?pass|filter|resample|downsample|upsample|epoch|re-?reference|average reference|normali[sz]e|z-?score|select|split|train|evaluate|plot|export|陷波|帶通|高通|低通|濾波|重新取樣|降採樣|降取樣|平均參考|標準化|切|訓練|評估';

/**
 * An attribution method named by its initials ("IG attribution map", "GxI on the trained net"): the method's words, as
 * compute_saliency's definition spells them (integrated_gradients → IG, gradient_x_input → GxI). Only methods of two
 * or more full words ("x" aside), written in capitals, so ordinary short words are never read as one.
 */
const METHOD_INITIALS: [RegExp, string][] = (() => {
  const def = TOOL_DEFINITIONS.find((d) => d.name === 'compute_saliency');
  const method = (def?.parameters as { properties?: Record<string, { enum?: unknown[] }> } | undefined)?.properties?.method;
  return (method?.enum ?? [])
    .filter((v): v is string => typeof v === 'string')
    .map((v) => v.split('_'))
    .filter((w) => w.length >= 2 && w.every((p) => p === 'x' || p.length >= 4))
    .map((w) => [new RegExp(String.raw`(?<![\w/.-])${w.map((p) => (p === 'x' ? '[xX×]' : p[0].toUpperCase())).join('')}(?![\w/.-])`, 'g'), w.join(' ')]);
})();

/**
 * The models, however they are written ("EEGNet", "EEG-Net", "eeg net", "Shallow ConvNet", "shallow-convnet",
 * "ShallowFBCSPNet", "shallow", "SCC-Net"): one pattern for every reader (the rules, the model-choice precedence and
 * the question classifier), so a variant or a corrected typo reaches all of them. No capture groups: embed it anywhere.
 */
export const MODEL_WORD = String.raw`(?:eeg[\s-]?net(?:[\s_-]?v\d)?|shallow(?:[\s-]?(?:conv[\s-]?net|fbcsp[\s-]?net|net))?|scc[\s-]?net)`;

/**
 * Words that throw work away, in English and Traditional Chinese: the one list every safety reader builds on (the
 * file-name slugs of clauses.ts, the adopted quote's steps, safety.ts' gate, restart.ts' "says clear", the steps a
 * rejection never reaches in references.ts, the planner's bare-clear and clear rules). By what they throw away:
 * - clear: the data itself; a Study cleared whatever the object.
 * - discard: some of the data; also ordinary steps ("remove line noise", "drop C3"), so a rule needs an object.
 * - reset: processing undone.
 * - restart: the work started over (training or the Study: restart.ts decides which).
 * - stop: a run thrown away.
 * Entries are regex sources without capture groups; `short` are abbreviations seen only in file and folder names.
 */
export const DESTRUCTIVE_WORDS = {
  clear: {
    en: ['clear', 'wipe', 'delete', 'erase', 'empty', 'purge', 'destroy', 'unload'],
    zh: ['清除', '清空', '清掉', '清光', '刪光', '刪掉', '刪除', '抹除'],
  },
  discard: { en: ['remove', 'drop', 'discard', 'throw (?:(?:it|everything|them) )?(?:all )?away'], zh: ['丟掉', '丟棄', '砍掉'] },
  reset: { en: ['reset', 'undo', 'revert', 'roll back'], zh: ['重置', '重設', '復原', '撤銷', '還原'] },
  restart: {
    en: ['start(?:ing)? (?:over|again|afresh|anew|fresh)', 'from scratch', 'begin again', 'restart'],
    zh: ['重新開始', '重新來過', '重來', '從頭(?:開始|來過?|跑)'],
  },
  stop: { en: ['stop', 'abort', 'cancel', 'kill', 'halt', 'terminate'], zh: ['停止', '中止'] },
  short: { en: ['rm', 'del', 'clean'], zh: [] },
} as const satisfies Record<string, { en: readonly string[]; zh: readonly string[] }>;

export type DestructiveSense = Exclude<keyof typeof DESTRUCTIVE_WORDS, 'short'>;
const ALL_SENSES: readonly DestructiveSense[] = ['clear', 'discard', 'reset', 'restart', 'stop'];

/** Regex source (no capture groups) of the words of the given senses, all of them when none is given: English between word boundaries, Chinese as written. */
export function destructiveWords(...senses: DestructiveSense[]): string {
  const of = senses.length ? senses : ALL_SENSES;
  const en = of.flatMap((k) => DESTRUCTIVE_WORDS[k].en);
  const zh = of.flatMap((k) => DESTRUCTIVE_WORDS[k].zh);
  return String.raw`\b(?:${en.join('|')})\b` + (zh.length ? `|${zh.join('|')}` : '');
}

/** The English words of every sense (and the short forms) as parts of a slug: "clear-all-data", "out/start_over". */
export function destructiveSlugPart(): string {
  return [...ALL_SENSES.flatMap((k) => DESTRUCTIVE_WORDS[k].en), ...DESTRUCTIVE_WORDS.short.en].map((w) => w.replace(/ /g, '[-_.]')).join('|');
}

/** The model's own spelling for a MODEL_WORD match. */
export function modelSpelling(word: string): 'EEGNet' | 'ShallowConvNet' | 'SCCNet' {
  const k = word.toLowerCase().replace(/[\s-]+/g, '');
  return k.startsWith('shallow') ? 'ShallowConvNet' : k.startsWith('scc') ? 'SCCNet' : 'EEGNet';
}

/** Full-width digits, Latin letters and signs ("帶通８到３０", "ＥＥＧＮｅｔ") to their ASCII forms. */
export function normaliseWidth(text: string): string {
  // the minus sign (U+2212) is the hyphen-minus every rule reads ("\u22120.5 s")
  return text.replace(/[０-９Ａ-Ｚａ-ｚ．％＋－＝]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)).replace(/\u2212/g, '-');
}

/**
 * Corrects misspelt tokens outside quotes and file names, then rewrites informal phrases: a phrase ("show me the
 * fles", "the acc curvse") is recognised whatever typo its words carry.
 */
export function canonicalText(text: string): string {
  // sentence-final particles ("開跑吧", "評估一下啦") carry no meaning for a step
  let s = correctTypos(
    spacedChineseNumerals(
      unitSpellings(
        withoutHomophoneSlips(
          TOOLBOX_PHRASES.reduce(
            (t, [re, to]) => (typeof to === 'string' ? t.replace(re, to) : t.replace(re, to as (...m: string[]) => string)),
            METHOD_INITIALS.reduce((t, [re, to]) => t.replace(re, to), normaliseWidth(text)),
          ),
        ),
      ),
    ).replace(/([\u4e00-\u9fff])[吧啦囉喔哦呀耶嘛]+(?=\s*(?:[，,。.!！?？]|$))/g, '$1'),
  );
  for (const [re, to] of PHRASES) s = typeof to === 'string' ? s.replace(re, to) : s.replace(re, to as (...m: string[]) => string);
  // a spaced slash or bar between the steps of a notebook line ("hpf 1 / lpf 40 / notch 60", "帶通 8-30 | 陷波 60") is a
  // list's comma (never a division: "128 / average reference" has no number after it), so a high-pass and a low-pass
  // listed so still make one band
  s = s.replace(new RegExp(String.raw`\s+[/|]\s+(?=(?:${NOTEBOOK_STEP})(?![\w-]))`, 'gi'), ', ');
  // Chinese has no spaces between words: one left between two Han characters ("測試集 抓 25%") is noise
  return (
    s
      .replace(/(?<=[\u4e00-\u9fff])[ \t]+(?=[\u4e00-\u9fff])/g, '')
      // "用IIR四階", "list一下data資料夾", "只留C3、C4": a Latin word or a number written against Chinese is still a word of
      // its own; the rules read it with a space on either side, as most writers put it (a path such as 輸出/模型A stays whole)
      .replace(/\S+/g, (t) => (/[/\\]/.test(t) ? t : t.replace(/(?<=[\u4e00-\u9fff])(?=[A-Za-z0-9⟦])|(?<=[A-Za-z0-9⟧])(?=[\u4e00-\u9fff])/g, ' ')))
  );
}

/**
 * The step words a lab note shortens by cutting the end ("filt 1-40", "resamp 128", "norm", "freq", "prep the data"),
 * one spelling each so a cut matches one word ("eval" is the lexicon's own word for both evaluate and the evaluation panel). Real words that are such a cut ("refer", "base", "valid", "average" from
 * "aver") never reach it: a real word is kept before any correction is tried (NOT_TYPOS), and these are listed there.
 */
const ABBREVIATED_WORDS: readonly string[] = [
  'filter',
  'resample',
  'downsample',
  'upsample',
  'normalize',
  'reference',
  'segment',
  'frequency',
  'sampling',
  'validation',
  'preprocess',
  'montage',
  'saliency',
  'export',
  'notch',
  'bandpass',
  'highpass',
  'lowpass',
];

/** The known word a token is a misspelling of, or the token itself (known words and their inflections are kept). */
function correctWord(w: string): string {
  const lower = w.toLowerCase();
  // a real word one letter away from a vocabulary word ("a clean slate", not "state") is what the user wrote
  if (NOT_TYPOS.has(lower) || REAL_SUBSTITUTES.has(lower) || KNOWN_WORDS.includes(lower) || PARAMETER_WORDS.known.includes(lower)) return w;
  // an inflection of a known word ("exports", "filtered", "loading") is that word, not a typo of another
  if (KNOWN_WORDS.some((v) => lower.startsWith(v) && /^(?:s|es|d|ed|ing|er|ers)$/.test(lower.slice(v.length)))) return w;
  // … with its last consonant doubled ("splitting", "overlapping", "stopped")
  if (KNOWN_WORDS.some((v) => lower.startsWith(v + v[v.length - 1]) && /^(?:ed|ing|er|ers)$/.test(lower.slice(v.length + 1)))) return w;
  if (KNOWN_WORDS.some((v) => v.endsWith('e') && lower.startsWith(v.slice(0, -1)) && /^(?:ed|ing|er|ers)$/.test(lower.slice(v.length - 1)))) return w;
  const near = closestWord(lower, KNOWN_WORDS);
  if (near) return near;
  const cut = abbreviated(lower, ABBREVIATED_WORDS);
  if (cut) return cut;
  // "startnig", "filterd": a known word with a misspelt ending is that word inflected
  for (const v of KNOWN_WORDS) {
    if (v.length < 4 || !lower.startsWith(v)) continue;
    const rest = lower.slice(v.length);
    const end = ['ing', 'ers'].find((e) => rest.length >= 3 && editDistance(rest, e) === 1);
    if (end) return v + end;
  }
  return sameSkeleton(lower, VOCABULARY) ?? ruleWordSlip(lower) ?? w;
}

const RULE_WORD_SET: ReadonlySet<string> = new Set(RULE_WORDS);

/**
 * Every other word the rules key on ("without", "instead", "noise", "factor", "Taiwan"; ruleWords.ts, mined from their
 * patterns) read through one keystroke slip ("witohut", "instaed", "niose", "fatcor", "Tawian"), an inflection ending
 * kept ("attrbiutions"). Only slips that real words do not make: a real English word near a rule word
 * (REAL_NEAR_RULE_WORDS, "angel", "loose") is never corrected.
 */
function ruleWordSlip(lower: string): string | null {
  if (lower.length < 5 || RULE_WORD_SET.has(lower) || REAL_NEAR_RULE_WORDS.has(lower) || NOT_TYPOS.has(lower)) return null;
  for (const end of ['', 's', 'es', 'ed', 'ing']) {
    if (end && !lower.endsWith(end)) continue;
    const stem = lower.slice(0, lower.length - end.length);
    if (stem.length < 5 || (end && (RULE_WORD_SET.has(stem) || REAL_NEAR_RULE_WORDS.has(stem)))) continue;
    const hit = RULE_WORDS.find((r) => isSlip(stem, r));
    if (hit) return hit + end;
  }
  return null;
}

/** Misspelt tokens to the known words, outside file names and paths; a hyphenated token part by part ("within-sesion"). */
export function correctTypos(text: string): string {
  return text.replace(/[A-Za-z][A-Za-z-]{2,}/g, (w, offset: number, all: string) => {
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
    const whole = correctWord(w);
    if (whole !== w || !w.includes('-') || KNOWN_WORDS.includes(w.toLowerCase())) return whole;
    return w
      .split('-')
      .map((p) => (p.length >= 3 ? correctWord(p) : p))
      .join('-');
  });
}
