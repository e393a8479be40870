import { adoptedQuote } from './understanding/adoptedQuote';
import { askWhichOption } from './understanding/optionsQuestion';
import type { PlannedCall } from '../study/stateManager';
import {
  listItemsAsSteps,
  maskLiterals,
  relativeClauseAfter,
  splitClauses as splitScoped,
  unmask,
  withoutCourtesy,
  withoutPoliteFrame,
} from './understanding/clauses';
import { canonicalText, destructiveWords, MODEL_WORD, normaliseWidth } from './understanding/lexicon';
import { keptAllBut } from './understanding/channels';
import { isPlaceStatement, mainsUnresolved, regionMains, resolveQuantities } from './understanding/quantities';
import { epochWindowChange } from './understanding/epochWindow';
import {
  callFailed,
  lastCallOf,
  lastDoneCallOf,
  lastTurnCalls,
  ambiguousPronoun,
  movedValue,
  namedEarlierValue,
  resolveReferences,
  saysSame,
  settingNamedIn,
  withoutRejected,
  READ_ONLY_TOOLS,
  type PastTurn,
} from './understanding/references';
import {
  CHANNEL,
  channelsIn,
  excludedEvents,
  filterDesign,
  loadSelection,
  modelName,
  modelParams,
  normaliseRanges,
  PANELS,
  RULES,
  trainingArgs,
  VIEW_MODES,
  type PlannerContext,
  type PlanOutcome,
} from './plannerRules';
import { SKIP_DEFAULTS } from '../study/stateManager';
import { definitionByName } from '../tools/definitions';
import { zhValue } from './understanding/numbers';
import { withoutRejectedValues } from './understanding/rejections';
import { decideCondition } from './understanding/conditions';
import { RESTART_SOURCE } from './understanding/restart';
import { inStatedOrder, withoutWithdrawnIntent } from './understanding/order';
import { codeCalls } from './understanding/codeCalls';
import { skippedInRepeat, undoneStep, type NamedStep } from './understanding/stepUndo';
import { destructiveAsked } from './understanding/safety';
import { toolboxWords } from './understanding/toolboxCalls';
import { notOfferedMethod } from './understanding/unsupported';
import { insteadLine } from './notOffered';
import { findQuantities } from './units';

/*
 * The offline planner's reading of one request: the understanding layer first (literals, vocabulary, references,
 * quantities, clauses with negation scope), then precedence, the rules of plannerRules.ts, secondary settings folded
 * into the step before, and follow-ups read as changes of earlier steps.
 */

const CORRECTION =
  /^(?:(?:that(?:'s| was| is)\s+|it(?:'s| was| is)\s+)?(?:(?:way|a bit|a little|much)\s+)?too\s+(?:high|low|much|little|big|small|long|short|many|few|fast|slow)[,.!;]?\s*(?:(?:try|use|make it|let'?s do|go with)\s+)?(?=-?\d)|(?:no[,.!]?\s+)?not\s+-?\d+(?:\.\d+)?(?:\s*(?:-|to)\s*-?\d+(?:\.\d+)?)?\s*(?:hz|khz|s|ms|sec|seconds?|%|epochs?)?\s*(?:[,，;]\s*|\s+)(?:but\s+|rather\s+|i meant\s+)?(?=-?\d)|不是\s*-?\d+(?:\.\d+)?(?:\s*(?:到|-|至)\s*-?\d+(?:\.\d+)?)?\s*(?:hz|赫茲|秒|毫秒|%|個)?\s*[，,]?\s*(?:而|應該)?是\s*|(?:啊|欸|呃|喔)?不是(?:啦|喔)?[，,]\s*(?:是|應該是)?\s*|算了[，,]?\s*|never ?mind[,.]?\s+|my (?:bad|mistake)[,.!]?\s*|correction[:,]?\s*|(?:搞|打|弄|寫)?錯了[，,]?\s*|(?:少|多)(?:打|寫|按|輸入)了?[^，,。]{1,6}[，,。]\s*(?:是|應該是)?\s*|(?:(?:a|my)\s+)?(?:typo|mistyped(?:\s+(?:that|it))?|fat[- ]fingered(?:\s+(?:that|it))?|(?:missed|dropped|forgot)\s+a\s+zero|(?:one|an)\s+(?:extra|too many)\s+zeros?)[,.!:;]?\s*(?:(?:it\s+)?should\s+be\s+|i\s+meant\s+)?|^(?:其實)?是\s*(?=-?\d)|更正[：:，,]?\s*|(?:no|nope|oops|wait|hmm)(?:[,.!]\s*|\s+(?=-?\d))(?:wait[,.!]?\s+)?|(?:nope|oops|wait|hmm)\s+|actually[,]?\s+|instead[,]?\s+|rather[,]?\s+|sorry[,]?\s+(?:i meant\s+)?|i meant?\b[,:]?\s*|meant\s+|it should (?:have )?be(?:en)?\s+|should (?:have )?be(?:en)?\s+|make (?:it|that)\b|change (?:it|that) to\b|use\s+(?=-?\d)|不對[，,]?\s*|我是說|我的意思是|應該是|改成|改為|換成|其實)/i;
/** The request without its correction cues, however many are stacked ("no wait, I meant 128", "錯了，應該是 0.0005"). */
function withoutCorrectionCue(text: string): string {
  // "50 赫茲才對", "128 is the right one": the tail that says the value is the right one carries no value
  let out = text.replace(/\s*(?:才對|才是對的|才正確|才是正確的)\s*[。.!！]*\s*$|\s+(?:is|was)\s+(?:the\s+)?(?:right|correct)(?:\s+one)?\s*[.!]*\s*$/i, '');
  for (let i = 0; i < 3; i++) {
    const next = out.replace(CORRECTION, '');
    if (next === out || !next.trim()) break;
    out = next;
  }
  return out;
}

/** True when the text names a step some rule plans ("band-pass 1-40" after "no wait" replaces the step before). */
const namesStep = (x: string): boolean => RULES.some((r) => r.when.test(canonicalText(x)) && !(r.unless && r.unless.test(x)));
/** A request taken back at its end: "…, actually, don't", "… never mind", "…，算了", "… — scratch that." (nothing after it). */
const TAKEN_BACK =
  /\S.*(?:[,;.!—–]|\s-)\s*(?:(?:no|wait|hmm|actually|on second thought)[,.!]?\s+)*(?:(?:actually|on second thought)[,]?\s+)?(?:don'?t(?:\s+(?:do|bother)(?:\s+(?:it|that|with it))?)?|do not|never ?mind|forget (?:it|that|about it)|scratch that|cancel that|skip (?:it|that))\s*[.!]*$|\S.*[，,。！!]\s*(?:算了|還是算了|不用了|還是不要(?:好了)?|不要了|取消)[。！!]*$/i;
/** A request proposed with a hedge ("I was thinking maybe we could evaluate", "也許可以評估") … */
const HEDGED = /\b(?:maybe|perhaps|i was thinking|we could|we might|might be worth)\b|也許|或許|可能可以/i;
/** … and put off in the same message ("…, but let's hold off for now", "…，不過先等等"). */
const HELD_OFF =
  /\bbut\s+(?:let'?s|let us|we(?:'ll| will| should)?|i(?:'ll| will)?)\s+(?:hold off|wait|not(?:\s+do\s+(?:it|that|anything))?)(?:\s+(?:for now|on (?:it|that)|for the moment|a bit))?\s*[.!]*$|(?:不過|但是?)\s*(?:先)?\s*(?:等等|等一下|緩一緩|不要|先不要)[。！!]*$/i;
/** "half as much again", 「再多一半」 (read by the number words as 多 0.5): the value and half of it. */
const HALF_AGAIN = /\bhalf\s+(?:as\s+much\s+)?again\b|\b50\s*%\s+more\b|多\s*(?:一半|0?\.5(?!\d))/i;

/** A split seen, not made: "show me the split", "let me see the train/test split", 「給我看切分結果」. */
const SHOW_RESULT =
  /^(?:please\s+)?(?:show|display|view|let me see|bring up|pull up|open)\s+(?:me\s+)?(?:the|my|our|this|that)\s+(?:current\s+|dataset\s+|data\s+|train\/test\s+|train-test\s+)?(?:split|partition)(?:\s+(?:again|now|please))?[.!]*$|^(?:請|幫我)?(?:給我看|顯示|秀出|打開|看一下)\s*(?:一下)?\s*(?:資料集)?\s*(?:的)?\s*(?:切分|分割)(?:結果|情況|狀況)[。！!]*$/i;

/** A change relative to the value before ("改成十分之一", "make it half", "cut it to a quarter"). */
const RELATIVE =
  /\b(?:halve|double|triple) (?:it|that|this)\b|^(?:(?:把|將)\s*(?:它|這個|那個)\s*)?(?:減半|加倍|翻倍)|^(?:只要|剩|再)?(?:砍|減|降|少)?\s*(?:到)?\s*(?:一半|[兩二三四五十]倍)\s*(?:就好|就行|就可以|好了)?[。.!！]?$|(?:改成|變成|改為|降到|減到|調成|加到|提高到)\s*(?:原本的|原來的)?\s*(?:[零一二兩三四五六七八九十\d]+分之[一二三四五六七八九\d]|一半|[兩二三四五十\d]+倍)|\b(?:make|set)\s+(?:it|that)\s+(?:double|twice|triple)\b|\b(?:double|triple) (?:it|that)\b|\b(?:make|cut|reduce|drop|bring)\s+(?:it|that)\s+(?:to\s+|in\s+)?(?:a\s+|one\s+)?(?:half|tenth|quarter|third|fifth)\b(?!\s+(?:of\s+)?(?:the|fs|sfreq|nyquist|sampling|current|original)\b)|\b(?:half|a tenth|a quarter|a third) of (?:it|that|what it was)\b/i;

/** A follow-up that leans on the previous step ("and accuracy", "what about in raw?", "also S002R08.edf", "那 raw 呢"). */
const ELLIPSIS = /^(?:and|also|plus|now|then|what about|how about|same|this time|再加|再|也|那麼?|還有|另外)\b|^(?:再加|再|也|那麼?|還有|另外)/i;
const AGAIN =
  /^(?:(?:把|將)?(?:剛剛|剛才|上一步|前一步|上一個步驟|之前|上次)(?:的|那)?(?:那個|那一?步|那個步驟|步驟|動作)?\s*(?:也)?\s*(?=再|重))?(?:(?:(?:please\s+)?(?:do|repeat|redo|run) (?:the (?:last|previous) (?:step|thing|one)|what you just did)(?: again)?\b)|(?:(?:please\s+)?do (?:it|that|this) again|again|repeat( that| it)?|same again|one more time|once more|redo (?:it|that)|run (?:it|that) again|(?:plot|draw|show|display|graph) (?:it|that|this|them) (?:again|once more))\b|(?:再一次|再做一次|重做|再跑一次|再來一次|再畫一次|重畫(?:一次)?|重新畫(?:一次)?))(?![^,，;；]*(?:\bbut\b|\bwith\b|\bexcept\b|但|不過|改|換|\d))|(?:一樣|照舊|照(?:剛才|剛剛|之前)的?)\s*再(?:做|跑|來)一次\s*$/i;
/** A bare repeat: "run it again", "rerun", "go again", "再跑一次". */
const RERUN = new RegExp(
  String.raw`^(?:(?:and|then|so)\s+)?(?:(?:run|do|try|train)\s+(?:it|that|this|the model)?\s*again|re-?run(?:\s+(?:it|that|the training))?|go again|again|one more time|(?:再|重新)(?:跑|訓練|來)(?:一次|一遍)?|重跑(?:一次)?|${RESTART_SOURCE}|(?:go|train|start(?:\s+training)?|run\s+it|kick\s+it\s+off|開始訓練|開跑|訓練|跑)(?:\s+(?:it|now|please))?)[.!。！]*$`,
  'i',
);
/** A setting named, then refused after it ("CSP 基準不用", "重疊就不要了", "baseline not needed"). */
const POSTPOSED_NO =
  /^[\w\s\u4e00-\u9fff-]{1,24}?\s*(?:就|也)?(?:不用|不要|不需要|不必|免了)(?:了|啦|吧)?[。！!]*$|^(?:the\s+)?[\w\s-]{1,24}?\s+(?:is\s+)?(?:not needed|not necessary|unnecessary)[.!]*$/i;

/** Steps whose call is made by its values (a second one without values in the same request adds nothing). */
const VALUE_STEPS = new Set(['window_epoch', 'epoch_data', 'resample_data', 'apply_notch_filter', 'apply_bandpass_filter']);

/** The settings a negated clause takes off the step before (negatedSetting): a baseline, an overlap. */
const REFUSABLE = /baseline|基線|基準|overlap|重疊/i;

/** A repeat with no step and no value of its own ("再切一次", "重做一次", "and redo it", "do that again"). */
const BARE_REPEAT =
  /^(?:(?:and|then|so)\s+)?(?:(?:re-?do|redo|repeat|rerun|re-run)(?:\s+(?:it|that|this))?|(?:do|run|make|split|cut|generate)\s+(?:it|that|this|them)\s+again)(?:\s+(?:please|now))?[.!]*$|^(?:然後)?(?:(?:再|重新)(?:切|做|跑|分|來|弄|產生)?|切|做|跑|分|來|弄)\s*(?:一次|一遍)\s*(?:吧)?[。！!]*$/i;

/** A start with no object and nothing else ("ok, let's go", "kick it off", 「那就開始吧」, 「開跑」): what the turn before set up. */
const BARE_START =
  /^(?:(?:ok(?:ay)?|alright|all right|right|then|so|great|good|cool|fine|now|好|那|那就|好那|好啊|就|那麼)[,\s，、]*)*(?:(?:let'?s\s+)?(?:start|begin|go|kick\s+(?:it\s+)?off|run\s+it|start\s+(?:it|the\s+run|now)|get\s+(?:it\s+)?(?:going|started))|(?:就)?(?:開始(?:跑)?|開跑|跑|跑起來|跑跑看|走|來吧|動工))(?:\s*(?:now|please|then|吧|了|囉|啦|嘛|看看))*[.!。！]*$/i;

/** Words of running a training again, anywhere in a turn ("start it again", "retrain", "重跑", "重新訓練"). */
const RUN_AGAIN = new RegExp(
  String.raw`\b(?:re-?run|re-?train|(?:start|run|train|kick)\s+(?:it|that|this|the\s+(?:model|training|run))?\s*(?:off\s+)?again)\b|重新訓練|重訓|再(?:跑|訓練)(?:一次|一遍)|${RESTART_SOURCE}`,
  'i',
);

/**
 * "undo that", "go back a step", 「回到上一步」, 「把剛剛那個改回來」: the newest step taken back. After preprocessing that is
 * reset_preprocessing (the only undo the Study has); after a model choice, the model before it.
 */
const UNDO =
  /^(?:please\s+)?(?:(?:undo|revert|roll back|take back|reset|cancel)(?:\s+(?:(?:both|all|each)(?:\s+of)?\s+)?(?:that|it|this|those|them|these|everything|both|all|(?:the|my|that)\s+(?:last|previous)?\s*(?:\w+\s+)?(?:steps?|ones?|changes?|filters?|operations?)))?|(?:go|step)\s+back\s+(?:a|one)\s+step|(?:change|put|set|turn|take)\s+(?:it|that|this)\s+back)(?:\s+(?:please|again|too))?[.!]*$|^(?:把)?(?:剛剛|剛才|前面|上面)?(?:的)?(?:那些|那個|這個|這些|兩個|兩步|那步|那一步|全部)?\s*(?:都)?\s*(?:復原|還原|撤銷|撤消|重設|重置|取消|改回來|換回來|恢復原狀)(?:掉)?(?:剛剛|剛才)?(?:的)?(?:那些|那個|這個|這些|兩個|兩步|那步|那一步|全部|動作|步驟)?(?:吧|好了)?[。！!]*$|^(?:回到|退回|回)(?:上一步|前一步)(?:吧|好了)?[。！!]*$/i;

/** "clear", "reset", "start over" with nothing after: the whole Study. */
const BARE_CLEAR = new RegExp(
  String.raw`^(?:please\s+)?(?:(?:${destructiveWords('clear')})(?: (?:it|all|everything|the study|the workspace))?(?: out)?|reset|start over|start fresh)$|^(?:先|請|幫我|把)?\s*(?:全部|所有|資料|它)?\s*(?:${destructiveWords('clear')}|重新開始|重來)\s*(?:掉|一下|吧|乾淨|全部|all|everything|it)?$`,
  'i',
);
/** "switch to training", "go to the evaluation view": a panel, not a pipeline step. */
const PANEL_ONLY =
  /^(?:please\s+)?(?:switch|go|move|jump|navigate|change|take me)\s+(?:over\s+|back\s+)?to\s+(?:the\s+)?(dashboard|dataset|preprocess\w*|training|visuali[sz]ation|saliency|evaluation)(?:\s+(?:panel|view|tab|page|screen|section))?$|^(?:please\s+)?(?:open|show|display|bring up|pull up|show me|view)\s+(?:the\s+)?(dashboard|dataset|preprocess\w*|training|visuali[sz]ation|saliency|evaluation)\s+(?:panel|view|tab|page|screen|section)$|^(?:請|幫我)?(?:切換到|切換至|切到|換到|跳到|轉到|回到|進入|前往|去|打開|開啟|顯示|叫出)\s*(?:到)?\s*(儀表板|資料集|前處理|訓練|視覺化|評估)\s*(?:的)?\s*(?:面板|頁面|分頁|頁籤|畫面|頁)?$/i;
/** Removing every channel but some: "drop everything except C3, Cz", "remove all channels but C3 and C4", "除了 C3 以外都刪掉". */
const EXCEPT_CHANNELS =
  /\b(?:drop|remove|delete|discard|exclude|throw (?:away|out)|get rid of|ditch|reject|chuck(?: out| away)?|toss(?: out)?|kick out|bin|strip(?: out)?|lose)\s+(?:all\s+|every\s+)?(?:(?:the\s+)?(?:other\s+)?(?:channels?|electrodes?)|everything|everyone|the rest)\s+(?:except(?:\s+for)?|but|other than|apart from|besides|save)\s+(.+)$|^除了\s*(.+?)\s*(?:以外|之外)\s*(?:的)?\s*(?:其他|其餘|別的)?\s*(?:通道|電極)?\s*(?:都|全部|通通)?\s*(?:刪掉|刪除|去掉|拿掉|丟掉|移除|不要)/i;

/**
 * "drop Fp1 and Fp2", "remove the bad channels T7, T8", "拿掉 Fp1 跟 Fp2": channels named to be removed (the rest of the
 * clause only names channels). select_channels keeps channels, so the call keeps every other channel of the Study.
 */
const DROP_CHANNELS =
  /^(?:please\s+)?(?:drop|remove|delete|discard|exclude|reject|get rid of|ditch|toss(?:\s+out)?|lose|throw out|leave out|kick out|take out|cut out|mark)\s+(?:the\s+)?(?:bad\s+|noisy\s+|broken\s+|frontal\s+)?(?:channels?\s+|electrodes?\s+)?(.+?)(?:\s+(?:as\s+bad|channels?|electrodes?|too|as well|from (?:the )?(?:data|recordings?|eeg|montage)))*$|^(?:拿掉|刪掉|去掉|移除|丟掉|剔除|排除|刪除|不要|扣掉|砍掉|砍|去除|踢掉|丟棄)\s*(?:壞的?)?\s*(?:通道|電極|頻道)?\s*(.+?)\s*(?:這\s*[一二兩三四五六七八九十\d]*\s*(?:個|條|軌)?\s*(?:通道|電極|頻道)?|(?:通道|電極|頻道))?$/i;
function droppedChannels(t: string, ctx: PlannerContext): PlannedCall[] | string | null {
  const m = DROP_CHANNELS.exec(t);
  const list = m ? (m[1] ?? m[2] ?? '') : '';
  const named = channelsIn(list);
  // only channel names and the words between them: "drop Fp1 and Fp2", never "drop the notch" or "remove 60 Hz"
  if (!named.length || !CHANNEL_LIST_ONLY.test(list.replace(new RegExp(CHANNEL.source, 'gi'), ' '))) return null;
  const names = ctx.channelNames ?? [];
  if (!names.length) return `which channels to keep? the Study's channel names are not known here, so name the ones to keep`;
  const drop = new Set(named.map((c) => c.toLowerCase()));
  const unknown = named.filter((c) => !names.some((n) => n.toLowerCase() === c.toLowerCase()));
  if (unknown.length) return `${unknown.join(', ')} ${unknown.length > 1 ? 'are' : 'is'} not a channel of the loaded recordings`;
  return [{ tool: 'select_channels', arguments: { channels: names.filter((n) => !drop.has(n.toLowerCase())) } }];
}
const CHANNEL_LIST_ONLY = /^(?:[\s,，、&/+]|\band\b|\bor\b|\bboth\b|\bthe\b|和|跟|與|及|還有|以及)*$/i;

/**
 * The object said first and the verb after it with a pronoun ("the accuracy from training, plot it", "the T1 epochs —
 * export them", "訓練的 accuracy，畫出來"): one clause, the verb on its object, so the object's words are not read as a
 * step of their own ("training" is not a run).
 */
function topicFirst(clauses: { text: string; joiner: string; negated: boolean }[]): { text: string; joiner: string; negated: boolean }[] {
  const out = [...clauses];
  for (let i = 0; i + 1 < out.length; i++) {
    const [topic, next] = [out[i], out[i + 1]];
    if (topic.negated || next.negated) continue;
    const en =
      /^(?:please\s+)?(plot|show|draw|graph|chart|display|export|save|evaluate|compute|visuali[sz]e)\s+(?:it|them|that|this|those|these)\s*(?:for me|please|too)?\s*[.!]?$/i.exec(
        next.text.trim(),
      );
    const zh = /^(?:請|幫我)?\s*(?:把它|把它們|把這個|把那個|把這些)?\s*(畫|繪|顯示|匯出)\s*(?:出來|一下|成圖)?\s*[。！]?$/.exec(next.text.trim());
    const isTopic = en
      ? /^(?:the|my|our|this|that|those|these|its)\b/i.test(topic.text.trim())
      : zh
        ? !/^(?:請|幫我|把|將)|畫|繪|匯出|開始|停止|訓練(?!的|中的|過程|完的)/.test(topic.text.trim())
        : false;
    if (!isTopic) continue;
    out.splice(i, 2, { text: `${(en ?? zh)![1]} ${topic.text.trim()}`, joiner: topic.joiner, negated: false });
  }
  return out;
}

/** A frequency band with nothing else ("1–40 Hz", "between 8 and 30 Hz", "8 到 30 Hz 的頻段"): a band-pass when it is a step. */
const BARE_BAND =
  /^(?:(?:and|then|a|an|the|also|next|with)\s+)*(?:between\s+|from\s+|從\s*)?\d+(?:\.\d+)?\s*(?:hz|赫茲)?\s*(?:-|–|~|to|and|到|至)\s*\d+(?:\.\d+)?\s*(?:hz|赫茲)(?:\s*(?:的)?\s*(?:band|range|bandpass|band-pass|filter|頻段|頻帶|範圍))?(?:\s+(?:first|next|after that))?\s*[.!。]?$/i;

/** "use SCCNet for training", "go with EEGNet": choose the model; training starts only when asked to. */
const CHOOSE_MODEL = new RegExp(
  String.raw`^(?:please\s+)?(?:use|choose|pick|select|set|switch to|(?:switch|go|change|revert|return)\s+back\s+to|revert to|go with|change (?:the )?model to|let'?s use|let'?s go with|i want|i'?d like|i would like|prepare|set up|get|load|使用|用|選擇|選|換成|改用|換回|改回|切回|用回|準備)\s*(?:the\s+)?(?:model\s+)?(?:to\s+)?(${MODEL_WORD})\b`,
  'i',
);
/** How many epochs, trials, events or channels there are: a read of the Study. */
const COUNTS =
  /\b(?:epoch|trial|event|class|channel|sample)s?\s+(?:counts?|numbers?|totals?)\b|\b(?:count|number|total) of (?:the\s+)?(?:epochs|trials|events|classes|channels|samples)\b|\bhow many (?:epochs|trials|events|classes|channels)\b|每(?:一)?類(?:各)?有(?:幾|多少)個?|有(?:幾|多少)個?\s*(?:epoch|trial|試次|事件|通道)|(?:幾|多少)\s*(?:個|種|類)\s*(?:epochs?|trials?|試次|事件|通道|channels?|events?|類別|電極)|(?:epoch|試次|事件|通道|類別)\s*(?:的)?\s*(?:數量|個數|數目)/i;

/** The model named as the value of a model slot: "模型選 ShallowConvNet", "先把模型設成 SCCNet", "model: EEGNet". */
const MODEL_SLOT = new RegExp(
  String.raw`(?:模型|\bmodel\b|\barchitecture\b|\bnetwork\b)\s*(?:就|要|先|改|則)?\s*(?:選用|選擇|選|用|設成|設為|設定為|設定成|改成|改用|換成|是|為|=|:|to|as)\s*(${MODEL_WORD})\b`,
  'i',
);
/** An explicit panel with its noun at the start of the request ("open the training tab and …", "打開評估頁面看…"). */
const OPEN_PANEL =
  /^(?:please\s+)?(?:open|switch to|go to|show|bring up|pull up|display|請|幫我)?\s*(?:切換到|切換至|切到|換到|跳到|轉到|回到|進入|前往|打開|開啟|顯示|叫出)?\s*(?:the\s+)?(?:dashboard|dataset|preprocess\w*|training|visuali[sz]ation|evaluation|儀表板|資料集|前處理|訓練|視覺化|評估)\s*(?:的)?\s*(?:panel|view|tab|page|screen|面板|頁面|分頁|頁籤|畫面)(?:\b|(?=[\u4e00-\u9fff]))/i;

/** Words that start a run in English (Chinese 訓練 after the model means "train with it"). */
const START_WORD_EN = /\b(?:start|begin|kick|launch|now|go(?!\s+(?:with|for)\b))\b(?!.*\b(?:later|myself|tomorrow)\b)/i;
const START_WORD =
  /\b(?:start|begin|run|kick|launch|go ahead|now|train (?:it|now|the model)|and train|to train|then train|train(?:ing)? (?:for )?\d+)\b|開始|啟動|訓練|跑(?!完|了|過|得)/i;

const PREPROCESS_TOOLS = new Set([
  'apply_bandpass_filter',
  'apply_notch_filter',
  'resample_data',
  'normalize_data',
  'set_reference',
  'select_channels',
  'apply_standard_preprocess',
  'set_montage',
]);

/** The steps of a training run, which a following "epoch 20" / "30 epochs" configures. */
const TRAINING_TOOLS = new Set(['set_model', 'configure_training', 'start_training']);
/** A clause that is only a number of epochs ("epoch 20", "epochs: 30", "40 epochs", "訓練輪數 50"). */
const EPOCH_COUNT =
  /^(?:(?:and|with|for|plus)\s+)*(?:(?:the\s+)?(?:epochs?|訓練輪數|輪數)\s*(?:數)?\s*(?:=|:|to|of|設|設成|設為|用|為|是|改成|改為)?\s*\d+\s*(?:個|輪|次)?|\d+\s*(?:個\s*)?(?:epochs?|輪))$/i;

/** Steps whose second call in a row only adds settings to the first (a split, a training configuration). */
const MERGED_SETTINGS = new Set(['generate_dataset', 'configure_training']);

/** Steps that, asked for twice in one turn ("evaluate and show the confusion matrix on validation"), are one call. */
const ONCE_PER_TURN = new Set(['evaluate']);

/** A read asked for twice in one turn ("what's in the data folder? just list it") runs once, with the most detail. */
function dedupeReads(calls: PlannedCall[]): void {
  // the same step twice in a row with the same arguments ("train 25 epochs, go": the verb and the go both start) is one
  for (let i = calls.length - 1; i > 0; i--)
    if (calls[i].tool === calls[i - 1].tool && JSON.stringify(calls[i].arguments) === JSON.stringify(calls[i - 1].arguments)) calls.splice(i, 1);
  // a settings step said twice in a row with settings that do not contradict ("generate the dataset, 25% test, split
  // across sessions") is one call with both: a second split or configuration would only replace the first
  // (the rules write a tool's defaults out, so a value that is the default on one side gives way to the other's)
  for (let i = calls.length - 1; i > 0; i--) {
    const [a, b] = [calls[i - 1], calls[i]];
    if (a.tool !== b.tool || !MERGED_SETTINGS.has(a.tool)) continue;
    const defaults = toolDefaults(a.tool);
    const same = (x: unknown, y: unknown) => JSON.stringify(x) === JSON.stringify(y);
    const merged: Record<string, unknown> = { ...a.arguments };
    let conflict = false;
    for (const [k, v] of Object.entries(b.arguments)) {
      if (!(k in merged) || same(merged[k], v) || same(merged[k], defaults[k])) merged[k] = v;
      else if (!same(v, defaults[k])) conflict = true;
    }
    if (!conflict) calls.splice(i - 1, 2, { tool: a.tool, arguments: merged });
  }
  for (let i = 0; i < calls.length; i++) {
    if (ONCE_PER_TURN.has(calls[i].tool)) {
      for (let j = calls.length - 1; j > i; j--) {
        if (calls[j].tool !== calls[i].tool) continue;
        // the later mention adds what it says; the default split ("test") does not undo an explicit one
        const later = Object.fromEntries(Object.entries(calls[j].arguments).filter(([k, v]) => !(k === 'split' && v === 'test')));
        calls[i] = { tool: calls[i].tool, arguments: { ...calls[i].arguments, ...later } };
        calls.splice(j, 1);
      }
      continue;
    }
    if (!READ_ONLY_TOOLS.has(calls[i].tool)) continue;
    for (let j = calls.length - 1; j > i; j--) {
      if (calls[j].tool !== calls[i].tool) continue;
      const detail = (c: PlannedCall) => Object.values(c.arguments).filter((v) => v !== '.' && v !== undefined).length;
      if (detail(calls[j]) > detail(calls[i])) calls[i] = calls[j];
      calls.splice(j, 1);
    }
  }
}

/**
 * The earlier turns, preceded by the Study's settings in force as one more turn (oldest): a value a follow-up names
 * ("start half a second earlier than now", 「下限降到 4 Hz」, "double the validation share") starts from the newest
 * turn that set it, or else from the Study. Training settings come from the configuration (ctx.training) as before.
 */
function withSettings(turns: PastTurn[], ctx: PlannerContext): PastTurn[] {
  const calls = (ctx.current ?? []).filter((c) => c.tool !== 'configure_training').map((c) => ({ tool: c.tool, arguments: { ...c.arguments } }));
  return calls.length ? [{ user: '', calls, results: [] }, ...turns] : turns;
}

/** The Study's facts the understanding layer evaluates quantities against. */
function factsOf(ctx: PlannerContext) {
  return { sfreq: ctx.sfreq ?? null, channels: ctx.channels ?? null, events: ctx.events, training: trainingInForce(ctx), defaults: TOOL_DEFAULTS };
}

/**
 * The training configuration "half the batch size" or "twice the epochs" is relative to: the one configure_training
 * set, or, where a model can be trained and nothing was configured yet, the defaults start_training would use
 * (training/defaults.ts, read through the tool definitions).
 */
function trainingInForce(ctx: PlannerContext): Record<string, unknown> | null {
  if (ctx.training) return ctx.training;
  if (!ctx.available?.includes('configure_training')) return null;
  const { epoch, batch_size, learning_rate } = TOOL_DEFAULTS;
  return { epoch, batch_size, learning_rate };
}

/** A tool's parameter defaults, from its definition. */
function toolDefaults(tool: string): Record<string, unknown> {
  const props = (definitionByName.get(tool)?.parameters as { properties?: Record<string, { default?: unknown }> } | undefined)?.properties ?? {};
  return Object.fromEntries(Object.entries(props).flatMap(([k, v]) => (v.default !== undefined ? [[k, v.default]] : [])));
}

/** Default values of the settings a request may be relative to ("4x the default batch size"), read from the tool definitions. */
const TOOL_DEFAULTS: Record<string, unknown> = (() => {
  const out: Record<string, unknown> = {};
  for (const tool of ['configure_training', 'run_protocol', 'generate_dataset'])
    for (const [k, v] of Object.entries(toolDefaults(tool))) if (!(k in out)) out[k] = v;
  return out;
})();

/**
 * Turns one request into tool calls; the message explains what could not be mapped. The text goes through the
 * understanding layer first: literals masked (quotes, file names), vocabulary canonicalised (synonyms, typos),
 * references to earlier turns resolved, quantities evaluated against the Study, clauses split with negation scope.
 */
export function interpretRequest(request: string, ctx: PlannerContext): PlanOutcome {
  const turns: PastTurn[] = ctx.history ?? (ctx.previous.length ? [{ user: '', calls: ctx.previous, results: [] }] : []);
  // "do it again", "I meant 128": the newest turn that did something (a status read in between is not "it")
  const acting = turns.filter((t) => t.calls.some((c) => !READ_ONLY_TOOLS.has(c.tool)));
  const previous = ctx.history ? lastTurnCalls(turns) : ctx.previous;
  const lastAction = ctx.history ? lastTurnCalls(acting.length ? acting : turns) : ctx.previous;
  // what a reference repeats ("do it again", "the same with X", "跟剛才一樣"): the newest turn that did something other
  // than stop, clear or reset, without those steps; a repeat never brings back a step that throws work away
  const repeatSource = acting.filter((t) => t.calls.some((c) => !READ_ONLY_TOOLS.has(c.tool) && !NOT_REPEATED.has(c.tool)));
  const repeated = (ctx.history ? lastTurnCalls(repeatSource.length || acting.length ? repeatSource : turns) : ctx.previous).filter(
    (c) => !NOT_REPEATED.has(c.tool),
  );
  const inner: PlannerContext = { ...ctx, previous };
  // "raw.filter(1., 40.)", "EEG = pop_reref(EEG, []);", "baseline=(None, 0)": another toolbox's call syntax in the words it
  // means; a line commented out ("# raw.filter(1, 40)") is no request
  request = toolboxWords(request);
  if (!request.trim()) return { calls: [], message: 'Nothing to run: the request is commented out.' };
  // "`apply_bandpass_filter low=8 high=30`", "generate_dataset test_ratio=0.2": a call typed as code, read by the tool's own schema
  const typed = codeCalls(request);
  if (typed) return { calls: typed };
  // "From our methods: '…filtered 1–40 Hz, downsampled to 128 Hz.' Apply that.": the quote adopted is the request
  const adopted = adoptedQuote(request);
  if (adopted) return interpretRequest(adopted, ctx);
  // greetings, courtesy and the frame of a polite request ("could you … ?") are not words of the step
  // "Tokyo lab, not Osaka": the value an earlier turn said and this one rejects is no part of the request
  const masked = maskLiterals(
    listItemsAsSteps(
      normaliseWidth(withoutPoliteFrame(withoutCourtesy(withoutRejectedValues(withoutRejected(request, turns), (x) => regionMains(x) !== null)))),
    ),
  );
  masked.text = relativeClauseAfter(masked.text);
  // 「把它減半」, 「將那個加倍」: the object pronoun before a change verb is the value the change applies to (as in 「減半」)
  masked.text = masked.text.replace(
    /^(\s*(?:那|好|再)?\s*)(?:把|將)\s*(?:它|這個|那個)\s*(?=(?:再)?(?:減半|加倍|翻倍|砍半|除以|乘以|乘上|改成|改為|調成|設成|加|減|降|提高|降低))/,
    '$1',
  );
  // "I was going to retrain but let's not — just evaluate": the intention dropped before the request is no part of it
  masked.text = withoutWithdrawnIntent(masked.text);
  // "sorry, we are in the US" after a notch: a place fixes the mains frequency of the notch before
  if (
    regionMains(masked.text) &&
    !/notch|mains|line noise|hum|陷波|市電/i.test(masked.text) &&
    lastAction.some((c) => c.tool === 'apply_notch_filter' || c.tool === 'apply_standard_preprocess')
  )
    masked.text = `${masked.text} mains`;
  // "bandpass 1-40 — actually, don't", "切 0 到 4 秒…算了", "maybe we could evaluate, but let's hold off for now": the
  // request taken back at its end asks for nothing
  if (TAKEN_BACK.test(masked.text) || (HEDGED.test(masked.text) && HELD_OFF.test(masked.text)))
    return { calls: [], message: 'Nothing to run: you took the request back. The Study is unchanged.' };
  // "if the rate is above 200, downsample to 128": a condition on the Study's facts, decided before the request is read
  const decided = decideCondition(masked.text, { sfreq: ctx.sfreq ?? null, channels: ctx.channels ?? null });
  if (decided.unmet) return { calls: [], message: `Nothing to run: ${decided.unmet}.` };
  masked.text = decided.text;
  // "merge t1 and t2": the Study's event names in the Study's spelling, so every rule reads them (quotes stay masked)
  for (const e of ctx.events) if (/^[A-Za-z]\w+$/.test(e)) masked.text = masked.text.replace(new RegExp(`(?<![\\w⟦])${e}(?![\\w⟧])`, 'gi'), e);
  // "which batch size did the last run use?" → "double that and train again": "that" is the setting the question asked
  // about (a turn that changed nothing in between)
  const newest = turns[turns.length - 1];
  const asked = newest && !newest.calls.some((c) => !READ_ONLY_TOOLS.has(c.tool)) ? settingNamedIn(newest.user) : null;
  if (asked && !settingNamedIn(masked.text)) masked.text = masked.text.replace(/\b(?:that|it)\b(?!\s+(?:again|over|off|up)\b)|它|那個(?=的)/i, asked);
  // "undo that" after a model choice: the model before it ("switch back to the previous model")
  const lastActing = [...lastAction].reverse().find((c) => !READ_ONLY_TOOLS.has(c.tool));
  if (lastActing?.tool === 'set_model' && UNDO.test(masked.text.trim())) masked.text = 'switch back to the previous model';
  // "undo that and do 8 to 30 instead", 「回到上一步，改用 4 到 30」: the newest preprocessing step taken back and done again
  // with another value
  // "oops, 64 for the batch", "sorry — 0.005 for the learning rate": a corrected value said before the setting it is for
  if (turns.length) {
    const valueFor = /^(-?\d+(?:\.\d+)?)\s*(?:hz|s|%)?\s+(?:for|on|as)\s+(?:the\s+)?([a-z][a-z\s-]{1,24}?)(?:\s+(?:instead|then|please))?\s*[.!]*$/i.exec(
      withoutCorrectionCue(masked.text.trim()),
    );
    if (valueFor && settingNamedIn(valueFor[2])) masked.text = `${valueFor[2]} ${valueFor[1]}`;
  }
  // "undo the notch", 「陷波那個撤掉」: one step of an earlier turn taken back by its kind, the others done again
  const undoneOne = ctx.history ? undoNamedStep(unmask(masked.text, masked.literals), request, turns, ctx) : null;
  if (undoneOne) return undoneOne;
  const redo = ctx.history ? undoThenRedo(unmask(masked.text, masked.literals), turns, ctx) : null;
  if (redo) return redo;
  // "do it all again but skip the notch", 「全部再做一次，但這次不要陷波」: the repeat without the step named
  const without = ctx.history ? repeatWithout(unmask(masked.text, masked.literals), repeated) : null;
  if (without) return { calls: without };
  // 「模型用 SCCNet」 → 「那就開始吧」, "set 20 epochs" → "ok, kick it off": a bare start after a turn that set up training
  // without starting it is that training's run
  if (BARE_START.test(masked.text.trim()) && lastAction.some((c) => TRAINING_TOOLS.has(c.tool)) && !lastAction.some((c) => c.tool === 'start_training'))
    return { calls: [{ tool: 'start_training', arguments: {} }] };
  const canonical = resolveReferences(canonicalText(masked.text), turns, ctx.training, withSettings(turns, ctx));
  const resolved = resolveQuantities(canonical, factsOf(ctx), namesStep);
  if (resolved.problems.length) return { calls: [], message: `I need more detail: ${resolved.problems.join('; ')}.` };
  const text = eventAfterTime(resolved.text.trim(), inner.events);
  const lit = (t: string) => unmask(t, masked.literals);
  // "do that again on the training data": the earlier step with one value replaced, before a plain "again"
  // "now EEGNet, same as before" after a plot, 「Cz 也畫，跟剛剛一樣」 after a notch: the newest turn whose step takes the
  // value named (a model → the training turn, channels → the turn that plotted or kept channels), not the newest turn
  const slotTurn = ctx.history ? repeatFor(lit(text), repeatSource) : null;
  const same = (slotTurn && sameWith(lit(text), slotTurn, inner)) ?? sameWith(lit(text), repeated, inner);
  if (same) return sameOnAnotherFile(same, ctx) ?? { calls: same };
  // "now do S002R04.edf the same way", "S002R04.edf next, same steps", 「下一個受試者照做：S002R04.edf」: a file named with a
  // word of sameness is the newest steps again on that file (loaded first when those steps did not load one)
  const onFile = ctx.history ? repeatOnFile(lit(text), repeated) : null;
  if (onFile) return sameOnAnotherFile(onFile, ctx) ?? { calls: onFile };
  if (AGAIN.test(text) && (slotTurn ?? repeated).length) return { calls: (slotTurn ?? repeated).map((c) => ({ tool: c.tool, arguments: { ...c.arguments } })) };
  const more = moreOfTheRun(text, turns, ctx);
  if (more) return { calls: more };
  const length = epochLength(text, turns);
  if (length) return { calls: length };
  // "make the epochs 1 s shorter", 「epoch 提早 200 毫秒開始」, "double the epoch length": the epoch window in force, changed
  const reEpoched = epochWindowMoved(text, withSettings(turns, ctx), ctx);
  if (reEpoched) return { calls: reEpoched };
  const both = bothFollowUp(text, turns);
  if (both) return { calls: both };
  // "取樣率再除以二", "raise the upper edge by 10 Hz" two turns after the resample or the filter: the value the follow-up
  // names, in whichever earlier turn set it (the newest step need not be the one meant)
  // "double it", "halve that" after a turn that set the batch size and the learning rate: ask which one, run nothing
  const either = ambiguousPronoun(maskLiterals(request).text, turns);
  // (a new value for "it" is read by the corrections as before: "make that 64" after 20 epochs and batch 32 is the batch)
  if (either && relativeFactor(text) !== null)
    return {
      calls: [],
      message: askWhichOption(request, either),
    };
  // "the high edge, not the low one", 「我是說結束時間」: the value of the turn before, in the setting now named
  const moved = turns.length ? movedValue(text, turns, withSettings([], ctx), ctx.training) : null;
  if (moved) {
    const ran = turns[turns.length - 1].calls.some((c) => c.tool === 'start_training') && moved.tool === 'configure_training';
    return { calls: ran ? [moved, { tool: 'start_training', arguments: {} }] : [moved] };
  }
  const named = namedEarlierValue(text, withSettings(turns, ctx), ctx.training);
  if (named) {
    const one = [named.call];
    // the change without its run words ("…, 再訓練一次", "… and train again": a new run, added below)
    const core = named.rest.replace(new RegExp(`\\s*[,，]?\\s*(?:and\\s+|then\\s+|再|然後)?(?:${RUN_AGAIN.source})\\s*[.!。！]*$`, 'i'), '').trim();
    const factor = relativeFactor(core);
    const value = bareValue(core, named.key);
    const numeric = typeof named.call.arguments[named.key] === 'number';
    const changed = !numeric
      ? value !== null
        ? [{ tool: named.call.tool, arguments: { ...named.call.arguments, [named.key]: value } }]
        : null
      : // 「再多一半」 is half again as much, not one half more
        ((HALF_AGAIN.test(core) ? [scaled(named.call, named.key, 1.5)] : null) ??
        deltaFollowUp(core, one, named.key) ??
        scaleFollowUp(core, one, turns, named.key) ??
        (factor !== null && core ? [scaled(named.call, named.key, factor)] : null) ??
        // "and batch 32", "back to the learning rate: 0.005", 「學習率打錯了，是 0.001」: the setting alone, with its new value
        (value !== null ? [{ tool: named.call.tool, arguments: { ...named.call.arguments, [named.key]: value } }] : null));
    // "… and train again", 「…，再訓練一次」: the change and a new run
    if (changed && RUN_AGAIN.test(text) && !changed.some((c) => c.tool === 'start_training') && changed.some((c) => c.tool === 'configure_training'))
      changed.push({ tool: 'start_training', arguments: {} });
    if (changed) return { calls: withRun(changed, named.call, turns) };
  }
  const delta = deltaFollowUp(text, lastAction) ?? scaleFollowUp(text, lastAction, acting.length ? acting : turns);
  if (delta) return { calls: delta };
  const calls: PlannedCall[] = [];
  const problems: string[] = [];
  const isCorrection =
    previous.length > 0 &&
    (CORRECTION.test(text) ||
      ELLIPSIS.test(text) ||
      RELATIVE.test(request) ||
      /改成|改為|改用|改\s*\d|換成|\binstead\b|^(?:這次|這回|那這次|this time|now)\s*(?:換|改|用|on|with|for|in)|^(?:換|改用)\s*(?!名)/i.test(text) ||
      /^-?\d+(?:\.\d+)?\s*(?:%|hz|khz|s|ms|秒|毫秒|赫茲|epochs?|輪)?\s*(?:instead|then|please|rather|就好|就行|就可以|好了|才對|才是對的|啦|喔|吧|耶|嘛|囉)?[.!。！]?$/i.test(
        text,
      ));
  // "epoch 0–4 s, but filter 8–30 before that": steps said out of order are read in the order they run
  let clauses = topicFirst(splitScoped(isCorrection ? withoutCorrectionCue(text) : inStatedOrder(text)));
  // "same as before, but 30% test": a clause that only says "the same" makes the step after it a change of the earlier one
  const sameRequest = turns.length > 0 && clauses.length > 1 && clauses.some((c) => !c.negated && ONLY_SAME.test(c.text.trim()));
  // … and the change after it is said without its "but" ("一樣的再做一次，但改 50")
  if (sameRequest)
    clauses = clauses
      .filter((c) => !ONLY_SAME.test(c.text.trim()))
      .map((c) => ({ ...c, text: c.text.replace(/^\s*(?:but|但是?|不過|只是)\s*[,，]?\s*/i, '') }));
  const negated = clauses.filter((c) => c.negated);
  const notOffered: string[] = [];
  // events renamed in earlier turns are names the user may use now
  for (const t of turns)
    for (const c of t.calls)
      if (c.tool === 'edit_events' && c.arguments.rename) inner.events = [...inner.events, ...Object.values(c.arguments.rename as Record<string, string>)];
  // a negated setting said before any step ("without the CSP baseline, evaluate on val"): it waits for the step after it
  const settingsBefore: { text: string; at: number }[] = [];
  const negatedSetting = (prev: PlannedCall | undefined, text: string): void => {
    // "…, 不要做基線校正", "…, don't run the baseline": a negated setting of the step, not a step
    if (prev && /baseline|基線|基準/i.test(text)) {
      if (prev.tool === 'epoch_data') prev.arguments.baseline = null;
      if (prev.tool === 'evaluate') prev.arguments.baseline = false;
    }
    // "…, 不重疊", "…, no overlap": the window's overlap is zero, said explicitly
    if (prev?.tool === 'window_epoch' && /overlap|重疊/i.test(text)) prev.arguments.overlap = 0;
    // "切 0 到 4 秒，不要 T0", "epoch 0-4 s, but not T0": events refused after the epoching are left out of it
    const refused = prev?.tool === 'epoch_data' ? excludedEvents(`not ${text.replace(/^(?:but\s+)?(?:not|no|不要|別|不用)\s*/i, '')}`, inner.events) : [];
    if (prev && refused.length)
      prev.arguments.event_id = ((prev.arguments.event_id as string[] | undefined) ?? inner.events).filter((e) => !refused.includes(e));
  };
  for (let i = 0; i < clauses.length; i++) {
    // "…，CSP 基準不用", "…, baseline not needed": a setting refused after its name is a negated setting of the step
    const tail = clauses[i].negated ? null : /^(.*\S)\s*[,，]\s*([^,，]+)$/.exec(clauses[i].text);
    if (tail && POSTPOSED_NO.test(tail[2].trim()) && REFUSABLE.test(tail[2]))
      clauses.splice(i, 1, { ...clauses[i], text: tail[1] }, { text: tail[2], joiner: ',', negated: true });
    else if (!clauses[i].negated && i > 0 && POSTPOSED_NO.test(clauses[i].text.trim()) && REFUSABLE.test(clauses[i].text))
      clauses[i] = { ...clauses[i], negated: true };
    if (clauses[i].negated) {
      if (calls.length) negatedSetting(calls[calls.length - 1], clauses[i].text);
      else settingsBefore.push({ text: clauses[i].text, at: 0 });
      continue;
    }
    const rawMasked = clauses[i].text;
    const raw = lit(rawMasked);
    const m = normaliseRanges(rawMasked);
    const s = lit(m);
    if (i === 0 && isCorrection) {
      const corrected = correct(s, inner, raw, m, RELATIVE.test(request));
      if (corrected) {
        calls.push(...corrected);
        continue;
      }
    }
    // "triple the epochs and run it again", "換 SCCNet 再跑一次": a repeat after training settings of this turn is a new run
    if (calls.some((c) => c.tool === 'configure_training' || c.tool === 'set_model') && RERUN.test(s.trim())) {
      if (!calls.some((c) => c.tool === 'start_training')) calls.push({ tool: 'start_training', arguments: {} });
      continue;
    }
    // "swap in SCCNet and run it again for 20": a repeat with a run length after a model chosen in this turn
    const rerunFor = /^(.*?)\s+(?:for\s+)?(\d+)\s*(?:more\s+)?(?:epochs?|輪|個\s*epochs?)?\s*[.!。！]*$/i.exec(s.trim());
    if (rerunFor && calls.some((c) => c.tool === 'set_model') && !calls.some((c) => c.tool === 'start_training') && RERUN.test(rerunFor[1])) {
      calls.push({ tool: 'configure_training', arguments: { epoch: Number(rerunFor[2]) } }, { tool: 'start_training', arguments: {} });
      continue;
    }
    // "seed 改 123 再切一次", "change the seed to 9 and redo it": a bare repeat after a step of this turn is that step
    if (calls.length && BARE_REPEAT.test(s.trim())) continue;
    // "for training, go with ShallowConvNet", 「訓練的話，用 SCCNet」: a purpose said first is the topic of the clause after it
    if (
      i + 1 < clauses.length &&
      !clauses[i + 1].negated &&
      /^(?:(?:as\s+)?for|regarding|about|when it comes to)\s+(?:the\s+|my\s+|our\s+)?(?:next\s+|upcoming\s+|coming\s+)?(?:training|train(?:ing)?\s+run|run|model)$|^(?:下一?次)?(?:的)?訓練(?:的話|方面|的部分|這邊)$/i.test(
        s.trim(),
      )
    ) {
      clauses[i + 1] = { ...clauses[i + 1], text: `${clauses[i + 1].text} ${rawMasked.trim()}` };
      continue;
    }
    // "train an SVM on band power", "run ICA": a method XBrain does not offer makes no call (the nearest tool would do
    // something else than asked); the reply says so and what XBrain offers instead
    const missing = notOfferedMethod(s);
    if (missing) {
      notOffered.push(missing);
      continue;
    }
    let special = precedence(m, s, inner);
    // "line noise removal — we're in Taiwan": a place said anywhere in the request fixes the mains frequency
    const place = typeof special === 'string' && /mains frequency/.test(special) ? regionMains(text) : null;
    if (place) special = [{ tool: 'apply_notch_filter', arguments: { freq: place } }];
    if (special) {
      if (typeof special === 'string') problems.push(`${raw} (${special})`);
      else calls.push(...special);
      continue;
    }
    let rule = RULES.find((r) => r.when.test(m) && !(r.unless && r.unless.test(m)));
    // a band alone as a step of a list ("average reference first, then 1–40 Hz, then epochs …"): a band-pass
    // (said alone after an earlier step it is a correction of that step, read below)
    if (!rule && BARE_BAND.test(m.trim()) && (calls.length > 0 || previous.length === 0)) rule = RULES.find((r) => r.tool === 'apply_bandpass_filter');
    // "train EEGNet on cuda, epoch 20": a bare count of epochs next to a training step is the run's length, not epoching
    const ruleTool =
      rule?.tool === 'epoch_data' && EPOCH_COUNT.test(s.trim()) && calls.some((c) => TRAINING_TOOLS.has(c.tool)) ? 'configure_training' : (rule?.tool ?? null);
    // a clause that only adds settings to the step before it ("…, save checkpoints every 2", "and notch 60")
    const merged = addSettings(calls[calls.length - 1], ruleTool, s, inner, raw, clauses[i].joiner, calls);
    if (merged) continue;
    if (!rule && previous.length && !calls.length) {
      // no verb of its own: it changes an earlier step ("重疊一半", "上限 35", "the raw traces of those")
      const corrected = correct(s.replace(CORRECTION, ''), inner, raw, m.replace(CORRECTION, ''), RELATIVE.test(request));
      if (corrected) {
        calls.push(...corrected);
        continue;
      }
    }
    // a verbless clause before a step ("提示前 0.5 秒到提示後 4 秒，切 T1、T2", "from -0.2 to 0.8 s, epoch T1"): its settings
    if (!rule && i + 1 < clauses.length && !clauses[i + 1].negated && SETTINGS.test(rawMasked)) {
      clauses[i + 1] = { ...clauses[i + 1], text: `${rawMasked} ${clauses[i + 1].text}` };
      continue;
    }
    if (!rule) {
      // "…, we are in Taipei": the place was read as the mains frequency of the step; it is no step of its own
      if (!(calls.length && isPlaceStatement(raw))) problems.push(raw);
      continue;
    }
    // "list the edf files in data, then load that whole folder", "…，然後把那個資料夾載入": the folder just listed
    const listed = [...calls].reverse().find((c) => c.tool === 'list_files');
    if (
      rule.tool === 'load_data' &&
      listed &&
      /\b(?:that|this|the same)\s+(?:whole\s+|entire\s+)?(?:folder|directory|dir)\b|\b(?:load|open|import)\s+(?:them|those|these|it)(?:\s+all)?\b|\ball of (?:them|those)\b|(?:那個|這個|同一個)\s*(?:資料夾|目錄)|(?:全部|都|通通)\s*(?:載入|讀進來|讀取)/i.test(
        m,
      )
    ) {
      calls.push({ tool: 'load_data', arguments: { paths: [String(listed.arguments.directory)], ...loadSelection(s) } });
      continue;
    }
    // "band-pass the same as before", "跟之前一樣，但測試集改成 30%": the earlier call of that tool, with what this
    // clause writes on top (values its builder would fill in by default are not written)
    const before = saysSame(m) || sameRequest ? lastCallOf(turns, rule.tool) : null;
    const out = rule.build(s, inner, raw);
    if (before) {
      const own = typeof out === 'string' ? undefined : out.find((c) => c.tool === before.tool);
      // "redo the filter but up to 40": what the builder cannot read whole is a change of the earlier call
      const partial = own ? null : partialChange(rule, m, s, inner, turns);
      calls.push(partial ?? { tool: before.tool, arguments: { ...before.arguments, ...(own ? writtenArgs(rule, own, s, inner) : {}) } });
      continue;
    }
    // "filter again, up to 40 this time", "濾波改成到 40": a step named with only part of its values changes its earlier call
    const partial = typeof out === 'string' ? partialChange(rule, m, s, inner, turns) : null;
    // "change the filter's upper edge to 40": a call missing a required value takes the rest from its earlier call
    const earlier = typeof out !== 'string' ? lastCallOf(turns, rule.tool) : null;
    if (earlier && typeof out !== 'string')
      for (const c of out)
        if (
          c.tool === earlier.tool &&
          missingRequired(c).length &&
          !missingRequired({ tool: c.tool, arguments: { ...earlier.arguments, ...c.arguments } }).length
        )
          c.arguments = { ...earlier.arguments, ...c.arguments };
    // "The recordings are in the data folder. Load them please.": the recordings a pronoun stands for are the ones the
    // message named before it
    const named =
      typeof out === 'string' && rule.tool === 'load_data' && /\b(?:them|it|those|these|all of them)\b|它們|這些|那些/i.test(s)
        ? rule.build(lit(text), inner, lit(text))
        : null;
    if (named && typeof named !== 'string' && named.length) calls.push(...named.filter((c) => c.tool === 'load_data'));
    else if (partial) calls.push(partial);
    else if (typeof out === 'string') problems.push(`${raw} (${out})`);
    else {
      // "兩秒一段、重疊半秒，幫我切視窗", "50 Hz notch, please do it": the values came first and made the step; the verb after
      // them, with no value of its own, is that step again, not a second one at the defaults
      const prev = calls[calls.length - 1];
      if (out.length === 1 && prev?.tool === out[0].tool && VALUE_STEPS.has(prev.tool) && !findQuantities(s).length) continue;
      calls.push(...out);
      // events renamed earlier in the request are the names later clauses use
      for (const c of out)
        if (c.tool === 'edit_events' && c.arguments.rename) inner.events = [...inner.events, ...Object.values(c.arguments.rename as Record<string, string>)];
    }
  }
  // "跟剛才一樣，但是 batch 改 64" after "train 30 epochs": the whole earlier request again, with this call changed
  if (sameRequest && calls.length && !problems.length && calls.every((c) => repeated.some((l) => l.tool === c.tool))) {
    const redone = repeated.map((l) => calls.find((c) => c.tool === l.tool) ?? { tool: l.tool, arguments: { ...l.arguments } });
    calls.splice(0, calls.length, ...redone);
  }
  // "跟剛才一樣，但不要基線", "same as before but without the baseline": the earlier step again with the setting taken off
  if (sameRequest && !calls.length && !problems.length && settingsBefore.length)
    for (const l of repeated) calls.push({ tool: l.tool, arguments: { ...l.arguments } });
  for (const b of settingsBefore) for (const c of sameRequest ? calls : calls.slice(b.at, b.at + 1)) negatedSetting(c, b.text);
  // "模型換 SCCNet 重跑", "set batch 64 and start it again": a model or setting changed with a word of running again is a run
  if (
    RUN_AGAIN.test(masked.text) &&
    calls.some((c) => c.tool === 'set_model' || c.tool === 'configure_training') &&
    !calls.some((c) => c.tool === 'start_training')
  )
    calls.push({ tool: 'start_training', arguments: {} });
  mergeConfigurations(calls, inner.training);
  modelFirst(calls);
  // "switch to SCCNet with Ns 30": whichever rule chose the model, the hyper-parameters named with it go with it
  for (const c of calls) if (c.tool === 'set_model' && !c.arguments.params) Object.assign(c.arguments, modelParams(masked.text));
  dedupeReads(calls);
  studyEventNames(calls, inner.events);
  knownFileNames(calls, ctx.dataPath);
  if (notOffered.length) {
    const zh = /[\u4e00-\u9fff]/.test(request);
    const said = zh ? `XBrain 沒有提供 ${notOffered.join('、')}。` : `XBrain does not offer ${notOffered.join(', ')}.`;
    const instead = insteadLine(
      notOffered
        .map((x) =>
          /ica|independent|獨立|laplacian|拉普拉斯|wavelet|小波|autoreject|asr/i.test(x)
            ? `${x} ${zh ? '前處理' : 'preprocess'}`
            : `${x} ${zh ? '分類器' : 'classifier'}`,
        )
        .join(' '),
    );
    return { calls, message: [said, instead, problems.length ? `Not understood and skipped: ${problems.join('; ')}.` : ''].filter(Boolean).join(' ') };
  }
  if (problems.length && calls.length) return { calls, message: `Not understood and skipped: ${problems.join('; ')}.` };
  if (problems.length) return { calls: [], message: problems.some((p) => p.includes('(')) ? `I need more detail: ${problems.join('; ')}.` : undefined };
  if (!calls.length && negated.length)
    return {
      calls: [],
      // "hold off on training" puts the step off rather than forbidding it: say it in the user's words
      message: negated.every((c) => /^(?:please\s+)?(?:let'?s\s+)?(?:hold off|put off|postpone|hold back)\b/i.test(c.text))
        ? `Nothing to run: you asked me to ${negated.map((c) => lit(c.text).replace(/^(?:please\s+)?(?:let'?s\s+)?/i, '')).join('; ')}. The Study is unchanged.`
        : `Nothing to run: you asked me not to ${negated.map((c) => lit(c.text).replace(/^(?:please\s+)?(?:don'?t|do not|never)\s+/i, '')).join('; ')}. The Study is unchanged.`,
    };
  return { calls };
}

/**
 * "load s001r04.edf": a file the data path names is written as the data path spells it (file systems may be case
 * sensitive); the folder the user typed is kept.
 */
function knownFileNames(calls: PlannedCall[], dataPath: string | null): void {
  const known = (dataPath ?? '')
    .split(/\s*,\s*/)
    .map((p) => p.split(/[\\/]/).pop() ?? '')
    .filter(Boolean);
  if (!known.length) return;
  const spelled = (p: unknown) => {
    if (typeof p !== 'string') return p;
    const base = p.split(/[\\/]/).pop() ?? p;
    const hit = known.find((k) => k !== base && k.toLowerCase() === base.toLowerCase());
    return hit ? p.slice(0, p.length - base.length) + hit : p;
  };
  for (const c of calls) {
    if (c.tool === 'load_data' && Array.isArray(c.arguments.paths)) c.arguments.paths = c.arguments.paths.map(spelled);
    const mapping = c.arguments.mapping;
    if (c.tool === 'attach_labels' && mapping && typeof mapping === 'object' && !Array.isArray(mapping))
      c.arguments.mapping = Object.fromEntries(Object.entries(mapping as Record<string, unknown>).map(([k, v]) => [spelled(k) as string, v]));
  }
}

/**
 * "from 250 ms before T1 to 2.5 s after": the event named after a time is what the window is around, not a number of
 * the range ("-250 ms T1 to 2.5 s" would read 1 to 2.5); it moves after the range.
 */
function eventAfterTime(text: string, events: string[]): string {
  const names = events.filter((e) => /^[A-Za-z]\w*$/.test(e));
  if (!names.length) return text;
  const moved: string[] = [];
  const out = text.replace(
    new RegExp(`(-?\\d+(?:\\.\\d+)?\\s*(?:ms|s|secs?|seconds?)?)\\s+(?:of\\s+|the\\s+)?(${names.join('|')})\\s+(?=(?:to|until|through|-|–)\\s*-?\\d)`, 'g'),
    (_m, q: string, e: string) => {
      moved.push(e);
      return `${q} `;
    },
  );
  return moved.length ? `${out} around ${[...new Set(moved)].join(' and ')}` : text;
}

/**
 * "rename t1 to left", "epoch around t1 and t2": an event the Study has is written as the Study spells it, whatever case
 * the request typed it in (the tools match event names exactly).
 */
function studyEventNames(calls: PlannedCall[], events: string[]): void {
  const spelled = (e: string) => (events.includes(e) ? e : (events.find((k) => k.toLowerCase() === e.toLowerCase()) ?? e));
  for (const c of calls) {
    for (const key of ['event_id', 'event_filter'])
      if (Array.isArray(c.arguments[key])) c.arguments[key] = (c.arguments[key] as unknown[]).map((e) => (typeof e === 'string' ? spelled(e) : e));
    const rename = c.arguments.rename;
    if (c.tool === 'edit_events' && rename && typeof rename === 'object' && !Array.isArray(rename))
      c.arguments.rename = Object.fromEntries(Object.entries(rename as Record<string, unknown>).map(([k, v]) => [spelled(k), v]));
  }
}

/**
 * "on the cpu with lr 0.01, train EEGNet": settings said before the model still configure the run of that model, so the
 * model is chosen first (set_model → configure_training → start_training, whatever the word order).
 */
/**
 * "training config: adam, 60 epochs, keep the best-val-loss checkpoint": a clause with a verb of its own ("keep")
 * that only sets training values is a second configure_training; one configuration is meant. A later
 * configure_training without a run of its own joins the first one (its new values win).
 */
function mergeConfigurations(calls: PlannedCall[], current: Record<string, unknown> | null): void {
  for (let i = calls.length - 1; i > 0; i--) {
    if (calls[i].tool !== 'configure_training') continue;
    const first = calls.findIndex((c) => c.tool === 'configure_training');
    // "train 10 epochs, then again with 20": a configuration after a run and followed by a run of its own is a second
    // run's ("set the rate to 5e-4 and train for 15 epochs": two configurations next to each other are one)
    const afterRun = calls.slice(first, i).some((c) => c.tool === 'start_training');
    if (first === i || (afterRun && calls.slice(i + 1).some((c) => c.tool === 'start_training'))) continue;
    // the later call's values carried over from the current configuration are not new: they do not undo the earlier's
    const own = Object.entries(calls[i].arguments).filter(([k, v]) => !(k in calls[first].arguments) || JSON.stringify(current?.[k]) !== JSON.stringify(v));
    calls[first] = { tool: 'configure_training', arguments: { ...calls[first].arguments, ...Object.fromEntries(own) } };
    calls.splice(i, 1);
  }
}

function modelFirst(calls: PlannedCall[]): void {
  for (let i = 1; i < calls.length; i++) {
    if (calls[i].tool !== 'set_model') continue;
    let j = i;
    while (j > 0 && calls[j - 1].tool === 'configure_training') j--;
    if (j < i) calls.splice(j, 0, ...calls.splice(i, 1));
  }
}

/**
 * "I meant 128", "make that 64", "0.5 to 2.5 s instead": numbers without a parameter word replace the last numbers of
 * the request they correct, which is then read again ("configure … 20 epochs and batch 32" → "… batch 64").
 */
function renumber(input: string, ctx: PlannerContext, relative = false): PlannedCall[] | null {
  let masked = input;
  const NUMBER = /(?<![A-Za-z_\d.])-?\d+(?:\.\d+)?(?:e-?\d+)?/gi;
  // "halve it", "double that", "減半": the factor is the word
  const factor = /^(?:halve|減半)/i.test(masked.trim())
    ? '0.5'
    : /^(?:double|加倍|翻倍)/i.test(masked.trim())
      ? '2'
      : /^triple/i.test(masked.trim())
        ? '3'
        : null;
  if (factor && relative) masked = factor;
  // "go lower, half of that", "too high, divide it by ten", "make it a quarter of that": a factor on the value before
  const scaled = relativeFactor(masked);
  if (scaled !== null && !factor) {
    masked = String(scaled);
    relative = true;
  }
  const words = masked
    .replace(/-?\d+(?:\.\d+)?(?:e-?\d+)?/gi, ' ')
    .replace(
      /\b(?:to|and|hz|khz|ms|s|sec|seconds?|instead|then|please|rather|it|that|%)\b|[%,.!~，。]|到|至|秒|毫秒|赫茲|改成|改為|換成|調成|變成|降到|減到|設成|設為|改|設|原本的|原來的|就好|就可以|就行|好了|吧|倍|\b(?:same but|but|though)\b|\b(?:is fine|will do|is enough|works)\b/gi,
      ' ',
    )
    .trim();
  if (words && words.replace(DIRECTION, ' ').trim()) return null;
  const nums = masked.match(NUMBER) ?? [];
  const turns = ctx.history ?? [];
  for (let i = turns.length - 1; i >= 0; i--) {
    const t = turns[i];
    if (!t.calls.some((c) => !READ_ONLY_TOOLS.has(c.tool))) continue;
    const text = resolveQuantities(canonicalText(maskLiterals(t.user).text), factsOf(ctx), namesStep).text;
    const found = [...text.matchAll(NUMBER)];
    // "double it" then "no, 30": a turn that named no number changed one value of its step, and that value is meant
    if (!found.length && nums.length === 1 && !relative) {
      const target = t.calls.filter((c) => !READ_ONLY_TOOLS.has(c.tool)).pop();
      const before = target ? lastCallOf(turns.slice(0, i), target.tool) : null;
      const moved =
        target && before
          ? Object.keys(target.arguments).filter(
              (k) => typeof target.arguments[k] === 'number' && k in before.arguments && target.arguments[k] !== before.arguments[k],
            )
          : [];
      if (target && moved.length === 1) return [{ tool: target.tool, arguments: { ...target.arguments, [moved[0]]: Number(nums[0]) } }];
    }
    if (found.length < nums.length || !nums.length) return null;
    let out = text;
    // "I meant 1 to 40 Hz" after "band-pass 8-30 then epoch 0 to 4 s": the numbers of the unit the correction names
    const unit = relative ? null : unitOf(masked, masked.search(NUMBER));
    const ofUnit = unit ? found.filter((m) => unitOf(text, m.index ?? 0) === unit) : [];
    // … else the numbers given in no unit ("band-pass 8-30"), never those of another unit ("0 to 4 s")
    const noOther = unit ? found.filter((m) => unitOf(text, m.index ?? 0) === null) : [];
    const pool = ofUnit.length >= nums.length ? ofUnit : noOther.length >= nums.length && noOther.length < found.length ? noOther : found;
    const targets = pool.slice(pool.length - nums.length);
    for (let k = targets.length - 1; k >= 0; k--) {
      const m = targets[k];
      // "改成十分之一", "make it half": a share of the value it replaces
      const value = relative ? String(Math.round(Number(m[0]) * Number(nums[k]) * 1e9) / 1e9) : nums[k];
      out = out.slice(0, m.index) + value + out.slice((m.index ?? 0) + m[0].length);
    }
    const again = interpretRequest(unmask(out, maskLiterals(t.user).literals), { ...ctx, history: turns.slice(0, i), previous: [] });
    return rerunChanged(t.calls, again.calls);
  }
  return null;
}

/** The unit a number in the text is given in (a range's first number takes the unit after the range), by its kind. */
function unitOf(text: string, at: number): 'hz' | 's' | '%' | 'epochs' | null {
  if (at < 0) return null;
  const after = /^-?\d+(?:\.\d+)?(?:e-?\d+)?\s*(?:(?:-|–|~|to|through|到|至)\s*-?\d+(?:\.\d+)?\s*)?([a-z%\u4e00-\u9fff]*)/i.exec(text.slice(at))?.[1] ?? '';
  if (/^(?:hz|khz|hertz|赫茲)/i.test(after)) return 'hz';
  if (/^(?:s|secs?|seconds?|ms|milliseconds?|秒|毫秒)$|^(?:秒|毫秒)/i.test(after)) return 's';
  if (after.startsWith('%')) return '%';
  if (/^(?:epochs?|輪|回合)/i.test(after)) return 'epochs';
  return null;
}

/**
 * A correction re-runs only what it changes: of the earlier turn's steps read again with the corrected values, the
 * calls whose values differ (merged over the earlier call), and a run that followed a changed training setting; never a
 * stop, a clear or a reset. With nothing changed, the earlier turn's last step as read again.
 */
function rerunChanged(before: PlannedCall[], again: PlannedCall[]): PlannedCall[] | null {
  const acted = before.filter((c) => !READ_ONLY_TOOLS.has(c.tool) && !NOT_REPEATED.has(c.tool));
  const out: PlannedCall[] = [];
  for (const c of again) {
    const earlier = acted.filter((a) => a.tool === c.tool).pop();
    if (!earlier) continue;
    const merged = { ...earlier.arguments, ...c.arguments };
    if (JSON.stringify(merged) !== JSON.stringify(earlier.arguments)) out.push({ tool: c.tool, arguments: merged });
  }
  if (out.length) {
    // "train EEGNet for 20 epochs" then "I meant 30": the run is what the setting was for
    const ranAfter = before.findIndex((c) => c.tool === 'start_training') > before.findIndex((c) => TRAINING_TOOLS.has(c.tool) && c.tool !== 'start_training');
    if (ranAfter && out.some((c) => c.tool === 'configure_training' || c.tool === 'set_model') && !out.some((c) => c.tool === 'start_training'))
      out.push({ tool: 'start_training', arguments: {} });
    return out;
  }
  const target = acted[acted.length - 1];
  const same = again.filter((c) => c.tool === target?.tool).pop();
  return same && target ? [{ tool: target.tool, arguments: { ...target.arguments, ...same.arguments } }] : null;
}

/** Settings a standard preprocessing call takes from the clauses after it. */
const STANDARD_PARTS: Record<string, (a: Record<string, unknown>) => Record<string, unknown>> = {
  apply_notch_filter: (a) => ({ notch_freq: a.freq }),
  resample_data: (a) => ({ resample_rate: a.rate }),
  // the tool takes "average" or a channel name (「跑標準前處理，但參考電極改成 Cz」)
  set_reference: (a) => (typeof a.method === 'string' ? { rereference: a.method } : {}),
  normalize_data: (a) => ({ normalize_method: a.method }),
  apply_bandpass_filter: (a) => ({ l_freq: a.low_freq, h_freq: a.high_freq }),
};

/**
 * Folds a clause into the call before it when it only adds that call's settings: "standard preprocessing … and notch
 * 60" sets notch_freq, "configure training …, save checkpoints every 2" sets the checkpoint interval. Returns true
 * when the clause was absorbed.
 */
function addSettings(
  last: PlannedCall | undefined,
  tool: string | null,
  s: string,
  ctx: PlannerContext,
  raw: string,
  joiner: string,
  calls: PlannedCall[] = [],
): boolean {
  // "跑 standard preprocess，notch 用 60，最後做 z-score": a step of the standard chain's optional tail (resample,
  // average reference, normalisation) said after it, even with "then", is that part of the chain, run in its order
  const chainTail =
    last?.tool === 'apply_standard_preprocess' &&
    joiner === 'then' &&
    (tool === 'normalize_data' || tool === 'resample_data' || tool === 'set_reference') &&
    !Object.keys(STANDARD_PARTS[tool]({ method: 'average', rate: 1 })).some((k) => k in last.arguments);
  // "set up 5-fold cross-validation; seed 3": a bare setting after a semicolon is still a setting of the step before
  const bareSetting =
    (joiner === 'then' &&
      tool === null &&
      /^(?:(?:and|with|plus)\s+)?(?:seed|random seed|folds?|test(?:\s+(?:share|ratio|set))?|val(?:idation)?(?:\s+(?:share|ratio|set))?|batch(?:\s+size)?|lr|learning rate|overlap|baseline|種子|亂數種子|測試集?|驗證集?)\s*(?:=|:|of|to|at|is|設|用|為)?\s*\d/i.test(
        s.trim(),
      )) ||
    (joiner === 'then' &&
      tool === null &&
      last?.tool === 'configure_training' &&
      /^(?:挑|選|留|取|用|keep|pick|choose|select)\s*(?:the\s+)?(?:one\s+with\s+)?(?:驗證|val(?:idation)?)/i.test(s.trim()));
  if (!last || !(chainTail || bareSetting || /^(?:and|,|with|plus|also|only|just|but|只要|只|就|也|並|和|跟|而且|以及|但|但是|不過)$/.test(joiner)))
    return false;
  let prev: PlannedCall = last;
  // "train for 30 epochs and keep the best validation accuracy": a training setting after the start goes to its configuration
  if (last.tool === 'start_training' && (tool === 'configure_training' || tool === null || tool === 'start_training') && trainingArgs(s, ctx)) {
    const cfg = calls.find((c) => c.tool === 'configure_training');
    if (cfg) prev = cfg;
    else {
      prev = { tool: 'configure_training', arguments: trainingArgs('', ctx) ?? { ...SKIP_DEFAULTS.training } };
      calls.splice(calls.indexOf(last), 0, prev);
    }
    tool = 'configure_training';
  }
  if (prev.tool === 'apply_standard_preprocess' && (tool === null || STANDARD_PARTS[tool])) {
    // "陷波 60、做 z-score": every part the clause names, by its own step and by the standard chain's reading of it
    const std = RULES.find((r) => r.tool === 'apply_standard_preprocess')?.build(s, ctx, raw);
    const own = tool ? RULES.find((r) => r.tool === tool)?.build(s, ctx, raw) : undefined;
    const parts: Record<string, unknown> = {
      ...(std && typeof std !== 'string' ? std[0].arguments : {}),
      ...(own && typeof own !== 'string' && tool ? STANDARD_PARTS[tool](own[0].arguments) : {}),
    };
    // "…，但 highpass 0.5、lowpass 45": a one-edge filter sets only its edge (the other is the builder's default)
    const low = /\b(?:low-?pass|lp)\b|低通/i.test(s);
    const high = /\b(?:high-?pass|hp)\b|高通/i.test(s);
    if (tool === 'apply_bandpass_filter' && low !== high) delete parts[low ? 'l_freq' : 'h_freq'];
    if (!Object.keys(parts).length) return false;
    Object.assign(prev.arguments, parts);
    return true;
  }
  // "學習率 0.0003、批次 16、訓練 60 輪": an item of a list of settings that names the epochs is one more setting
  if (
    prev.tool === 'configure_training' &&
    tool === 'start_training' &&
    joiner === ',' &&
    /^(?:train(?:ing)?|訓練)\s*(?:for\s+)?\d+\s*(?:個\s*)?(?:epochs?|輪|回合)\s*$/i.test(s.trim())
  )
    tool = 'configure_training';
  // "run the cross-session protocol …, and save the table as results/xsess.csv": where the protocol's table is written
  if (prev.tool === 'run_protocol' && tool === null && /\.(?:csv|json)\b/i.test(s) && /\b(?:save|write|export|store|dump|put)\b|存|寫|匯出|輸出/i.test(s)) {
    const file = /[\w./\\~-]+\.(?:csv|json)\b/i.exec(raw);
    if (file) {
      prev.arguments.export_path = file[0];
      return true;
    }
  }
  if (tool && tool !== prev.tool) return false;
  const own = RULES.find((r) => r.tool === prev.tool);
  // a clause without a step of its own may carry any setting ("只要 T1", "only C3 and C4"); one with the same step needs a value
  // (a split strategy or a mode is a value too: "25% test, split by session")
  if (!own || !(tool === null ? SETTINGS.test(s) || channelsIn(s).length > 0 : /\d|\b(?:without|no|with|by|per|instead)\b|按|依|以/i.test(s))) return false;
  // "load the recordings in data, only runs 4 and 12": the selection of the load before, its paths kept
  if (prev.tool === 'load_data' && tool === null) {
    const sel = loadSelection(s);
    if (!Object.keys(sel).length) return false;
    Object.assign(prev.arguments, sel);
    return true;
  }
  const out = own.build(s, { ...ctx, training: prev.tool === 'configure_training' ? { ...(ctx.training ?? {}), ...prev.arguments } : ctx.training }, raw);
  // "帶通 1 到 40，濾波器用 IIR 四階", "…, a 4th-order butterworth": the design of the filter before, said on its own
  if (typeof out === 'string' && prev.tool === 'apply_bandpass_filter' && Object.keys(filterDesign(s)).length) {
    Object.assign(prev.arguments, filterDesign(s));
    return true;
  }
  if (typeof out === 'string') return false;
  const same = out.find((c) => c.tool === prev.tool);
  if (!same) return false;
  // only what the clause wrote: values the builder fills in by default for an empty request are not settings
  const blank = own.build('', ctx, '');
  const defaults = typeof blank === 'string' ? {} : (blank.find((c) => c.tool === prev.tool)?.arguments ?? {});
  // a one-edge filter after a filter moves only the edge it names ("high-pass 0.5 Hz and low-pass 40 Hz")
  const edgeOnly =
    prev.tool === 'apply_bandpass_filter'
      ? /\b(?:low-?pass|lowpass|lp)\b|低通/i.test(s)
        ? 'high_freq'
        : /\b(?:high-?pass|highpass|hp)\b|高通/i.test(s)
          ? 'low_freq'
          : null
      : null;
  const fresh = Object.entries(same.arguments).filter(
    ([k, v]) => (!edgeOnly || k === edgeOnly) && JSON.stringify(prev.arguments[k]) !== JSON.stringify(v) && JSON.stringify(defaults[k]) !== JSON.stringify(v),
  );
  // the same step said again with nothing new ("split by trial and keep 20% for validation", 20% being the default):
  // one call, not two
  if (!fresh.length) return tool === prev.tool && !/\b(?:again|twice|another|second)\b|再一次|又/i.test(s);
  // the same verb again with more of a list ("load A.edf and load B.edf", "keep C3 and keep C4"): the list grows
  for (const [k, v] of fresh) {
    const before = prev.arguments[k];
    prev.arguments[k] = tool === prev.tool && Array.isArray(before) && Array.isArray(v) ? [...new Set([...before, ...v])] : v;
  }
  return true;
}

/** Readings that win over the general rules: a bare "clear", a panel switch, choosing a model, an unresolved mains notch. */
function precedence(m: string, s: string, ctx: PlannerContext): PlannedCall[] | string | null {
  const t = m.trim();
  if (BARE_CLEAR.test(t)) return [{ tool: 'clear_dataset', arguments: {} }];
  // a question about the Study's own values reads the Study ("what's the sampling rate now?")
  if (
    /^(?:what(?:'s| is| are)?|how many|how much|which|現在|目前)\b.*(?:sampling rate|sample rate|channels?|events?|epochs?|trials?|shape|duration|取樣率|通道|事件)/i.test(
      t,
    ) &&
    /[?？]\s*$|^(?:what|how|which)/i.test(t) &&
    !/\b(?:should|best|recommend)/i.test(t)
  )
    return [{ tool: 'get_dataset_info', arguments: {} }];
  // "show me the epoch counts", "每類有幾個 epoch": counts are read from the Study, never made
  if (
    COUNTS.test(t) &&
    !/\b(?:split|generate|make|create|epoch (?:the|it|them|around|from)|cut|segment)\b|切段|分段|產生|切分|分割/i.test(t.replace(COUNTS, ' '))
  )
    return [{ tool: 'get_dataset_info', arguments: {} }];
  // "show me the split", 「給我看切分結果」: a result to be seen is its panel; "split it" makes one (a noun after a view verb
  // and a determiner is the object seen, never the step)
  if (SHOW_RESULT.test(t) && !/\d/.test(t)) return [{ tool: 'switch_panel', arguments: { panel_name: 'dataset' } }];
  // "what's in the recordings? channels, sampling rate, events": a question about what is loaded reads the Study, whatever
  // setting words it lists
  if (/\bwhat(?:'?s| is| are) (?:loaded|in (?:the |my |our )?(?:data(?:set)?|recordings?|study|eeg)\b(?! (?:folder|directory)))/i.test(t) && !/\d/.test(t))
    return [{ tool: 'get_dataset_info', arguments: {} }];
  // "undo that" after a preprocessing step: back to the raw recordings (the only undo the Study has)
  if (UNDO.test(t) && ctx.previous.some((c) => PREPROCESS_TOOLS.has(c.tool) || c.tool === 'epoch_data' || c.tool === 'window_epoch'))
    return [{ tool: 'reset_preprocessing', arguments: {} }];
  // "plot it", "畫出來" right after a step: the plot of what that step made (a run's curves, the epochs)
  if (/^(?:please\s+)?(?:(?:plot|graph|draw|chart|visuali[sz]e)\s+(?:it|that|this|them|those)|(?:把它|把那個)?(?:畫|繪)(?:出來|一下|圖))$/i.test(t)) {
    const last = [...ctx.previous].reverse().find((c) => !READ_ONLY_TOOLS.has(c.tool));
    if (last && ['start_training', 'configure_training', 'evaluate'].includes(last.tool)) return [{ tool: 'plot_training', arguments: { metric: 'loss' } }];
    if (last && ['epoch_data', 'window_epoch', 'select_channels'].includes(last.tool))
      return [{ tool: 'plot_epochs', arguments: { kind: 'traces', ...(Array.isArray(last.arguments.channels) ? { channels: last.arguments.channels } : {}) } }];
  }
  if (/^(?:please\s+)?(?:start|begin|go|run it|start it|start training|kick it off|launch it)(?:\s+(?:now|it))?$|^(?:開始|開始吧|開始訓練|開跑)$/i.test(t))
    return [{ tool: 'start_training', arguments: {} }];
  // "train on the GPU: 200 epochs, batch 16, lr 0.01", "訓練 50 個 epoch，batch 32，學習率 0.001": a list of settings configures
  if (/^(?:重複訓練|repeat (?:the )?training)/i.test(t) && !/開始|\bstart\b/i.test(t)) {
    const a = trainingArgs(s, ctx);
    if (a) return [{ tool: 'configure_training', arguments: a }];
  }
  if (
    /^(?:please\s+)?(?:train|訓練)/i.test(t) &&
    !START_WORD_EN.test(t.replace(/^(?:please\s+)?train\w*/i, '')) &&
    // a list's separators: commas, colons and the Chinese enumeration comma and semicolons ("訓練 30 epoch、學習率 0.0005、用 CPU")
    // … and "training 設定 …", "training settings …": the settings word is the list's colon
    (t.match(/[,，:：、;；]/g) ?? []).length +
      (/^(?:please\s+)?(?:train\w*|訓練)\s*(?:的)?\s*(?:設定|設置|參數|配置|settings?|config\w*|options|parameters)/i.test(t) ? 1 : 0) >=
      2 &&
    (!modelName(s) || /[:：]/.test(t))
  ) {
    const a = trainingArgs(s, ctx);
    if (a) return [...(modelName(s) ? [{ tool: 'set_model', arguments: { model_name: modelName(s) } }] : []), { tool: 'configure_training', arguments: a }];
  }
  // "keep every channel except the frontal ones", "use all channels but T9 and T10", 「除了 Fp1 以外都留著」: all but those
  const allBut = ctx.channelNames?.length ? keptAllBut(t, ctx.channelNames) : null;
  if (allBut && allBut.unknown.length) return `${allBut.unknown.join(', ')} ${allBut.unknown.length > 1 ? 'are' : 'is'} not a channel of the loaded recordings`;
  if (allBut && allBut.keep.length) return [{ tool: 'select_channels', arguments: { channels: allBut.keep } }];
  // "drop everything except C3, Cz, C4", "除了 C3、C4 以外都刪掉": the channels named are the ones kept
  const dropped = droppedChannels(t, ctx);
  if (dropped) return dropped;
  const kept = EXCEPT_CHANNELS.exec(t);
  if (kept && channelsIn(kept[1] ?? kept[2] ?? '').length) return [{ tool: 'select_channels', arguments: { channels: channelsIn(kept[1] ?? kept[2] ?? '') } }];
  const panel = PANEL_ONLY.exec(t);
  if (panel) {
    const p = PANELS.find(([re]) => re.test(panel.slice(1).find(Boolean) ?? ''));
    if (p) return [{ tool: 'switch_panel', arguments: { panel_name: p[1] } }];
  }
  const view = VIEW_MODES.find(([re]) => re.test(t));
  if (view && (/\b(?:show|open|display|switch|go|view|see|bring up|pull up)\b|顯示|打開|開啟|切換|看/i.test(t) || t.split(/\s+/).length <= 3)) {
    return [{ tool: 'switch_panel', arguments: { panel_name: view[1], view_mode: view[2] } }];
  }
  // "open the evaluation panel to see the confusion matrix", "打開 evaluation panel 看 confusion matrix": the panel is the request
  if (OPEN_PANEL.test(t)) {
    const out = RULES.find((r) => r.tool === 'switch_panel')?.build(s, ctx, s);
    if (out && typeof out !== 'string') return out;
  }
  // "for training I'd like ShallowConvNet", "訓練的時候用 SCCNet": the model to train with, named without asking to start
  // … and a wish to use a model for training ("我想用 SCCNet 來訓練", "I'd like to use EEGNet to train") names it without starting
  const forTraining =
    /\bfor (?:the |my |our |a |this )?(?:next |upcoming |coming |following |later |new |coming )?(?:training|train(?:ing)? run|run)\b|\bthe training model\b|(?:來|去|拿來|用來)\s*(?:做)?\s*訓練\s*$|^(?:the\s+)?training\s*(?:時|的時候|的)?\s*(?:就|要|改|則)?\s*(?:用|使用|改用|採用|換成|換|選用?)\s*(?=\S)|\b(?:is|as) the (?:one|model|net(?:work)?) (?:i|we)(?:'d like| would like| want)? to train\b|\bis what (?:i|we)(?:'d like| would like| want| plan| intend| mean)? to (?:train|use)(?: it)?(?: with| for (?:the )?training)?\s*[.!]?$|^(?:用|使用|拿)\s*\S+?\s*(?:來|去)\s*(?:做)?訓練$|訓練(?:的)?時(?:候)?|訓練(?:的話|方面|的部分)|訓練\s*(?:時)?\s*(?:就|要|都|則|改|先|想|打算|會)*\s*(?:用|使用|改用|採用|換成|選用?|交給)|^(?:我|我們)?(?:想|想要|打算|希望|準備)(?:要)?(?:用|使用|拿)\s*\S+?\s*(?:來|去)?\s*(?:做)?訓練$|^(?:i|we)\s*(?:'d| would)?\s*(?:like|want|plan|intend)\s+to\s+use\s+\S+\s+(?:to|for)\s+train(?:ing)?$/i;
  if (modelName(t) && forTraining.test(t) && !START_WORD_EN.test(t) && !/開始|\d+\s*(?:個\s*)?(?:epochs?|輪)/i.test(t)) {
    const a = trainingArgs(s, ctx);
    return [{ tool: 'set_model', arguments: { model_name: modelName(t) } }, ...(a ? [{ tool: 'configure_training', arguments: a }] : [])];
  }
  const chosen = CHOOSE_MODEL.exec(t) ?? MODEL_SLOT.exec(t);
  if (chosen && (!START_WORD.test(t.slice(chosen[0].length)) || /\b(?:later|myself|not yet|tomorrow)\b|晚點|稍後|自己|先不要/i.test(t))) {
    const calls: PlannedCall[] = [{ tool: 'set_model', arguments: { model_name: modelName(chosen[1]) } }];
    const a = trainingArgs(s, ctx);
    if (a) calls.push({ tool: 'configure_training', arguments: a });
    return calls;
  }
  // "remove the line noise" names a fact about where the data was recorded: ask; a bare "notch filter" keeps 50 Hz
  if (/line noise|mains|power[- ]?line|\bhum\b|市電|工頻/i.test(t) && !/\bstandard|default|preprocess|前處理/i.test(t) && mainsUnresolved(s)) {
    return 'which mains frequency? 50 Hz (Europe, most of Asia and Africa) or 60 Hz (the Americas, Taiwan, Korea); e.g. "notch 60 Hz"';
  }
  return null;
}

/**
 * A correction changes an earlier call with the new values merged over the old ones. The target is the newest
 * earlier call (of any earlier turn) that the new words can describe: "I meant 128" after a resample changes the
 * rate, "make it 4 s" after an epoch the window.
 */
function correct(s: string, outer: PlannerContext, raw: string, masked: string, relative = false): PlannedCall[] | null {
  const edge = epochEdge(raw, outer) ?? epochEdge(s, outer);
  if (edge) return edge;
  const renumbered = renumber(masked, outer, relative);
  if (renumbered) return renumbered;
  // "and on train?", "what about for C4": a preposition first means a new object for the same step, not a new verb
  const sameStep =
    /^(?:(?:and|also|now|then|what about|how about|this time)\s+)?(?:on|in|for|with|at|to)\b/i.test(masked.trim()) ||
    // "and the lr one", "what about the loss one": "one" stands for the step before, with another value in its slot
    /^(?:(?:and|also|now|then|what about|how about)\s+)?the\s+[\w\s-]{1,30}?\s+one\s*[?.!]*$/i.test(masked.trim()) ||
    /^(?:那)?(?:這次|這回)?\s*(?:換成?|改用|改成|用)\s*(?!名)/.test(masked.trim());
  const rule = sameStep ? undefined : RULES.find((r) => r.when.test(masked) && !(r.unless && r.unless.test(masked)));
  const candidates = [...outer.previous].reverse();
  // "sorry, out/b", "改成 exports/v2": a bare path replaces the path of the last call that wrote one
  const bare = s.trim().replace(/^(?:to|into|in|at|到|成)\s+/i, '');
  if (/^[\w.~-]*[/\\][\w./\\~-]*$/.test(bare)) {
    const withPath = candidates.find((c) => typeof c.arguments.path === 'string' || typeof c.arguments.directory === 'string');
    if (withPath)
      return [{ tool: withPath.tool, arguments: { ...withPath.arguments, [typeof withPath.arguments.path === 'string' ? 'path' : 'directory']: bare } }];
  }
  for (const h of outer.history ?? []) for (const c of [...h.calls].reverse()) if (!candidates.includes(c)) candidates.push(c);
  for (const asked of candidates.slice(0, 8)) {
    // a call that did not run (refused, declined) is corrected with the values in effect under what it tried to change
    const last = asked && outer.history ? { tool: asked.tool, arguments: valuesBefore(asked, outer) } : asked;
    const ctx = last.tool === 'configure_training' ? { ...outer, training: { ...(outer.training ?? {}), ...last.arguments } } : outer;
    if (rule && rule.tool !== last.tool) continue;
    const target = RULES.find((r) => r.tool === last.tool);
    if (!target) continue;
    // "那 raw 呢", "what about raw": the listing of another folder
    const other = /^(?:那麼?|what about|how about)\s*(?:in\s+)?([\w./\u4e00-\u9fff-]+?)\s*(?:資料夾|目錄)?\s*(?:呢)?\s*[?？]?$/i.exec(s.trim());
    if (last.tool === 'list_files' && other) return [{ tool: 'list_files', arguments: { ...last.arguments, directory: other[1] } }];
    // a window's overlap share is of the window already chosen
    const text =
      last.tool === 'window_epoch' && typeof last.arguments.duration === 'number' && !/\d\s*(?:s|sec|秒)\b(?!.*(?:overlap|重疊))/i.test(s)
        ? `${s} duration ${last.arguments.duration} s`
        : s;
    const out = target.build(text, ctx, raw);
    if (typeof out === 'string') continue;
    const same = out.find((c) => c.tool === last.tool);
    if (!same) continue;
    // what the builder fills in by default ("traces" for a plot) is not part of the correction
    const blank = target.build('', ctx, '');
    const defaults = typeof blank === 'string' ? {} : (blank.find((c) => c.tool === last.tool)?.arguments ?? {});
    const said = (v: unknown) => typeof v === 'string' && new RegExp(`\\b${v.replace(/[^\w]/g, '.?')}`, 'i').test(s);
    const written = Object.fromEntries(
      Object.entries(same.arguments).filter(([k, v]) => !(k in last.arguments) || JSON.stringify(defaults[k]) !== JSON.stringify(v) || said(v)),
    );
    // "also T2", "也包括 C4": a list grows instead of being replaced
    if (ADDS.test(s) || /也要/.test(s) || (last.tool === 'select_channels' && /\b(?:also|too|as well)\b|也/i.test(s))) {
      for (const k of ['event_id', 'channels']) {
        const before = last.arguments[k];
        const now = written[k];
        if (Array.isArray(before) && Array.isArray(now)) written[k] = [...new Set([...before, ...now])];
      }
    }
    const merged = { ...last.arguments, ...written };
    // a correction that changes nothing is not about this call
    if (JSON.stringify(merged) === JSON.stringify(last.arguments)) continue;
    // "I meant batch 32" after "train … with batch 16": the run is made again with the corrected setting
    return withRun([{ tool: last.tool, arguments: merged }], asked, outer.history ?? []);
  }
  if (rule) {
    const out = rule.build(s, outer, raw);
    if (typeof out !== 'string') return out;
  }
  return null;
}

/**
 * The arguments a correction starts from. A call that ran: its own. A call its tool refused or the user declined
 * ("double it" → batch 48, refused): its values that differ from those in effect (the Study's training
 * configuration, else the newest call of that tool that ran) did not take effect, so those in effect stand, and the
 * correction's own values go on top ("and bump the epochs to 40" keeps the batch of 24 in effect).
 */
function valuesBefore(call: PlannedCall, ctx: PlannerContext): Record<string, unknown> {
  const turns = ctx.history ?? [];
  if (!callFailed(turns, call)) return call.arguments;
  const done = call.tool === 'configure_training' && ctx.training ? ctx.training : (lastDoneCallOf(turns, call.tool)?.arguments ?? null);
  if (!done) return call.arguments;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(call.arguments))
    if (k in done) out[k] = done[k];
    else out[k] = v;
  return out;
}

/**
 * "start at -0.5 instead", "end at 3 s", "從 -1 秒開始", "結束改成 3 秒": one edge of the last epoching window moved, the
 * other kept ("start" here is the window's start, not starting a training run).
 */
function epochEdge(s: string, ctx: PlannerContext): PlannedCall[] | null {
  const m =
    /^(?:(?:make it|let it|have it|and|but|so)\s+)*(?:the\s+)?(?:(?:epochs?|window)\s+)?(start|begin|end|stop|finish)(?:s|ing)?(?:\s+(?:time|point))?(?:\s+(?:it|them|the\s+epochs?))?(?:\s+(?:at|from|to|on))?\s+(-?\d+(?:\.\d+)?)\s*(ms|s|sec|secs|seconds?)?(?:\s+(?:instead|then|please|rather))?[.!]?$|^(?:從|由)\s*(-?\d+(?:\.\d+)?)\s*(毫秒|秒|ms|s)?\s*(開始)$|^(?:到|至)\s*(-?\d+(?:\.\d+)?)\s*(毫秒|秒|ms|s)?\s*(結束)$/i.exec(
      s.trim(),
    );
  if (!m) return null;
  const last = [...ctx.previous].reverse().find((c) => c.tool === 'epoch_data') ?? (ctx.history ? lastCallOf(ctx.history, 'epoch_data') : null);
  if (!last) return null;
  const word = m[1] ?? m[6] ?? m[9];
  const v = Number(m[2] ?? m[4] ?? m[7]) * (/^(?:ms|毫秒)$/i.test(m[3] ?? m[5] ?? m[8] ?? '') ? 0.001 : 1);
  const key = /start|begin|開始/i.test(word) ? 't_min' : 't_max';
  return [{ tool: 'epoch_data', arguments: { ...last.arguments, [key]: Math.round(v * 1e9) / 1e9 } }];
}

/** The required parameters of the tool (by its definition) that a call leaves out. */
function missingRequired(call: PlannedCall): string[] {
  const required = (definitionByName.get(call.tool)?.parameters as { required?: string[] } | undefined)?.required ?? [];
  return required.filter((k) => call.arguments[k] === undefined);
}

/** Words that name a step again without saying anything of its values ("redo", "again", "this time", "改成"). */
const RESTATE =
  /\b(?:redo|repeat|rerun|re-run|again|once more|this time|but|then|instead|please|the|with|and|so|now)\b|再(?:做|跑)?一次|重做|這次|改成|改為|換成|[,，.。;；]/gi;

/**
 * A clause that names a step the conversation already ran but gives only part of its values ("redo the filter but up
 * to 40", "filter again, up to 40 this time", "濾波改成到 40"): the earlier call of that tool with the values said
 * replaced, read as a correction of it once the words that name the step are taken out. Null when nothing is left
 * or the rest changes nothing.
 */
function partialChange(rule: (typeof RULES)[number], masked: string, s: string, ctx: PlannerContext, turns: PastTurn[]): PlannedCall | null {
  const earlier = lastCallOf(turns, rule.tool);
  if (!earlier) return null;
  const rest = s.replace(rule.when, ' ').replace(RESTATE, ' ').replace(/\s+/g, ' ').trim();
  if (!rest || !/\d/.test(rest)) return null;
  const restMasked = masked.replace(rule.when, ' ').replace(RESTATE, ' ').replace(/\s+/g, ' ').trim();
  // the turn that made the earlier call, alone: its words say which number was which value
  const own = turns.filter((t) => t.calls.includes(earlier)).slice(-1);
  const out = correct(rest, { ...ctx, previous: [earlier], history: own.map((t) => ({ ...t, calls: [earlier] })) }, rest, restMasked);
  const changed = out?.find((c) => c.tool === rule.tool);
  return changed && JSON.stringify(changed.arguments) !== JSON.stringify(earlier.arguments) ? changed : null;
}

/** A clause that says only "the same as before" ("跟之前一樣", "same settings as last time", "keep everything else"). */
const ONLY_SAME =
  /^(?:(?:ok(?:ay)?|and|so|please)[,\s]+)*(?:(?:do|run|keep)\s+)?(?:(?:the|everything(?:\s+else)?|all\s+else|it)\s+)?(?:the\s+)?(?:same|identical|unchanged)(?:\s+(?:thing|settings?|parameters?|config(?:uration)?|values?))?(?:\s+(?:as\s+(?:before|last time|earlier|previously)|again))?$|^(?:(?:keep\s+)?everything\s+else\s+(?:the\s+same|as\s+(?:before|it was)|unchanged))$|^(?:其他|其餘|其它)?\s*(?:都)?\s*(?:跟|和|與|同)?\s*(?:之前|剛才|剛剛|上次|前面)\s*(?:的)?\s*(?:一樣|相同)$|^(?:其他|其餘|其它)\s*(?:都)?\s*(?:一樣|不變|照舊)$|^(?:一樣|照舊|同樣)$|^(?:(?:ok(?:ay)?|and|so|please)[,\s]+)*(?:do (?:it|that|this|the same) again|(?:the )?same (?:thing )?again|once more|one more time|redo (?:it|that)|repeat (?:it|that))$|^(?:一樣的?|照舊|照(?:剛才|剛剛|之前)的?)?\s*再\s*(?:做|跑|來)\s*一次$/i;

/**
 * The arguments a rule's call takes from what the clause wrote: values that differ from what the builder fills in for
 * an empty request, or that the clause names ("by trial"). "30% test" writes test_ratio, not the default strategy.
 */
function writtenArgs(rule: (typeof RULES)[number], call: PlannedCall, s: string, ctx: PlannerContext, numbers = false): Record<string, unknown> {
  const blank = rule.build('', ctx, '');
  const defaults = typeof blank === 'string' ? {} : (blank.find((c) => c.tool === call.tool)?.arguments ?? {});
  // a value the clause writes out is written even when it is the default ("do the same at 50" after a notch at 60)
  const said = (v: unknown) =>
    (typeof v === 'string' && new RegExp(`\\b${v.replace(/[^\w]/g, '.?')}`, 'i').test(s)) ||
    (numbers && typeof v === 'number' && new RegExp(`(?<![\\d.])${String(v).replace('.', '\\.')}(?![\\d.])`).test(s));
  return Object.fromEntries(
    Object.entries(call.arguments).filter(([k, v]) => !(k in defaults) || JSON.stringify(defaults[k]) !== JSON.stringify(v) || said(v)),
  );
}

/** What a clause without a verb may carry for a step: numbers, events, with/without, a selection, a device, an optimizer. */
const SETTINGS =
  /\d|\bT\d\b|\b(?:without|no|with|only|best|checkpoints?|seed|adamw?|sgd|cpu|gpu|cuda|iir|fir|butter\w*|baseline)\b|只要|只|不要|基線|最(?:高|低)|種子/i;

/** Steps that "the same with X" never repeats. */
/**
 * The steps again on another file ("now do S002R04.edf the same way", 「下一個受試者照做：S002R04.edf」) while the loaded
 * recordings are preprocessed: load_data refuses to add a file then (every recording gets the same processing), and
 * the only way there is reset_preprocessing, which throws work away and is never added unasked. Nothing is run and
 * the reply says why and what to say instead. Null when the repeat loads nothing or nothing is preprocessed.
 */
function sameOnAnotherFile(calls: PlannedCall[], ctx: PlannerContext): PlanOutcome | null {
  const load = calls.find((c) => c.tool === 'load_data');
  if (!load) return null;
  const turns = ctx.history ?? [];
  // the preprocessing in force: the Study's settings line, and steps of this conversation since the last load, reset or clear
  let done = (ctx.current ?? []).filter((c) => UNDONE_BY_RESET(c.tool)).map((c) => c.tool);
  for (const t of turns)
    for (const c of t.calls) {
      if (t.failed?.includes(c)) continue;
      if (c.tool === 'reset_preprocessing' || c.tool === 'clear_dataset') done = [];
      else if (UNDONE_BY_RESET(c.tool)) done.push(c.tool);
    }
  if (!done.length) return null;
  const files = Array.isArray(load.arguments.paths) ? (load.arguments.paths as string[]).join(', ') : 'the file';
  const steps = [...new Set(done)].join(', ');
  return {
    calls: [],
    message:
      `Nothing run: ${files} cannot be added while the loaded recordings are preprocessed (${steps}), because every recording gets the same processing. ` +
      `Say "reset the preprocessing" (it asks first, and takes back those steps), then "do ${files} the same way" again; or "clear everything and load ${files}" to work on it alone.`,
  };
}

/** A word of sameness about steps: the same way, the same steps, likewise, 照做, 照這樣, 一樣的步驟. */
const SAME_STEPS =
  /\b(?:(?:the\s+)?same\s+(?:way|steps?|pipeline|processing|procedure|treatment|thing|as (?:before|last time|earlier|the (?:first|last|other) one))|likewise|in the same manner)\b|照做|照這樣|照著做|照樣|比照|依樣|(?:一樣|同樣|相同)的?(?:步驟|流程|處理|做法|方式)|(?:步驟|流程|處理|做法)(?:都)?(?:一樣|相同|照舊)/i;

/**
 * The newest steps again on a file the turn names with a word of sameness ("now do S002R04.edf the same way"): the load
 * of those steps takes the file, or, when they loaded nothing, the file is loaded before them. Null otherwise.
 */
function repeatOnFile(text: string, last: PlannedCall[]): PlannedCall[] | null {
  if (!SAME_STEPS.test(text) || !last.length) return null;
  const files = [...text.matchAll(/[\w./\\-]+\.(?:edf|bdf|gdf|set|vhdr|fif|cnt|mat|npy|xdf)\b/gi)].map((f) => f[0]);
  if (!files.length) return null;
  const calls = last.filter((c) => !NOT_REPEATED.has(c.tool)).map((c) => ({ tool: c.tool, arguments: { ...c.arguments } }));
  const load = calls.find((c) => c.tool === 'load_data');
  if (load) load.arguments.paths = files;
  else calls.unshift({ tool: 'load_data', arguments: { paths: files } });
  return calls;
}

/** Steps that change the recordings or the epochs: what reset_preprocessing takes back. */
const UNDONE_BY_RESET = (tool: string): boolean => PREPROCESS_TOOLS.has(tool) || tool === 'epoch_data' || tool === 'window_epoch';

/**
 * An undo followed by what to do instead ("undo that and do 8 to 30 instead", "take that back and notch 60", 「回到上一步，
 * 改用 4 到 30」) after a preprocessing step. The Study's only undo is reset_preprocessing, which takes back every step, so
 * the steps taken before the undone turn (since the last load, reset or clear, as they ran) are done again, then the
 * new request, read against the undone turn as a correction would be. Null when the turn is not an undo clause plus a
 * request, or the newest acting turn did not preprocess.
 */
function undoThenRedo(text: string, turns: readonly PastTurn[], ctx: PlannerContext): PlanOutcome | null {
  const t = text.trim();
  let head = '';
  let rest = '';
  for (const m of t.matchAll(/\s*(?:[,，;；、]\s*(?:and\s+|then\s+|然後|再)?|\s+(?:and|then)\s+(?:then\s+)?)/gi)) {
    const h = t.slice(0, m.index).trim();
    if (UNDO.test(h)) {
      head = h;
      rest = t.slice((m.index ?? 0) + m[0].length).trim();
      break;
    }
  }
  if (!head || !rest) return null;
  const acting = turns.map((x, i) => [x, i] as const).filter(([x]) => x.calls.some((c) => !READ_ONLY_TOOLS.has(c.tool)));
  const newest = acting[acting.length - 1];
  if (!newest || !newest[0].calls.some((c) => UNDONE_BY_RESET(c.tool))) return null;
  const redo = interpretRequest(rest, { ...ctx, history: turns.slice(0, newest[1] + 1) });
  if (!redo.calls.length || redo.calls.some((c) => NOT_REPEATED.has(c.tool))) return null;
  // the steps in force before the undone turn, oldest first (a load, a reset or a clear starts them afresh)
  const before: PlannedCall[] = [];
  for (const x of turns.slice(0, newest[1]))
    for (const c of x.calls) {
      if (x.failed?.includes(c)) continue;
      if (c.tool === 'load_data' || c.tool === 'reset_preprocessing' || c.tool === 'clear_dataset') before.length = 0;
      else if (UNDONE_BY_RESET(c.tool) && !redo.calls.some((r) => r.tool === c.tool)) before.push({ tool: c.tool, arguments: { ...c.arguments } });
    }
  return { calls: [{ tool: 'reset_preprocessing', arguments: {} }, ...before, ...redo.calls], ...(redo.message ? { message: redo.message } : {}) };
}

/** The processing steps of this conversation in force now, oldest first (a load, a reset or a clear starts them afresh). */
function stepsInForce(turns: readonly PastTurn[]): { call: PlannedCall; turn: number }[] {
  const steps: { call: PlannedCall; turn: number }[] = [];
  turns.forEach((x, i) => {
    for (const c of x.calls) {
      if (x.failed?.includes(c)) continue;
      if (c.tool === 'load_data' || c.tool === 'reset_preprocessing' || c.tool === 'clear_dataset') steps.length = 0;
      else if (UNDONE_BY_RESET(c.tool)) steps.push({ call: c, turn: i });
    }
  });
  return steps;
}

/** The newest call a named step means: of its kind, any filter, or the newest step at all. */
function newestNamed(step: NamedStep, calls: readonly PlannedCall[]): PlannedCall | undefined {
  const fits = (c: PlannedCall): boolean =>
    'tools' in step ? step.tools.includes(c.tool) : 'filter' in step ? c.tool === 'apply_bandpass_filter' || c.tool === 'apply_notch_filter' : true;
  return [...calls].reverse().find(fits);
}

/**
 * One earlier step taken back by the name of its kind ("undo the notch" after band-pass + notch, 「陷波那個撤掉」, "scrap
 * that last filter, I want 4 to 30"): reset_preprocessing (the Study's only undo), every other step in force again in
 * the order it ran, and the request after the undo, read against the turn that made the undone step, in its place.
 * When the turn's own words do not ask to throw work away (「最後那個濾波不要了」: a negation, which the safety gate never
 * lets reset), nothing runs and the reply says what to say. Null when no step in force is of the kind named.
 */
function undoNamedStep(text: string, request: string, turns: readonly PastTurn[], ctx: PlannerContext): PlanOutcome | null {
  const undo = undoneStep(text);
  if (!undo) return null;
  const inForce = stepsInForce(turns);
  const target = newestNamed(
    undo.step,
    inForce.map((s) => s.call),
  );
  if (!target) return null;
  const at = inForce.findIndex((s) => s.call === target);
  const redo = undo.rest ? interpretRequest(undo.rest, { ...ctx, history: turns.slice(0, inForce[at].turn + 1) }) : null;
  if (redo && (!redo.calls.length || redo.calls.some((c) => NOT_REPEATED.has(c.tool)))) return null;
  if (!destructiveAsked('reset_preprocessing', request))
    return {
      calls: [],
      message: `Nothing run: taking back the ${target.tool} means resetting the preprocessing and doing the other steps again. Say "undo the ${target.tool.replace(/^apply_|_data$|_filter$/g, '').replace(/_/g, ' ')}" to do that.`,
    };
  const copy = (c: PlannedCall): PlannedCall => ({ tool: c.tool, arguments: { ...c.arguments } });
  // the other steps in force, by position, less any the request after the undo does again
  const kept = inForce
    .map((s, i) => ({ call: s.call, i }))
    .filter(({ call: c }) => c !== target && !redo?.calls.some((r) => r.tool === c.tool && UNDONE_BY_RESET(c.tool)));
  const before = kept.filter(({ i }) => i < at).map(({ call }) => copy(call));
  const after = kept.filter(({ i }) => i > at).map(({ call }) => copy(call));
  return { calls: [{ tool: 'reset_preprocessing', arguments: {} }, ...before, ...(redo?.calls ?? []), ...after] };
}

/** The newest steps again without the ones named ("do it all again but skip the notch", 「再做一次，但這次不要陷波」). */
function repeatWithout(text: string, repeated: readonly PlannedCall[]): PlannedCall[] | null {
  const skipped = skippedInRepeat(text);
  if (!skipped || !repeated.length) return null;
  let calls = repeated.filter((c) => !NOT_REPEATED.has(c.tool));
  for (const step of skipped) {
    const out = newestNamed(step, calls);
    if (!out) return null;
    calls = calls.filter((c) => ('tools' in step ? !step.tools.includes(c.tool) : c !== out));
  }
  return calls.length ? calls.map((c) => ({ tool: c.tool, arguments: { ...c.arguments } })) : null;
}

const NOT_REPEATED = new Set(['stop_training', 'clear_dataset', 'reset_preprocessing']);

/**
 * Files named by their run or subject only ("R08", "run 8", "S002") after a load of PhysioNet-style names
 * (S001R04.edf): the earlier name with that part replaced.
 */
function shortFileNames(what: string, last: PlannedCall[]): string[] {
  const before = last.flatMap((c) => (Array.isArray(c.arguments.paths) ? (c.arguments.paths as string[]) : []));
  const pattern = before.map((p) => /^(.*?S)(\d{3})(R)(\d{2})(\.\w+)$/i.exec(p)).find((x) => x);
  if (!pattern) return [];
  const [, pre, subject, r, run, ext] = pattern;
  const out: string[] = [];
  for (const x of what.matchAll(/\b(?:R|run\s*)0*(\d{1,2})\b|\b(?:S|subject\s*)0*(\d{1,3})\b/gi)) {
    if (x[1]) out.push(`${pre}${subject}${r}${x[1].padStart(2, '0')}${ext}`);
    else if (x[2]) out.push(`${pre}${x[2].padStart(3, '0')}${r}${run}${ext}`);
  }
  return out;
}

/**
 * "now do the same with SCCNet", "same for C4", "換 SCCNet 再跑一次": the newest acting turn again with one value
 * replaced, by its kind (a model, files, channels, events or a data split). Null when the text is not such a
 * request or names nothing that fits.
 */
/**
 * The calls of the newest earlier turn that a repeat with the value this text names applies to: a model → a turn that
 * chose, configured or started a model; channels → a turn with a channel list; files → a turn that loaded files. Null
 * when the text names none of these.
 */
function repeatFor(text: string, turns: readonly PastTurn[]): PlannedCall[] | null {
  const takes: ((c: PlannedCall) => boolean) | null = modelName(text)
    ? (c) => c.tool === 'set_model' || c.tool === 'start_training'
    : channelsIn(text).length
      ? (c) => Array.isArray(c.arguments.channels)
      : /[\w.-]+\.(?:edf|bdf|gdf|set|vhdr|fif|cnt|mat|npy|xdf)\b/i.test(text)
        ? (c) => Array.isArray(c.arguments.paths)
        : // "plot it again", 「再畫一次」 after a notch: the verb names the kind of step repeated
          /\b(?:plot|draw|graph|redraw|replot)\b|畫|繪/i.test(text)
          ? (c) => c.tool.startsWith('plot_')
          : null;
  if (!takes) return null;
  for (let i = turns.length - 1; i >= 0; i--) {
    const calls = turns[i].calls.filter((c) => !NOT_REPEATED.has(c.tool));
    if (calls.some(takes)) return calls;
  }
  return null;
}

const SAME_WITH =
  /^(?:(?:now|ok(?:ay)?|and|then|also|please|great|good|nice)[,\s]+)*(?:(?:do|run|repeat|redo|try|apply)\s+(?:(?:all|each|every(?:thing)?)\s+(?:of\s+)?)?(?:the\s+(?:same|whole|entire)(?:\s+(?:thing|pipeline|steps?|chain|process(?:ing)?))?|that|it|this|these\s+steps|those\s+steps|everything)(?:\s+again)?|(?:the\s+)?same(?:\s+thing)?(?:\s+again)?|again|once more|one more time)\s*,?\s*(?:but\s+)?(?:with|for|on|using|into|in|to|at)\s+(.+?)\s*(?:too|as well|instead)?[.!]?$|^(?:那|好)?\s*(?:換成?(?!回)|改用|改成|用)\s*(.+?)\s*(?:再)?(?:做|跑|來|試)\s*一次|^(.+?)\s*也(?:做|跑|來)?\s*一(?:樣|次)|^(?:(?:用)?(?:一樣|同樣|相同)的?(?:設定|參數)?\s*(?:換成?|改用|用|跑|做)|(?:換成?(?!回)|改用)\s*)(.+?)(?:\s*(?:再)?(?:跑|做|來)(?:一次)?)?$|^(.+?)\s*也(?:要|來|一起)?\s*(?:畫|做|跑|評估|算|切|濾)\S{0,3}$|^(?:and\s+|also\s+|now\s+)*(?:for\s+|with\s+|on\s+)?(.+?)\s+(?:too|as well)[.!]?$|^(?:(?:and|so|ok(?:ay)?)[,\s]+)?(?:what|how)\s+about\s+(?:on\s+|for\s+|with\s+|in\s+|using\s+)?(?:the\s+)?(.+?)\s*[?.!]*$|^(?:and|also)\s+(?:on|for|with|in|using)\s+(?:the\s+)?(.+?)\s*[?.!]*$|^(?:那|那麼|換|換成)?\s*(?:用|在|對)?\s*(.+?)\s*(?:上|的話)?\s*呢\s*[?？]?$|^(?:(?:now|ok(?:ay)?|and|then|also|please)[,\s]+)*(?:(?:try|use|train|run|do)\s+)?(.+?)\s+(?:with|using)\s+(?:the\s+)?(?:same|identical)\s+(?:settings?|parameters?|config(?:uration)?|options|setup|hyper-?parameters)(?:\s+as\s+(?:before|last time))?[.!]?$|^(?:用)?(?:一樣|同樣|相同)的?(?:設定|參數)\s*(?:跑|訓練|做)?\s*(.+?)\s*(?:再)?(?:跑|訓練|做)?(?:一次)?$|^(?:now|this time|next)\s*,?\s+((?:on|for|with|in|using|the)\s+.+?)\s*[?.!]*$|^(.+?)\s*也(?:要|一起|來)\s*[。！!]?$|^(.+?)\s*(?:也|一起)?\s*(?:加進去|加進來|加入|加上去)\s*[。！!]?$|^(.+?)\s*(?:也|一樣)?\s*(?:照(?:這樣|樣|著|做)?|比照(?:辦理)?|依樣)\s*(?:再)?(?:做|跑|來|處理)?\s*(?:一(?:次|遍|輪))?\s*[。！!]*$|^(?:(?:now|ok(?:ay)?|and|then|so|also)[,\s]+)*(.+?)\s*[,，;；]\s*(?:(?:the\s+)?same\s+(?:as\s+(?:before|last time|earlier|previously)|thing|settings?|way)|跟(?:剛剛|剛才|之前|前面|上次)(?:的)?一樣|和(?:剛剛|剛才|之前|前面|上次)(?:的)?一樣|照(?:舊|剛剛|剛才|之前)(?:的)?(?:設定)?|同上)\s*[.!。！]*$|^(?:(?:the\s+)?same\s+as\s+(?:before|last time|earlier)|跟(?:剛剛|剛才|之前|上次)一樣)\s*[,，]\s*(?:but\s+|但\s*)?(?:with\s+|for\s+|on\s+|換成?\s*|用\s*)?(.+?)\s*[.!。！]*$/i;

function sameWith(text: string, last: PlannedCall[], ctx: PlannerContext): PlannedCall[] | null {
  const m = SAME_WITH.exec(text.trim());
  // a stop, a clear or a reset is not a step to repeat with another value ("夠了，停掉" then "換 ShallowConvNet 重新跑 15 個 epoch")
  if (!m || !last.length) return null;
  const what = m.slice(1).find((g) => g !== undefined) ?? '';
  // stopping, clearing and resetting are not steps to do again with another value: "換 X 重新跑" after a stop is a new run
  const calls = last.filter((c) => !NOT_REPEATED.has(c.tool)).map((c) => ({ tool: c.tool, arguments: { ...c.arguments } }));
  if (!calls.length) return null;
  let changed = false;
  // "same again into out/run2", "一樣存到 exports/b": a folder replaces the folder the step wrote to
  const path = /^(?:(?:in|into|to|under|at)\s+)?(?:the\s+)?(?:folder\s+)?([\w.~-]*[/\\][\w./\\~-]*|[\w.~-]+)\s*[.!]?$/i.exec(what.trim())?.[1];
  if (path && /[/\\]/.test(path))
    for (const c of calls)
      for (const k of ['path', 'directory'])
        if (typeof c.arguments[k] === 'string') {
          c.arguments[k] = path;
          changed = true;
        }
  const model = modelName(what);
  if (model) {
    const set = calls.find((c) => c.tool === 'set_model');
    if (set) set.arguments.model_name = model;
    else calls.unshift({ tool: 'set_model', arguments: { model_name: model } });
    changed = true;
  }
  const files = [...what.matchAll(/[\w./\\-]+\.(?:edf|bdf|gdf|set|vhdr|fif|cnt|mat|npy|xdf)\b/gi)].map((f) => f[0]);
  // "R08 那個也一起", "run 12 too", "S002 as well": a run or subject named short, completed from the file loaded before
  if (!files.length) files.push(...shortFileNames(what, last));
  for (const c of calls)
    if (files.length && Array.isArray(c.arguments.paths)) {
      c.arguments.paths = files;
      changed = true;
    }
  const channels = channelsIn(what);
  for (const c of calls)
    if (channels.length && Array.isArray(c.arguments.channels)) {
      // "same for C4" replaces the channels; "add Cz too", "Cz 也加進去" adds to them
      // … and channels kept "too" join those kept ("keep Cz too", "Cz 也留著"): a selection is one set
      const grow = ADDS.test(text) || (c.tool === 'select_channels' && /\b(?:too|as well|also)\b|也/i.test(text));
      c.arguments.channels = grow ? [...new Set([...(c.arguments.channels as string[]), ...channels])] : channels;
      changed = true;
    }
  const events = [...what.matchAll(/\b(T\d|\d{3,5})\b/g)]
    .map((e) => e[1])
    .concat(ctx.events.filter((e) => new RegExp(`\\b${e}\\b`, 'i').test(what) && !/^T\d$/.test(e)));
  // "include T2 too", "T2 as well", "也加上 T2": the events join those already cut
  const grows = /\b(?:include|including|add|adding|plus|too|as well|also)\b|加上|包括|也要|也/i.test(text);
  for (const c of calls)
    if (events.length && Array.isArray(c.arguments.event_id)) {
      c.arguments.event_id = grows ? [...new Set([...(c.arguments.event_id as string[]), ...events])] : [...new Set(events)];
      changed = true;
    }
  // "same thing with batch 8", "一樣的再跑一次，學習率 0.01": a setting of one of the steps, by that step's own reading
  // ("again at 120" after a notch: 120 is a frequency, not an event code, when no step of the repeat cuts events)
  if (!model && !files.length && !channels.length && !(events.length && calls.some((c) => Array.isArray(c.arguments.event_id)))) {
    for (const c of calls) {
      if (READ_ONLY_TOOLS.has(c.tool) || c.tool === 'start_training' || c.tool === 'set_model') continue;
      const rule = RULES.find((r) => r.tool === c.tool);
      const out = rule?.build(what, c.tool === 'configure_training' ? { ...ctx, training: { ...(ctx.training ?? {}), ...c.arguments } } : ctx, what);
      const own = out && typeof out !== 'string' ? out.find((o) => o.tool === c.tool) : undefined;
      if (!rule || !own) continue;
      const written = writtenArgs(rule, own, what, ctx, true);
      const fresh = Object.entries(written).filter(([k, v]) => JSON.stringify(c.arguments[k]) !== JSON.stringify(v));
      if (!fresh.length) continue;
      Object.assign(c.arguments, Object.fromEntries(fresh));
      changed = true;
    }
  }
  const split = /\bval(?:idation)?\b|驗證/i.test(what) ? 'val' : /\btrain(?:ing)?\b|訓練集/i.test(what) ? 'train' : /\btest\b|測試/i.test(what) ? 'test' : null;
  for (const c of calls)
    if (split && c.tool === 'evaluate') {
      c.arguments.split = split;
      changed = true;
    }
  return changed ? calls : null;
}

/** "five more", "another 5 epochs", 「多跑五個」, 「再多訓練 3 輪」: the run's length grows by N and, after a run, it runs again. */
const MORE_OF_RUN =
  /^(?:(?:and|ok(?:ay)?|then|so|now|let'?s)[,\s]+)*(?:(?:train|run|do|go|add)\s+)?(?:for\s+)?(?:another\s+(\d+)|(\d+)\s+more)(?:\s+epochs?)?(?:\s+(?:please|then|this time))?[.!]*$|^(?:那|這次|那這次)?\s*(?:再)?多\s*(?:跑|訓練|練|加)\s*(\d+)\s*(?:個|輪|次|回)?\s*(?:epochs?)?\s*(?:吧|好了|看看)?[。！!]*$/i;

function moreOfTheRun(text: string, turns: readonly PastTurn[], ctx: PlannerContext): PlannedCall[] | null {
  const m = MORE_OF_RUN.exec(text.trim());
  if (!m) return null;
  const n = Number(m[1] ?? m[2] ?? m[3]);
  const earlier = lastDoneCallOf(turns, 'configure_training');
  const config = { ...(ctx.training ?? {}), ...(earlier?.arguments ?? {}) };
  const trained = turns.some((t) => t.calls.some((c) => c.tool === 'start_training'));
  if (typeof config.epoch !== 'number' || (!earlier && !trained)) return null;
  const calls: PlannedCall[] = [{ tool: 'configure_training', arguments: { ...config, epoch: config.epoch + n } }];
  return trained ? [...calls, { tool: 'start_training', arguments: {} }] : calls;
}

/** 「epoch 改 2 秒就好」, "make the epochs 3 s long": the epoch's length, from the start it had. */
/** The epoch window in force (an earlier turn's or the Study's) changed relative to itself, for a request of one step. */
function epochWindowMoved(text: string, turns: readonly PastTurn[], ctx: PlannerContext): PlannedCall[] | null {
  if (!ctx.available.includes('epoch_data') || /[,，;；]|\b(?:then|and\s+(?:re)?(?:train|plot|split|run))\b|然後|接著|之後/i.test(text)) return null;
  const call = lastCallOf(turns, 'epoch_data');
  const [a, b] = [call?.arguments.t_min, call?.arguments.t_max];
  if (!call || typeof a !== 'number' || typeof b !== 'number') return null;
  const w = epochWindowChange(text, { t_min: a, t_max: b });
  return w ? [{ tool: 'epoch_data', arguments: { ...call.arguments, ...w } }] : null;
}

function epochLength(text: string, turns: readonly PastTurn[]): PlannedCall[] | null {
  const m =
    /^(?:(?:and|ok(?:ay)?|then|so|now)[,\s]+)*(?:(?:make|set|change)\s+)?(?:the\s+)?(?:epochs?|trials?)(?:'s)?(?:\s+(?:length|duration|window))?\s*(?:改成?|改為|設成|調成|縮成|縮短到|長度改成?|長度|to|should be|at|of)?\s*(\d+(?:\.\d+)?)\s*(?:s|sec|seconds?|秒)\s*(?:long|instead|就好|就行|好了|吧)?[.!。！]*$/i.exec(
      text.trim(),
    );
  const call = m ? lastCallOf(turns, 'epoch_data') : null;
  if (!m || !call || typeof call.arguments.t_min !== 'number') return null;
  return [{ tool: 'epoch_data', arguments: { ...call.arguments, t_max: Math.round((call.arguments.t_min + Number(m[1])) * 1e9) / 1e9 } }];
}

/** "both together", "plot both", 「兩個一起畫」, 「兩個都畫波形」: the step again on the two channels named last. */
const BOTH =
  /^(?:(?:ok(?:ay)?|now|and|then|so)[,\s]+)*(?:(plot|show|draw|display)\s+)?(?:them\s+)?(?:both|the two)(?:\s+of\s+them)?(?:\s+(?:channels|together|at once|in one (?:plot|figure)|side by side))*[.!]*$|^(?:把)?(?:這|那)?(?:(?:兩|2)\s*個(?:通道)?|兩者)\s*(?:都|一起|放一起|放在一起)\s*(畫|顯示)?\s*(?:出來)?\s*(波形|PSD|功率譜|頻譜)?[。！!]*$/i;

function bothFollowUp(text: string, turns: readonly PastTurn[]): PlannedCall[] | null {
  const m = BOTH.exec(text.trim());
  if (!m) return null;
  const lists: string[][] = [];
  for (const t of [...turns].reverse()) {
    const own = [...t.calls].reverse().find((c) => Array.isArray(c.arguments.channels))?.arguments.channels as string[] | undefined;
    const list = own ?? channelsIn(t.user);
    if (list.length) lists.push(list);
    if (lists.length === 2 || (lists.length === 1 && lists[0].length >= 2)) break;
  }
  const channels = lists.length === 1 ? lists[0] : [...new Set([...(lists[1] ?? []), ...(lists[0] ?? [])])];
  if (channels.length < 2) return null;
  const plot = [...turns]
    .reverse()
    .flatMap((t) => [...t.calls].reverse())
    .find((c) => c.tool === 'plot_epochs');
  const kind = m[3] ? (/波形/.test(m[3]) ? 'traces' : 'psd') : undefined;
  if (!plot && !m[1] && !m[2] && !kind) return null;
  return [{ tool: 'plot_epochs', arguments: { ...(plot?.arguments ?? { kind: 'traces' }), ...(kind ? { kind } : {}), channels } }];
}

/** Words that add to a list an earlier step set rather than replace it ("add Cz too", "Cz 也加進去", "include T2"). */
export const ADDS = /\b(?:include|including|add|adding|plus)\b|加上|加進|加入|包括|再加/i;

/** Words that only say which way a value should move ("go lower", "a bit higher", "too high"): no value of their own. */
const DIRECTION =
  /再次|再|又|更|降低|降|減少|減|砍|提高|增加|加大|縮小|調整|調|弄|變|\b(?:go|make|set|change|let'?s|even|a bit|a little|much|way|too|lower|higher|smaller|bigger|larger|less|more|down|up|further|high|low|big|small|of|by|the|value|rate|one|hmm|ok(?:ay)?|no|wait|actually)\b|太高|太低|太大|太小|再低一點|再高一點|低一點|高一點|一點/gi;

/**
 * The factor a verbless follow-up applies to the value before it, when that is all it says: "half of that" → 0.5,
 * "divide it by 10" → 0.1, "twice that" → 2, "除以 10" → 0.1. Null when other words remain.
 */
export function relativeFactor(text: string): number | null {
  const FACTORS: [RegExp, (m: RegExpExecArray) => number][] = [
    [/\bdivide(?:d)?\s+(?:it|that|this)?\s*by\s+(\d+(?:\.\d+)?)|除以\s*(\d+(?:\.\d+)?)/i, (m) => 1 / Number(m[1] ?? m[2])],
    [
      /\bmultipl(?:y|ied)\s+(?:it|that|this)?\s*by\s+(\d+(?:\.\d+)?)|乘以\s*(\d+(?:\.\d+)?)|\b(\d+(?:\.\d+)?)\s*(?:times|x)\s+(?:that|it|this)\b/i,
      (m) => Number(m[1] ?? m[2] ?? m[3]),
    ],
    // "再小十倍", "ten times smaller", "10x lower": a factor down; "大兩倍", "3 times bigger": a factor up
    [/(?:小|少|低|降|減|縮小)\s*(\d+(?:\.\d+)?)\s*倍|\b(\d+(?:\.\d+)?)\s*(?:x|times)\s+(?:smaller|lower|less|shorter)\b/i, (m) => 1 / Number(m[1] ?? m[2])],
    [/(?:大|多|高|加大|放大)\s*(\d+(?:\.\d+)?)\s*倍|\b(\d+(?:\.\d+)?)\s*(?:x|times)\s+(?:bigger|larger|higher|more|longer)\b/i, (m) => Number(m[1] ?? m[2])],
    // "a further factor of two lower", "another factor of 3 higher": the factor and its direction
    [
      /\b(?:(?:a|another|one more)\s+)?(?:further\s+)?factor\s+(?:of\s+)?(\d+(?:\.\d+)?)\s+(?:(lower|smaller|less|shorter|down)|higher|bigger|larger|more|longer|up)\b/i,
      (m) => (m[2] ? 1 / Number(m[1]) : Number(m[1])),
    ],
    // "half as much again", 「再多一半」: the value and half of it
    [/\bhalf\s+(?:as\s+much\s+)?again\b|\b50\s*%\s+more\b|多\s*(?:一半|0?\.5(?!\d))/i, () => 1.5],
    [/\bhalve\b|\b(?:(?:cut|split)\s+(?:it|that|this)\s+)?(?:in\s+)?(?:a\s+|one\s+)?half\b|一半|減半/i, () => 0.5],
    // 「改成它的 2 倍」 (兩倍 after the number words): that many times the value
    [/(?:改成|變成|設成|調成|的)\s*(\d+(?:\.\d+)?)\s*倍/, (m) => Number(m[1])],
    // "再降一半" arrives as "再降 0.5": a decrease by a share below one is that share of the value
    [
      /(?:降|減|砍|\bcut\b|\breduce\b|\blower\b|\bdrop\b)\s*(?:(?:it|that|this)\s+)?(?:到|成|為|to|in)?\s*(0?\.\d+)(?!\s*(?:hz|s|ms|秒|%))/i,
      (m) => Number(m[1]),
    ],
    [/\b(?:a\s+|one\s+)?(?:quarter|fourth)\b/i, () => 0.25],
    [/\b(?:a\s+|one\s+)?third\b/i, () => 1 / 3],
    [/\b(?:a\s+|one\s+)?tenth\b/i, () => 0.1],
    [/\b(?:twice|double)\b|兩倍|加倍|翻倍/i, () => 2],
    [/\b(?:triple|thrice)\b|三倍/i, () => 3],
  ];
  for (const [re, value] of FACTORS) {
    const m = re.exec(text);
    if (!m) continue;
    const rest = text
      .replace(m[0], ' ')
      .replace(DIRECTION, ' ')
      .replace(/\b(?:it|that|this|instead|then|please|rather|of|what it was)\b|[,.!~，。]|就好|就行|就可以|好了|吧|改成|改為|設成|設為|變成|也/gi, ' ')
      .trim();
    return rest ? null : value(m);
  }
  return null;
}

/** The value a step's "longer/higher/bigger" moves: the end of an epoch, a window's length, a rate, a frequency. */
const PRIMARY: Record<string, string> = {
  epoch_data: 't_max',
  window_epoch: 'duration',
  resample_data: 'rate',
  apply_notch_filter: 'freq',
  apply_bandpass_filter: 'high_freq',
  plot_epochs: 'duration',
};

/** The words that name a numeric argument, to tell which one a follow-up such as "再除以十" scales. */
const ARGUMENT_WORDS: Record<string, RegExp> = {
  learning_rate: /learning\s*rate|\blr\b|學習率/i,
  batch_size: /batch|批次/i,
  epoch: /epochs?\b|輪/i,
  rate: /rate|取樣|採樣|hz/i,
  freq: /notch|陷波|hz/i,
  high_freq: /hz|赫茲|上限/i,
  t_max: /\bs\b|秒/i,
  duration: /\bs\b|秒|window|窗/i,
};

/**
 * "再除以十", "divide it by 10", "multiply that by 2", "再乘以二": the value the last step set, scaled. The value is the
 * step's main one (PRIMARY), or the argument the earlier request named ("學習率設 0.001" → the learning rate).
 */
function scaleFollowUp(text: string, last: PlannedCall[], turns: readonly PastTurn[], forced?: string): PlannedCall[] | null {
  const m =
    /^(?:(?:and|then|now|ok|okay)[,\s]+)?(?:再|然後|那)?\s*(?:(divide|multiply)\s+(?:it|that|this|the value|them)?\s*by|(除以|乘以|乘上))\s*(\d+(?:\.\d+)?|[一二兩三四五六七八九十百千]+)\s*(?:倍)?\s*(?:吧|好了|please)?[.!。！]?$/i.exec(
      text.trim(),
    );
  if (!m) return null;
  const down = /divide|除/i.test(m[1] ?? m[2]);
  const n = /^\d/.test(m[3]) ? Number(m[3]) : (zhValue(m[3]) ?? 0);
  if (!n) return null;
  const said = turns[turns.length - 1]?.user ?? '';
  for (const c of [...last].reverse()) {
    const numeric = Object.keys(c.arguments).filter((k) => typeof c.arguments[k] === 'number');
    const key =
      forced ??
      numeric.find((k) => k === PRIMARY[c.tool]) ??
      numeric.find((k) => ARGUMENT_WORDS[k]?.test(said)) ??
      (numeric.length === 1 ? numeric[0] : undefined);
    if (!key || typeof c.arguments[key] !== 'number') continue;
    return [scaled(c, key, down ? 1 / n : n)];
  }
  return null;
}

/**
 * What is left of a follow-up that names a setting, when it is only the setting's new value: correction cues, "back to",
 * "make it", 「那邊」「改成」「就好」 and the like around one number (a share for a ratio). Null when anything else is said.
 */
function bareValue(rest: string, key: string): number | null {
  const t = withoutCorrectionCue(rest.trim())
    .replace(
      /^(?:(?:and|then|now|ok(?:ay)?|so|also|plus|but)\b[,\s]*|(?:go\s+)?back\s+to\b|about\b|as for\b|regarding\b|回到|至於|關於|還有|那邊|那個|這個|這邊|那裡|的部分|部分|的|那|再|也)*\s*(?:[:：,，]|-(?!\s*\d))?\s*/i,
      '',
    )
    .replace(/^[,，:：\s]+/, '')
    // a direction verb with its target ("lower it to 4", "bring it up to 40", 「下限降到 4」, 「上限拉到 40」) sets that value
    .replace(
      /^(?:(?:make|set|change|lower|raise|drop|bump|move|push|put|bring|take|shift|reduce|increase|decrease)(?:\s+(?:it|that|them))?(?:\s+(?:down|up|back))?(?:\s+to)?|should\s+be|to|=|is|改成|改為|改|設成|設為|設|調成|調到|換成|用|是|要|應該是|(?:調|下)?降(?:到|成|至)|(?:提高|提升|升|拉|拉高|調高|調低|往上調|往下調|移)(?:到|成|至))\s*/i,
      '',
    )
    .replace(/\s*(?:this time|instead|please|then|就好|就行|就可以|好了|吧|才對|這次|這回)\s*[.!。！]*$/i, '')
    .trim();
  const m = /^(-?\d+(?:\.\d+)?(?:e-?\d+)?)\s*(%|hz|赫茲|s|sec|seconds?|秒)?$/i.exec(t);
  if (m && /^(?:s|sec|seconds?|秒)$/i.test(m[2] ?? '') && !/^t_(?:min|max)$|duration|start/.test(key)) return null;
  if (!m) return null;
  const n = Number(m[1]);
  return /_ratio$/.test(key) && (m[2] === '%' || n > 1) ? n / 100 : n;
}

/** A call with one numeric value scaled (whole numbers stay whole: batch, epochs, a rate). */
function scaled(c: PlannedCall, key: string, factor: number): PlannedCall {
  const v = (c.arguments[key] as number) * factor;
  const whole = ['batch_size', 'epoch', 'rate', 'repeat', 'threads'].includes(key);
  return { tool: c.tool, arguments: { ...c.arguments, [key]: whole ? Math.round(v) : Math.round(v * 1e12) / 1e12 } };
}

/** A changed training setting of a turn that trained is trained again ("batch 16, train" → "double the batch"). */
function withRun(calls: PlannedCall[], earlier: PlannedCall, turns: readonly PastTurn[]): PlannedCall[] {
  const trained = turns.some((t) => t.calls.includes(earlier) && t.calls.some((c) => c.tool === 'start_training'));
  return trained && calls.some((c) => c.tool === 'configure_training') && !calls.some((c) => c.tool === 'start_training')
    ? [...calls, { tool: 'start_training', arguments: {} }]
    : calls;
}

/**
 * "make the window 0.5 s longer", "20 Hz higher", "再長 1 秒", "短 0.5 秒": a difference applied to the value the last
 * step set (by PRIMARY; a bandpass's lower edge when the text says so). Null when the text is not such a follow-up.
 */
function deltaFollowUp(text: string, last: PlannedCall[], forced?: string): PlannedCall[] | null {
  const en =
    /(?<!\bfactor\s+(?:of\s+)?)(\d+(?:\.\d+)?|\ban?(?=\s+(?:second|millisecond|hertz)))\s*(ms|s|sec|seconds?|milliseconds?|hz|hertz)?\s+(longer|shorter|later|earlier|higher|lower|more|less|bigger|smaller|larger|wider|narrower)\b/i.exec(
      text,
    );
  const enBy =
    /\b(extend|lengthen|increase|raise|shorten|reduce|decrease|lower)\s+(?:(?:it|that|the\s+\w+(?:\s+\w+)?)\s+)?by\s+(\d+(?:\.\d+)?)\s*(ms|s|sec|seconds?|hz)?(?!\s*%)/i.exec(
      text,
    );
  // 「起點提早 0.5 秒」, 「結束往後延 1 秒」: earlier and later in time too
  const zh =
    /(?:再)?(延長|縮短|提高|降低|提早|提前|往前|延後|延遲|往後延?|拉長|長|短|多|少|加|減|高|低|早|晚)\s*(\d+(?:\.\d+)?)\s*(毫秒|秒|赫茲|hz|ms|s)?/i.exec(text);
  // "bring the top edge down by 10", "push it up by 2 Hz": a direction particle with the amount
  const enUpDown =
    /\b(?:bring|take|move|push|knock|turn|bump|drop|shift|nudge)\s+(?:(?:it|that|the\s+\w+(?:\s+\w+)?)\s+)?(down|up)\s+by\s+(\d+(?:\.\d+)?)\s*(ms|s|sec|seconds?|hz)?(?!\s*%)/i.exec(
      text,
    );
  const m = enUpDown
    ? { n: enUpDown[2], u: enUpDown[3], up: /up/i.test(enUpDown[1]) }
    : en
      ? { n: /^an?$/i.test(en[1]) ? '1' : en[1], u: en[2]?.replace(/^milliseconds?$/i, 'ms'), up: /longer|later|higher|more|bigger|larger|wider/i.test(en[3]) }
      : enBy
        ? { n: enBy[2], u: enBy[3], up: /extend|lengthen|increase|raise/i.test(enBy[1]) }
        : // the edge and the direction may be named around the amount: 「上限再往上加 10 赫茲」, 「下限往下減 1」
          zh && !/[^\s\d.,，再長短延縮多少加減高低提降早晚前後遲拉秒毫赫茲hzms上下限緣往向把的一點]/i.test(text.replace(zh[0], ''))
          ? { n: zh[2], u: zh[3], up: /長|延長|多|加|高|提高|延後|延遲|往後|晚/.test(zh[1]) }
          : null;
  if (!m) return null;
  const target = forced ? last[last.length - 1] : [...last].reverse().find((c) => PRIMARY[c.tool] && typeof c.arguments[PRIMARY[c.tool]] === 'number');
  if (!target) return null;
  // "the same but 30 s later" after a plot from 10 s: the window moves, its length stays
  const moves = !forced && target.tool === 'plot_epochs' && en && /later|earlier/i.test(en[3]);
  const key = forced
    ? forced
    : moves
      ? 'start'
      : target.tool === 'apply_bandpass_filter' && /\b(?:low(?:er)?\s+(?:edge|cut-?off|end)|high-?pass|bottom)\b|下限|下緣/i.test(text)
        ? 'low_freq'
        : PRIMARY[target.tool];
  const v = Number(m.n) * (m.u && /^(?:ms|毫秒)$/i.test(m.u) ? 0.001 : 1);
  const before = (target.arguments[key] as number | undefined) ?? 0;
  return [{ tool: target.tool, arguments: { ...target.arguments, [key]: Math.round((m.up ? before + v : before - v) * 1e9) / 1e9 } }];
}
