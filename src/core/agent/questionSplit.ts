/**
 * Question or request? One turn ("what band-pass fits motor imagery? apply it") is cut into sentences and each is
 * classified, in English and Traditional Chinese. A question is answered and never acts; a request may act. Both the
 * offline planner and the controller (every LLM path) decide with this module, so a question cannot run a tool on
 * one path and not on another. Deliberately small: text in, parts out, no history and no Study.
 */
import { canonicalText, correctTypos, MODEL_WORD } from './understanding/lexicon';
import { chineseNumbers } from './understanding/numbers';
import { maskLiterals, SEE_FRAME_EN, unmask, withoutCourtesy, withoutPoliteFrame } from './understanding/clauses';
import { isPlaceStatement } from './understanding/quantities';
import { RULES } from './plannerRules';
import { studyTopics } from './studyAnswer';

export interface TurnParts {
  /** what/why/how/which/when… sentences: answered from the knowledge base (or, about the user's Study, by read-only tools) */
  questions: string[];
  /** imperatives and statements of intent: the only parts that may call tools */
  requests: string[];
}

/** Verbs that make an imperative (and, after "and"/"then" inside a question, start a request). */
const ACTION_VERB_EN =
  'divide|multiply|halve|double|lower|raise|increase|decrease|reduce|go (?:lower|higher|up|down|back)|pick|choose|tweak|adjust|dump|fit|apply|use|do|describe|summari[sz]e|standard|sliding|cross-validat\\w*|run|set|load|open|import|list|filter|band-?pass|high-?pass|low-?pass|notch|resample|downsample|epoch|segment|cut|split|generate|regenerate|re-?split|train|retrain|start|stop|evaluate|plot|draw|chart|graph|visuali[sz]e|display|show|export|save|clear|reset|wipe|delete|erase|discard|scrap|throw away|start over|start fresh|select|keep|pick|drop|remove|rename|merge|attach|configure|compute|switch|normali[sz]e|z-score|re-?reference|go ahead|proceed|try|make|add|change|redo|undo|explain the (?:trained )?model|sweep';
const ACTION_VERB_ZH =
  '降到|降至|降為|回到|換到|切到|跳到|轉到|進入|前往|打開|開啟|套用|使用|用|做|執行|跑|設定|設為|載入|讀取|匯入|濾波|帶通|高通|低通|陷波|重新取樣|降採樣|降取樣|降頻|切段|分段|切|分割|訓練|開始|停止|停掉|停下|開跑|開訓|喊停|評估|畫|繪|匯出|清除|清空|清掉|刪除|刪掉|砍掉|重做|重來|重置|重設|復原|還原|選擇|保留|只留|只保留|改成|改為|改用|改|換成|合併|計算|算|切換|標準化|重新參考|平均參考|列出|顯示|看一下|看看|給我看|重疊|幫我|請幫|照做|就這樣做|試試|從';

/**
 * "just tell me what you would do", "walk me through how you'd split it", 「跟我說你會怎麼處理就好」, 「告訴我你打算怎麼前處理」:
 * the user asks to hear XBrain's own plan, not a fact. It is no question for the knowledge base and no instruction
 * either: the operation route answers it and runs nothing (the question split keeps it a question, so no step is planned).
 */
const PLAN_ONLY =
  /\b(?:tell|show|walk)\s+(?:me|us)\s+(?:through\s+)?(?:what|how|which steps?)\s+(?:you|xbrain)\s*(?:would|'d|will|'ll|are going to|plan to|intend to|propose to)\b|\b(?:describe|outline|sketch)\s+(?:the|your)\s+plan\b|(?:跟我|和我|向我)?(?:說|講|告訴我|說明|列出)(?:一下)?\s*(?:你|妳|xbrain)\s*(?:會|打算|要|準備|預計|想)\s*(?:怎麼|如何|怎樣|做什麼|做哪些|哪些步驟)/i;
/** The whole turn asks only for XBrain's plan (see PLAN_ONLY). */
export function asksForPlanOnly(text: string): boolean {
  return PLAN_ONLY.test(text);
}

/** Interrogative openings: a sentence that starts so is a question, whatever its end. */
const LEAD_IN =
  '^(?:(?:so|and|but|ok(?:ay)?|hi|hey|also|now|then|sorry|quick question|one more thing|xbrain|just|well|um|please|just checking|just to (?:check|confirm|be sure)|before (?:i|we) (?:do|run|change|start|try) (?:anything|something|it)(?: else)?|(?:quick )?sanity check|quick check|out of curiosity|(?:one |a )?question)[,:\\s]+)*';
const QUESTION_START_EN = new RegExp(
  LEAD_IN +
    "(?:what(?:'s|s)?|why|how(?:'s)?|which|when|where|who(?:se|m)?|whom|" +
    "is|are|was|were|isn't|aren't|wasn't|does|did|doesn't|didn't|has|hasn't|should|shouldn't|shall|might|must|" +
    // "would SCCNet be better", "will a notch help": a modal before anything but "you" asks ("would you …" is a request)
    'can (?!you\\b)\\w+|could (?!you\\b)\\w+|would (?!you\\b|like\\b|rather\\b)\\w+|will (?!you\\b)\\w+|may i|' +
    // doubt about a step asks about it ("not sure whether to resample", "I was wondering whether to evaluate now")
    "(?:i'?m |i am |we'?re |we are )?(?:not (?:sure|certain)|unsure|uncertain|undecided|torn) (?:if|whether|about|how|what|which|why|when|i|we|that)|no idea (?:if|whether|how|what|which|why|when)|(?:i was|we were|i'?ve been|i have been) wondering|" +
    // the merits of a step asked as a noun phrase ("any downside to epoching …", "pros and cons of resampling to 128 Hz")
    "(?:any|what are the|what'?s the)\\s+(?:downsides?|drawbacks?|disadvantages?|advantages?|benefits?|risks?|pitfalls?|trade-?offs?|reasons?|point|concerns?|caveats?)|(?:the\\s+)?(?:pros and cons|downsides?|drawbacks?|disadvantages?|advantages?|benefits?|risks?|pitfalls?|trade-?offs?|caveats?) (?:of|to|in|with|for)|thoughts on|" +
    "explain|define|clarify|tell me|remind me (?:what|how|why|whether|when|which|of)|walk me through|help me understand|teach me (?:about|how|what|why)|i wonder|i am wondering|i'm wondering|wondering|i (?:do not|don't) (?:understand|get|know)|i want to (?:know|understand)|" +
    "i'd like to (?:know|understand)|i would like to (?:know|understand)|any (?:idea|advice|tips?|recommendations?)|difference between|meaning of|" +
    'in what|for what|at what|on what|with what|to what|from what|under what|by how|in which|for which|on which|at which|is there|are there)\\b',
  'i',
);
/** "do", "have", "don't" open a question only before a subject ("do I need…"); "do it again", "have a look" act. */
const AUX_WITH_SUBJECT = new RegExp(LEAD_IN + "(?:do|don't|have|had|haven't)\\s+(?:i|we|you|they|he|she|one|people|researchers|most|all|both)\\b", 'i');
/**
 * "do the saliency maps look plausible", "do my settings make sense", "do these epochs overlap": "do" before a noun phrase
 * (a determiner or possessive opens it) and then a verb of judgement or relation asks; "do the notch filtering", "do the
 * split again" name a step after "do" and act.
 */
const AUX_WITH_NOUN_SUBJECT = new RegExp(
  LEAD_IN +
    "(?:do|don't)\\s+(?:the|my|our|your|these|those|this|that|its|their|all|both|any|most|some|\\d+)\\s+(?:[\\w%./-]+\\s+){0,4}?" +
    '(?:look|seem|sound|make sense|matter|help|hurt|work|fit|differ|mean|agree|overlap|leak|add up|hold up|generali[sz]e|improve|converge|match|count|affect|depend|belong|need|get|have|come|contain|include|show|reflect|indicate|suggest|line up|vary|change)\\b',
  'i',
);
/**
 * "notch at 50 Hz in Taiwan, needed", "batch 32 for 45 trials — overkill": a step followed by a verdict word alone asks for
 * the verdict. Acknowledgements ("…, ok", "…, fine", "…, good") are left out: they can close an instruction.
 */
const VERDICT_TAIL_EN =
  /(?:[,，:;—–]|\s-)\s*(?:(?:is (?:it|that|this)|is that|really|still|even|actually)\s+)?(?:needed|necessary|required|enough|sufficient|reasonable|sensible|sane|safe|normal|valid|plausible|realistic|typical|expected|advisable|wise|worth it|worthwhile|overkill|excessive|a good idea|a bad idea|good enough|any good|makes sense|too (?:much|many|few|long|short|high|low|big|small|wide|narrow|aggressive|strict|loose)|(?:better|worse)(?: than \S+)?|(?:any )?thoughts|opinions?|comments?|advice)(?:\s+(?:for|with|on|given|at)\s+[^,;:?？]{1,30})?\s*[?？.]*\s*$|\s(?:sensible|reasonable|worth it|worthwhile|overkill|sufficient|advisable)\s*[?？.]*\s*$|\b(?:would|might|could) be (?:overkill|too \w+|wise|a (?:good|bad) idea)\b|\bis it (?:possible|feasible|doable|realistic)\b/i;
/**
 * "eval numbers for the EEGNet run", "the test results of my model", "saliency results for T1": a step's results named
 * as a noun phrase ask for them (read from the Study); a step is asked for by its verb, never by its results.
 */
const STEP_RESULTS_EN =
  /^(?:(?:so|and|ok(?:ay)?|hi|hey|now)[,\s]+)*(?:the\s+|my\s+|our\s+|any\s+)?(?:eval(?:uation)?|test(?:ing)?|test[- ]set|held[- ]out|saliency|training|validation)\s+(?:numbers|results?|scores?|figures|metrics|stats|statistics|performance|outcomes?)\b(?!\s+(?:to|into|as|in)\b)[^!]*$/i;
/**
 * Alternatives offered for one step ask which to take: "compute saliency before or after evaluation", "evaluate on
 * test or on validation", "evaluate now or train more epochs first", "filter then CAR, or CAR first".
 */
const OFFERED_ALTERNATIVES_EN =
  /\b(?:before or after|after or before|now or later|first or (?:last|later|after)|early or late|with or without|more or fewer|more or less (?:epochs|trials|channels|filters)|higher or lower|longer or shorter|bigger or smaller|on or off)\b|\b(on|in|at|with|to|from|by|for|across)\s+[^,;]{1,30}?\s+or\s+\1\b|\bor\s+[^,;?]{1,40}?\b(?:first|later|afterwards|after that)\s*[?？.]*\s*$|\sor\s+the\s+(?:[\w-]+\s+)?(?:one|ones|other)\s*[?？.]*\s*$/i;

/** "evaluate now or train more epochs", "filter then CAR, or CAR then filter": two steps offered as alternatives ask which. */
const STEP_ALTERNATIVE =
  'evaluate|train|retrain|compute|filter|band-?pass|high-?pass|low-?pass|notch|resample|downsample|epoch|segment|split|normali[sz]e|z-score|re-?reference|export|configure|load';
const CLAUSE_ALTERNATIVES_EN = new RegExp(
  `^(?:${ACTION_VERB_EN})\\b[^,;?]*?(?:,\\s*|\\s)or\\s+(?:(?:should|do|can) (?:i|we)\\s+|just\\s+)?(?:${STEP_ALTERNATIVE})\\b|\\bthen\\b[^,;]*,\\s*or\\s+(?!rather\\b|actually\\b|maybe\\b|i mean\\b|even\\b)\\S`,
  'i',
);
/** "Can you band-pass 8-30 Hz?" is a polite request; "can you explain kappa?" is a question. */
const POLITE_REQUEST_EN =
  /^(?:please\s+)?(?:can|could|would|will)\s+you\s+(?:please\s+|kindly\s+|now\s+|just\s+)?(?!explain|tell|describe|say|clarify|help me understand|give me (?:an? )?(?:explanation|overview|intro)|remind|recommend|suggest|advise|advice|think|consider|prefer|rather|personally|walk me through)/i;
/** "resample to 128 Hz or not", "epoch 0 to 4 s, or is that a bad idea": a step offered with its alternative asks whether to take it. */
const OR_NOT_TAIL_EN =
  /(?:,\s*|\s+)or\s+(?:not|no|(?:is|was|would|will|should|does|do|are|could|can)\s+(?:that|it|this|there)\b.*)\s*[?？]*\s*$|,\s*yes or no\s*[?？]*\s*$/i;
/** "would you X if you were me?", "… in my place": asks for advice, whatever the step. */
const ADVICE_TAIL_EN = /\b(?:if you were me|if you were in my (?:place|shoes)|in my (?:place|shoes)|in my position)\s*[?？]*\s*$/i;
/**
 * "describe what X does", "show me how X works", "tell me what evaluate returns", "remind me what epoching is for": a
 * verb of telling before a wh-clause that ends in a verb of function asks for an explanation, not for the step. "show me
 * what the model learned" and "show me how accuracy evolved" name a result to show, and stay requests.
 */
const TELL_WH_EN =
  /^(?:(?:please|so|and|now|just)[,\s]+)*(?:describe|explain|show(?: me| us)?|tell (?:me|us)|remind (?:me|us)(?: of)?|teach (?:me|us)|walk (?:me|us) through)\s+(?:(?:how|what|why|whether|when|which)\b.*\b(?:does|do|did|works?|means?|is for|are for|changes?|affects?|returns?|outputs?|produces?|computes?|measures?|reports?|writes?|happens|matters?|helps?)|how to\b.*|why\b.*)\s*[?？.!]*\s*$/i;

/** "explain the model" asks for saliency (a tool); "explain what kappa is" asks for an answer. */
const EXPLAIN_THE_MODEL =
  /^(?:please\s+)?explain\s+(?:the|my|this)\s+(?:trained\s+)?(?:model|network|classifier|net)\b(?!\s+(?:works?|does|is|architecture|means?)\b)(?!\s*\?)/i;

const QUESTION_WORD_ZH =
  /(?:前面?|後面?|之前|之後)\s*還\s*(?:是\s*)?(?:前面?|後面?|之前|之後)|優缺點|利弊|優點|缺點|好處|壞處|風險|副作用|還是|或是|比較好|好不好|多長|多久|多大|多高|多低|多快|多慢|多短|多寬|多窄|才夠|幹嘛|幹麻|做啥|用途|適合嗎|該用|會不會|對不對|行不行|夠不夠|推薦|建議用|什麼|甚麼|什么|為什麼|为什么|為何|如何|怎麼|怎样|怎樣|哪|嗎|吗|呢|是否|何時|何时|多少|(?<![那這])幾|能不能|可不可以|要不要|該不該|有沒有|是不是|有何|何謂|何者|差別|差異|區別|意思|意義/;
const EXPLAIN_ZH =
  /^(?:請|麻煩)?(?:你)?(?:解釋|說明|介紹|告訴我|講解|教我|比較)|^我?(?:想|很想|蠻想|有點)(?:知道|了解|瞭解|請教|問)|^(?:好奇|想問一下|想請問|請教一下)/;
/**
 * "先說一下要改哪些設定", "but first tell me which settings change", "before that, explain what kappa tells me": the user asks
 * to be told before anything is done. Such a clause is a question, and a request beside it in the same turn is only
 * proposed (a mixed turn), never run unasked.
 */
const EXPLAIN_FIRST_ZH =
  /^(?:(?:但|不過|可是|那|然後)\s*[，,]?\s*)?(?:你)?(?:請|麻煩)?(?:你)?(?:在那之前|在這之前|(?:在)?[^，,。？?]{0,8}?(?:之前|以前|前))?\s*先\s*(?:跟我|幫我|替我|為我)?\s*(?:說|講|解釋|說明|告訴我|介紹|講解|列出|分析)/;
const EXPLAIN_FIRST_EN =
  /^(?:(?:but|and|ok(?:ay)?|so)[,\s]+)?(?:(?:first(?:\s+of\s+all)?|before (?:that|this|it|you (?:do|start|run|change) (?:it|that|this|anything)|doing (?:it|that|so)|you go ahead)|beforehand)[,\s]+(?:please\s+)?(?:tell|explain|walk|describe|say|let me know|show me (?:what|which|how|why))\b|(?:please\s+)?(?:tell (?:me|us)|explain|walk (?:me|us) through|describe|let (?:me|us) know)\b.*\b(?:first|beforehand)\s*[.!]?\s*$)/i;
/** One clause asks to be told first (see EXPLAIN_FIRST_ZH / EXPLAIN_FIRST_EN). */
export function asksToBeToldFirst(clause: string): boolean {
  const c = clause.trim();
  // ("explain the model first" asks for saliency, a step)
  if (EXPLAIN_THE_MODEL.test(c.replace(/^(?:(?:but|and|ok(?:ay)?|so)[,\s]+)?(?:first(?:\s+of\s+all)?|beforehand)[,\s]+/i, ''))) return false;
  return EXPLAIN_FIRST_ZH.test(c) || EXPLAIN_FIRST_EN.test(c);
}
/** "請問要先 X 嗎？": 請問 ("may I ask") asks, unless what follows is a polite request for a step ("請問可以幫我 X 嗎"). */
const ASK_LEAD_ZH = /^(?:請問|問一下)\s*[，,]?\s*(?!(?:你|您)?(?:可以|能|能不能|可不可以|可否)?\s*(?:幫我|幫忙|替我|麻煩))/;
/**
 * "batch 32 lr 0.001 100 輪 這樣可以", "epoch 0 到 4 秒，合理": a verdict asked of the settings just stated, without 嗎. A bare
 * 可以 / 好 / 行 is a reply to a proposal; after 這樣 / 這個 (this setting) or as a judgement word (合理, 太長) it asks.
 */
const VERDICT_TAIL_ZH =
  /(?:(?:這樣|這個|這組|這些|如此)(?:設定|設|做)?\s*(?:可以|可行|行|好|對|ok|OK|沒問題)|(?:應該|應當)?(?:可以|可行|行|夠|沒問題|對)吧|有必要|(?:^|[\s，,、]|(?:這樣|這個|這組|這些|會)(?:設定|設|做)?)(?:合理|恰當|適當|妥當|足夠|夠|正常|太多|太少|太長|太短|太大|太小|太高|太低|太寬|太窄|太嚴|太鬆|沒問題))(?:吧|嘛|齁|啦|喔)?\s*[。.]*$/;
const POLITE_REQUEST_ZH = /^(?:請|麻煩|幫我|幫忙|請幫我|可以幫我|能幫我|你可以幫我|可不可以幫我|能不能幫我)/;

/** An instruction: it starts (after "if so", "then", "please"…) with a verb of an XBrain step. */
const IMPERATIVE = new RegExp(
  `^(?:(?:if so|if yes|if it is|if ok|then|and|so|ok(?:ay)?|please|now|yes|also|just)[,\\s]+|(?:只要|只|就|請|然後|再|先|那就|接著)\\s*)*(?:(?:${ACTION_VERB_EN})\\b|${ACTION_VERB_ZH}|好的?[，,]?\\s*(?:${ACTION_VERB_ZH})|如果(?:是|可以|適合)?(?:的話)?[，,]?\\s*(?:就)?(?:${ACTION_VERB_ZH}))`,
  'i',
);

/** "bring up the visualization page", "open the evaluation tab": a panel shown is a step (switch_panel). */
const PANEL_REQUEST =
  /^(?:bring up|open|show(?: me)?|switch to|go to|take me to|pull up|jump to)\s+(?:the\s+)?(?:dashboard|dataset|preprocess\w*|training|visuali[sz]ation|evaluation)\s+(?:panel|tab|page|view|screen)\b/i;

/** "half of what it is now", "a tenth of what we had": a value relative to the setting, not a wh-clause. */
const SHARE_OF_WHAT_IT_IS =
  /\b(half|quarter|third|fifth|tenth|twice|double|triple|times)\s+(?:of\s+)?what\s+(?:it|they|we|i)\s+(?:is|are|was|were|had|have|used)(?:\s+(?:now|before|currently|earlier|last time|set to))?\b/gi;

/** "用 X 看模型學到什麼", "幫我顯示模型在看哪裡": a saliency map asked for with an embedded what-clause. */
const SHOW_WHAT_LEARNED_ZH =
  /(?:^|用|拿|幫我|請)[^，,。]{0,24}?(?:看|看看|顯示|畫出|找出|檢查)(?:一下)?\s*(?:模型|網路|分類器)(?:學到|學了|看到|在看|關注|注意|依賴)(?:了)?(?:什麼|甚麼|哪裡|哪些)/;

/** The user describing their own situation (a request for help, not an instruction). */
const MY_SITUATION_EN =
  /^(?:(?:so|and|but|hmm|hi|hey)[,\s]+)?(?:my|our)\s+\w+|^i\s+(?:have|had|got|get|only have|am getting|'m getting|see|saw|tried|trained|normali[sz]ed|filtered|used|ran|did|noticed|keep getting)\b/i;
/** Someone else's wish relayed: "my advisor wants …", "reviewer 2 asked us to …", "our PI says we should …". */
const RELAYED_WISH_EN =
  /^(?:(?:so|and|but|ok(?:ay)?)[,\s]+)?(?:(?:my|our|the)\s+)?(?:advisor|adviser|supervisor|pi|boss|professor|prof|reviewers?(?:\s+\d)?|lab ?mates?|collaborators?|co-?authors?|teacher|mentor|editor)(?:'s)?\s+(?:really\s+|also\s+)?(?:wants?(?!\s+to\s+(?:know|understand|see (?:if|whether)|check (?:if|whether)))|asked (?:for|us to|me to)|asks (?:for|us to|me to)|says (?:we|i) (?:should|need to|must|have to)|told (?:me|us) to|insists on|requires?|would like(?!\s+to\s+(?:know|understand)))\b/i;
/** An A-not-A question inside a sentence ("重不重要", "有沒有"). */
const ASKS_WITHIN_ZH = /([\u4e00-\u9fff])不\1|有沒有|是不是/;

/**
 * "epoching keeps dropping trials", "the saliency map is all blank", "evaluation took ages": a step or its product named as
 * the subject of a finite verb reports what happened (asks for help); a step is asked for by its verb.
 */
const STEP_REPORT_EN =
  /^(?:(?:so|and|but|hmm|hi|hey)[,\s]+)?(?:the\s+|my\s+)?(?:training|evaluation|evaluating|epoching|filtering|resampling|re-?referencing|splitting|loading|exporting|normali[sz]ation|saliency(?:\s+maps?)?|topomaps?|model)\s+(?:is|was|are|were|keeps|kept|takes|took|seems|looks|gets|got|gives|gave|throws|threw|returns|returned|fails|failed|crashes|crashed|hangs|hung|freezes|froze|stops|stopped|never|always|still|won't|doesn't|didn't|can't|cannot|shows|showed)\b/i;
/** A metric the user reports ("train acc 99% val 55%", "F1 = 0.0 for the tongue class", "val loss goes up after ep 20"). */
const METRIC_REPORT_EN =
  /\b(?:acc(?:uracy)?|loss|kappa|auc|f1|precision|recall)\b[^.?!;]{0,30}?(?:\d+(?:\.\d+)?\s*%|=\s*~?0?\.\d+|\b(?:goes|went|going|keeps?|stays?|stuck|drops?|dropped|falls?|falling|rises?|rising|jumps?|fluctuat\w*|plateau\w*)\b)/i;
/** A metric that opens the sentence ("train acc …", "val loss …") is not the verb "train". */
const METRIC_FIRST_EN = /^(?:train(?:ing)?|val(?:idation)?|test)\s+(?:acc\w*|loss|kappa|auc|f1)\b/i;
/** "help", "any ideas?" after a description of the situation: the whole turn asks. */
const HELP_ASK = /^(?:(?:pls|please|so)\s+)?(?:help|help me|help pls|any ideas?|ideas|thoughts|advice|求救|救命|求助)[.!?？！。]*$/i;

const PROBLEM_EN =
  /^error\b|\b(?:nan|stuck|(?:doesn't|does not|won't|will not|isn't|is not|not) (?:show|appear|load|open|change|improve|learn|converge|match)\w*|fails?|failed|failing|rejected|refused|not available|doesn't work|does not work|won't|wrong|worse|broken|crash\w*|too (?:good|slow|low|high)|(?:very|so|super|really|extremely|painfully|insanely|way too|incredibly) (?:slow|long|noisy|weird|odd|flat)|takes? (?:forever|ages|hours)|all (?:blank|zeros?|empty|white|black|flat)|no positions?|not significant|overfit\w*|at chance|keeps? (?:getting|going|dropping|losing|failing|crashing|stopping|freezing))\b/i;
const PROBLEM_ZH =
  /錯誤|失敗|不能|無法|沒有位置|讀不到|一直|卡在|變差|太慢|不下降|不一致|怎麼辦|被拒絕|過擬合|全部都猜|很低|太低|偏低|很差|不穩|亂跳|不準|沒進步|沒有進步/;
/**
 * A result the user reports ("準確率很低", "掉到 40%", "比 individual 還差"): asks for help even after a verb such as 訓練. A bare
 * 降到 with three digits (降到 128, 降到 100) is a sampling rate asked for, never a score.
 */
const RESULT_REPORT_ZH =
  /(?:準確率|正確率|accuracy|acc|loss|損失|kappa|f1|auc|結果|表現)[^，。,]{0,10}?(?:很低|太低|偏低|很差|只有|掉到|降到|下降|上升|不降|卡在|變差|\d+(?:\.\d+)?\s*%)|(?:掉到|只剩)\s*\d+(?:\.\d+)?(?!\s*(?:hz|khz|赫茲|秒|毫秒|ms|s\b|\d))|降到\s*\d{1,2}(?:\.\d+)?(?![\d.]|\s*(?:hz|khz|赫茲|秒|毫秒|ms|s\b))|比\s*[^，。,]{1,20}?\s*(?:還|更)(?:差|低|糟)/i;
/**
 * "訓練好久", "評估跑好慢", "切段之後 trial 變很少", "濾波完訊號怪怪的": a step named with how it went (a degree word and a
 * state: slow, long, odd, few) reports a problem, even though it opens with the step's verb; an instruction after it
 * ("訓練太慢，換 GPU") still makes the sentence a request. "訓練久一點" (a degree asked for, no degree word) stays a request.
 */
const STEP_STATE_ZH =
  /^(?:訓練|評估|切段|分段|濾波|帶通|陷波|重新取樣|降取樣|降採樣|重新參考|標準化|匯出|載入|讀取|計算|顯著圖|顯著性)(?:之後|以後|後|完|的時候|時)?[^，,。；;？?]{0,12}?(?:好|很|超|太|有點|有夠|非常|特別|蠻|滿|真的?|超級|變得?|一直|都)\s*(?:慢|久|卡|怪|奇怪|爛|糟|差|不穩|吃力|耗時|少|空白|是零|是 ?0)/;
const MY_SITUATION_ZH = /^我(?:的|們的|有|只有|用了|做了|試了|跑了|把|發現|看到|一直|訓練|的模型)|^(?:訓練|驗證|測試)(?:的)?\s*(?:loss|損失|準確率|accuracy)/i;

/** A question clause after a topic: "X — what changes", "X, how", "X means what", "X, can I publish that". */
const TRAILING_QUESTION = new RegExp(
  "(?:[,，:：;—–=]|\\s-|\\.\\s)\\s*(?:so\\s+|and\\s+|but\\s+)?(?:what(?:'s)?|why|how(?: come| many| much| long| often)?|which|when|where|" +
    '(?:can|could|should|shall|may|must|do|does|did|is|are|will|would) (?:i|we|it|this|that|they|xbrain|one|my|the)|is (?:this|that|it) (?:ok|okay|right|normal|fine|expected|valid|enough))\\b' +
    '|\\b(?:means|mean|means?\\s+what|is|does|do|for|about)\\s+(?:what|why|how)\\s*[?？]*\\s*$|\\b(?:why|how come)\\s*[?？]*\\s*$' +
    // a wh-word left in place at the end asks ("SD across what", "normalised relative to what", "it peaks when"):
    // after any word but the few that make it a clause of a request ("guess what", "show me what")
    '|\\b(?!(?:know|guess|see|me|us|you)\\b)[a-z]+\\s+(?:what|which|where|when|how)(?:\\s+(?:exactly|then|again|now))?\\s*[?？]*\\s*$' +
    // a verdict asked as a pair of opposites at the end ("AUC 0.55, good or bad", "80/20 here, right or wrong")
    '|\\b(?:good or bad|bad or good|right or wrong|high or low|better or worse|enough or not|normal or not|ok(?:ay)? or not|fine or not)\\s*[?？.]*\\s*$',
  'i',
);
// ", right" / "… right" after a claim; never "… to right" / "left and right" / "T2 -> right" (a label or a direction)
const TAG_QUESTION_EN =
  /(?:,\s*(?:right|correct|no|yes or no)|\s(?:isn'?t (?:it|that|this)|aren'?t (?:they|there)|don'?t (?:they|we|i)|doesn'?t (?:it|that))|\s(?<!\b(?:to|as|and|or|the|on|at|from|into|left|turn|hand|side)\s+)(?<!(?:->|→|=>|=|:)\s*)(?:right|correct))\s*[?？]*\s*$/i;
const ALTERNATIVE = String.raw`(?:${MODEL_WORD}|csp(?:\+lda)?|car|average|common average|mastoids?|fir|iir|z-?score|min-?max|trial|session|subject|adam|adamw|sgd)`;
/** A named option of a step: a model or a method (a sentence that only offers two of them asks which). */
const NAMED_OPTION = new RegExp(String.raw`${MODEL_WORD}|\bcar\b|average|mastoid|fir\b|iir\b|z-?score|min-?max|trial|session|subject`, 'i');
const NAMED_CHOICE = new RegExp(
  String.raw`\b${ALTERNATIVE}\b\s*(?:or|vs\.?|versus|還是|或是?)\s*\b${ALTERNATIVE}\b|\bbetween\s+${ALTERNATIVE}\s+and\s+${ALTERNATIVE}\b`,
  'i',
);
const MODEL_INFO = new RegExp(
  String.raw`^(?:(?:please|can you|could you)\s+)?(?:show|list|describe|display|print|give me|tell me|summari[sz]e)\b(?:\s+me)?(?:\s+(?:the|a|an))?\s+${MODEL_WORD}(?:['’]s)?\s+(?:architecture|structure|layers?|param(?:eter)?s|hyper-?param(?:eter)?s|defaults?|details|summary|design)\b`,
  'i',
);
/** A wh-clause with its verb somewhere inside the sentence ("… what accuracy is significant", "… how many do I need"). */
const INNER_QUESTION =
  /\b(?:what|which|how (?:many|much|long))\b(?:\s+[\w-]+){0,3}?\s+(?:is|are|was|were|do|does|did|should|would|can|could|will|need|needed|counts?|means?)\b|\b(?:what|how|who|where|when)['’]s\s+\S/i;

/** A wh-word left after a linking verb, before its noun: "kappa 0.5 equals what accuracy", "250 Hz gives which Nyquist". */
const WH_AFTER_VERB =
  /\b(?:equals?|is|are|was|were|means?|gives?|corresponds? to|becomes?|comes? to|converts? to)\s+(?:what|which|how many|how much)(?:\s+[\w%.-]+){0,2}\s*[?？]*\s*$/i;

/** A topic asked about as a noun phrase: "plot_epochs kind options", "optimizer choices in configure_training". */
const TOPIC_ASKED =
  /\b(?:options|choices|defaults|default values?|allowed values|possible values|pros and cons|meaning|difference|differences|units?)\b(?:\s+(?:in|of|for)\s+\S+)?\s*[?？]*\s*$/i;

// (an abbreviation's full stop is not a sentence's end: "integ. gradients", "avg. reference", "e.g. 8-30 Hz", "approx. 2 s")
/** Where one clause of a sentence ends: a comma, semicolon or dash. */
const CLAUSE_BREAK = /\s*(?:[,，;；]|\s[—–-]\s|[—–])\s*/;
const SENTENCE_END =
  /(?<=[?？!！。;；])\s*|(?<=[a-z)\]"'])(?<!\b(?:integ|int|approx|avg|freq|incl|excl|ca|cf|vs|etc|resp|fig|eq|std|norm|ref|elec|chan|ch|subj|sess|e\.g|i\.e|eg|ie|nr|config|params?|grad|ampl|spec))\.\s+|\n+/i;
/** "…? and apply it" inside one sentence: a question followed by a request after and/then/so. */
const JOINED_REQUEST = new RegExp(
  `\\s*(?:,|，)?\\s*(?:\\b(?:and then|and|then|so)\\s+(?:please\\s+)?(?=(?:${ACTION_VERB_EN})\\b)|(?:然後|並且|接著|順便|再)\\s*(?=(?:${ACTION_VERB_ZH})))`,
  'i',
);

/** Cuts a turn into questions and requests. Order inside each list follows the text. */
export function splitTurn(text: string): TurnParts {
  return withAmbiguous(withContext(withPlace(splitSentences(withoutCourtesy(selfAnswered(text))))));
}

/**
 * "notch 60? yes, do it", "maybe try 2.5 times as many epochs as last time? yes, go ahead and train", 「要不要陷波 60？好，做吧」:
 * a step asked about and answered with an explicit go-ahead in the same message is asked for. A bare "yes" is not
 * enough; the go-ahead must be said ("do it", "go ahead", "proceed", 做吧, 就這樣做).
 */
const SELF_ANSWER =
  /^(.*?[^?？\s])\s*[?？]+\s*(?:yes|yeah|yep|yup|ok(?:ay)?|sure|好|好啊|好的|對|可以)[,，.!！]?\s*(?:please\s+)?(?:go\s+ahead|do\s+it|do\s+that|proceed|let'?s\s+do\s+it|run\s+it|做吧|就這樣做|就做吧|執行吧|開始吧|跑吧)(?![A-Za-z])\s*(?:(?:and|then|,|，|然後|再)\s*(.*))?$/i;
export function selfAnswered(text: string): string {
  const m = SELF_ANSWER.exec(text.trim());
  if (!m) return text;
  const step = stepAskedAbout(`${m[1]}?`);
  const rest = (m[2] ?? '').trim();
  return rest ? `${step}, then ${rest}` : step;
}

/**
 * "remove line noise; our lab is in Paris": a sentence that only names the place of recording is a fact for the request
 * next to it (the mains frequency), not a question to answer nor an off-topic statement. It joins that request.
 */
function withPlace(parts: TurnParts): TurnParts {
  const place = (r: string) => isPlaceStatement(r) && !IMPERATIVE.test(r.trim()) && !/[?？]\s*$/.test(r) && !QUESTION_START_EN.test(r.trim());
  // said as a statement it may have been read as the user's situation (a question): it is a fact for the request
  const facts = parts.questions.filter(place);
  const requests = facts.length ? [...parts.requests, ...facts] : parts.requests;
  if (requests.length < 2) return parts;
  const questions = parts.questions.filter((q) => !facts.includes(q));
  const out: string[] = [];
  const bare = (t: string) => t.trim().replace(/[.。;；!！]+$/, '');
  for (const r of requests) {
    if (place(r) && out.length) out[out.length - 1] = `${bare(out[out.length - 1])}, ${bare(r)}`;
    else out.push(r);
  }
  // a place said first ("we're in Taipei. notch the mains") joins the request after it
  if (out.length >= 2 && place(out[0])) out.splice(0, 2, `${bare(out[1])}, ${bare(out[0])}`);
  return { questions, requests: out };
}

/** "98% accuracy with a trial split. too good to be true?": a statement that is not an imperative is the question's context. */
function withContext(parts: TurnParts): TurnParts {
  if (parts.questions.length === 0) return parts;
  const instruction = (r: string) => IMPERATIVE.test(r) || DISPOSAL_ZH.test(r.trim());
  const context = parts.requests.filter((r) => !instruction(r));
  if (context.length === 0) return parts;
  return { questions: [[...context, parts.questions[0]].join(' '), ...parts.questions.slice(1)], requests: parts.requests.filter(instruction) };
}

/** A verb of a step anywhere in a statement ("把取樣率降到現在的四分之一", "train now"): it may act. */
const ACTS = new RegExp(`\\b(?:${ACTION_VERB_EN})\\b|${ACTION_VERB_ZH}|把`, 'i');

/**
 * A statement that is neither a question nor an explicit instruction ("ShallowConvNet for small data sets",
 * "EEGNet 適合 P300") is read both ways: answered as a question, and whatever it would run is only proposed.
 * Explicit: an imperative, a quantity or file name, or a reply to the last step ("again", "yes", "actually…").
 */
function withAmbiguous(parts: TurnParts): TurnParts {
  const ambiguous = parts.requests.filter((r) => !isExplicitRequest(r));
  // "我現在資料的取樣率", "my test accuracy": naming a quantity of the user's own Study asks for it, and runs nothing
  // ("could I have a look at the loss curve?" asks to be shown it: the frame's verb is the step's)
  const asksStudy = ambiguous.filter((r) => studyTopics(r).length > 0 && !ACTS.test(canonicalText(withoutPoliteFrame(r))));
  return ambiguous.length ? { questions: [...parts.questions, ...ambiguous], requests: parts.requests.filter((r) => !asksStudy.includes(r)) } : parts;
}

/**
 * A setting given as a share or multiple of its value now ("lr half the current value", "epochs = three times as many as
 * now", "學習率設成目前的十分之一"): a change with a value, as explicit as a number.
 */
const RELATIVE_SETTING =
  /(?:epochs?|batch|learning rate|sampling rate|學習率|批次|取樣率|epoch\s*數)[^.?!。？]{0,40}?(?:\b(?:half|twice|double|triple|thrice|(?:a|an|one)\s+(?:quarter|third|fifth|tenth)|(?:two|three|four|five|ten)\s+times)\b|一半|分之|[兩二三四五六七八九十]\s*倍|減半|加倍)/i;

export function isExplicitRequest(input: string): boolean {
  const s = canonicalText(input);
  // "這個模型要給學弟用，幫我匯出到 share", "check for overfitting: evaluate on train": context first, then an instruction
  // after a comma or colon — the instruction makes the sentence a request
  const segments = s.split(/\s*[，,；;:：]\s*/).slice(1);
  const instruction = (g: string): boolean => {
    const u = g.trim().replace(/^(?:so|then|and|please|now)\s+/i, '');
    const v = u.replace(/^(?:請|麻煩)?(?:你)?(?:幫我|幫忙|請幫我)\s*/, '');
    return (v !== u && new RegExp(`^(?:${ACTION_VERB_ZH})`).test(v)) || (IMPERATIVE.test(u) && !/[?？]\s*$/.test(u));
  };
  if (segments.some(instruction)) return true;
  if (RELATIVE_SETTING.test(s) && !/[?？]\s*$/.test(s)) return true;
  if (PANEL_REQUEST.test(withoutPoliteFrame(s.trim().replace(/^please\s+/i, '')))) return true;
  // "幫我寫一首詩" is polite, not an XBrain step: the verb after 幫我/請 decides
  const t = s.trim().replace(/^(?:請|麻煩)?(?:你)?(?:幫我|幫忙|請幫我)\s*/, '');
  // "還是換回 EEGNet 好了": a decision for a step is as explicit as the step
  const decided =
    /^(?:(?:那|嗯|好)\s*[，,]?\s*)?還是\s*(?:先|就)?\s*(.+?)\s*(?:好了|吧|算了|就好)\s*[。.!！]*$|^(?:算了|不對|不然|喔不)\s*[，,]?\s*還是\s*(?:先|就)?\s*(.+?)\s*[。.!！]*$/.exec(
      t,
    );
  if (decided && (IMPERATIVE.test(decided[1] ?? decided[2]) || /^(?:換|改|用)/.test(decided[1] ?? decided[2]))) return true;
  return (
    (t !== s.trim() ? new RegExp(`^(?:${ACTION_VERB_ZH})`).test(t) && !/^(?:幫我|請幫)/.test(t) : IMPERATIVE.test(t)) ||
    /\d|\.[a-z0-9]{2,4}\b/i.test(t) ||
    REPLY.test(t)
  );
}

/**
 * An imperative or a reply to the last step: it may run without a proposal. Verbless requests ("8 to 30 Hz", "EEGNet for
 * 4 s epochs") are proposed, and so are polite ones ("could you …?", "能幫我…嗎"): they run once the user confirms.
 */
export function isInstruction(input: string): boolean {
  const t = canonicalText(input)
    .trim()
    .replace(/^(?:請|麻煩)?(?:你)?(?:幫我|幫忙|請幫我)\s*/, '');
  return IMPERATIVE.test(t) || REPLY.test(t);
}

/**
 * "把資料帶通 8 到 30 Hz", "然後請對資料做 z-score 標準化", "在測試集上評估模型": an object (or a place) before the verb of a
 * step; "把資料切成 4 秒了" reports a step done (了, 過) and is no instruction.
 */
const DISPOSAL_ZH = new RegExp(
  `^(?:(?:然後|接著|再|先|就|那就|請|麻煩|幫我)\\s*)*(?![^，,。；;]*(?:過|了)\\s*[。.!！]?\\s*$)(?:把|將|對|在|針對|幫|替)[^，,。；;？?]{1,30}?(?:${ACTION_VERB_ZH}|設成|調成|調到)`,
);

/**
 * The step a yes/no question asks about, without its frame: "should I band-pass 8 to 30 Hz?" → "band-pass 8 to 30 Hz",
 * "要不要先把資料切成 0 到 4 秒？" → "把資料切成 0 到 4 秒". What "if so, go ahead" after it refers to (still only proposed).
 */
export function stepAskedAbout(question: string): string {
  return question
    .trim()
    .replace(
      /^(?:(?:so|and|but|ok(?:ay)?|then)[,\s]+)?(?:should|shall|can|could|may|must) (?:i|we)\s+(?:first\s+|also\s+|still\s+)?|^(?:do|does) (?:i|we) (?:need|have|want) to\s+|^is it (?:ok(?:ay)?|fine|safe|wise|a good idea|worth it|necessary|sensible) to\s+|^would it (?:help|make sense|be better) to\s+|^why (?:would|should|do|did) (?:i|we|you|people)\s+/i,
      '',
    )
    .replace(/^(?:我)?(?:應不應該|該不該|要不要|需不需要|需要|應該|該)(?:先)?|^為什麼要|^是否要?/, '')
    .replace(/\s*(?:first|now|then|at all)?\s*[?？]+\s*$|(?:嗎|呢)?\s*[?？]*\s*$/i, '')
    .trim();
}

const REPLY =
  /^(?:(?:please\s+)?(?:don'?t|do not|never|under no circumstances)\b|請勿|千萬|絕不|不要|別|again|do it|redo|undo|yes|yeah|yep|no\b|nope|ok(?:ay)?|sure|go ahead|proceed|continue|actually|instead|rather|make it|change it|same|also|and\b|then\b|but\b|with\b|without\b|only\b|just\b|not\b|sorry|please|再|好|對|不對|改|換|繼續|確定|取消|也)/i;

function splitSentences(text: string): TurnParts {
  const out: TurnParts = { questions: [], requests: [] };
  // quoted text and file names are data: a ";" or "?" inside them ends no sentence
  const masked = maskLiterals(text);
  for (const part of masked.text.split(SENTENCE_END)) {
    const raw = unmask(part, masked.literals);
    const s = raw.trim();
    if (!s || /^[?？!！。.;；]+$/.test(s)) continue;
    if (HELP_ASK.test(s) && text.trim() !== s) {
      out.questions.push(s);
      continue;
    }
    // whether it asks is read with the literals masked: 'load "what; why?.edf"' asks nothing
    // "幫我改成用 GPU 訓練，先說一下要改哪些設定", "evaluate it — but before that, explain what kappa tells me": a clause asking
    // to be told first makes the sentence a question, and the request beside it (without that clause) is only proposed
    // ("before that, explain …": the comma after the lead opens no clause of its own)
    const clauses = s
      .replace(/\b(before (?:that|this|it|doing (?:it|that|so))|first(?: of all)?|beforehand)\s*,\s*/gi, '$1 ')
      .split(CLAUSE_BREAK)
      .filter((c) => c.trim());
    const rest = clauses.filter((c) => !asksToBeToldFirst(c));
    if (rest.length < clauses.length && rest.length && rest.every((c) => !isQuestion(c))) {
      out.questions.push(s);
      out.requests.push(rest.join(', '));
      continue;
    }
    if (!isQuestion(part.trim())) {
      out.requests.push(s);
      // "幫我算 integrated gradients 看 C3 C4 重不重要": a request that also asks (X不X, 有沒有) is answered and proposed
      if (ASKS_WITHIN_ZH.test(s.replace(/要不要|可不可|能不能|好不好/g, ''))) out.questions.push(s);
      continue;
    }
    // a question sentence may carry a request after "and"/"then" ("what band fits MI and apply it")
    // (read with the literals masked: "and retrain" inside 'clear the dataset and retrain' joins nothing)
    const pm = part.trim();
    const m = JOINED_REQUEST.exec(pm);
    if (m && m.index > 0) {
      const q = unmask(pm.slice(0, m.index), masked.literals).trim();
      const r = unmask(pm.slice(m.index + m[0].length), masked.literals)
        .trim()
        .replace(/[?？]+$/, '');
      // only with a word that points back at the question ("…and apply it"): "how do I split and train?" stays a question
      if (
        q &&
        isQuestion(q) &&
        r &&
        !isQuestion(r) &&
        /\b(?:it|that|this|them|those|these|(?:that|this|the|the best|the right) one|please|now|for me|the same)\b|它|這個|那個|幫我|請/i.test(r)
      ) {
        out.questions.push(q);
        out.requests.push(r);
        continue;
      }
    }
    out.questions.push(s);
  }
  return out;
}

const TOOL_SUBJECT = String.raw`(?:xbrain(?:lab)?|this (?:tool|extension|app|program|software)|the (?:tool|extension|app|program|software))`;
const CAPABILITY_QUESTION = new RegExp(
  String.raw`^(?:so\s+|and\s+|also\s+|just wondering,?\s+)?(?:can|could|does|do|will|is)\s+${TOOL_SUBJECT}\b(?!\s*,)|^(?:is (?:it|there a way)|are you able) (?:possible )?(?:to\s+\S+.*\b(?:in|with) ${TOOL_SUBJECT}\b)` +
    String.raw`|^(?:請問|想問一下|想請問)?\s*${TOOL_SUBJECT}\s*(?:可以|能夠?|能不能|可不可以|有沒有|有辦法|支援|支不支援|會不會|是否)(?!\s*(?:幫|替|給)我)`,
  'i',
);

/** One sentence: a question (answer it) or not (a request, or a statement of intent that may act). */
export function isQuestion(sentence: string): boolean {
  // misspelt words are read as the planner reads them ("what's loded", "show the satte"); "a quarter of what it is now"
  // names a value (a share of the setting now), it asks nothing
  const s = correctTypos(sentence.trim()).replace(SHARE_OF_WHAT_IT_IS, '$1 the current value');
  if (!s) return false;
  // "Can XBrain compute saliency maps?", "XBrain 可以讀 EGI 嗎？": a question about what the tool can do, asked of the tool in
  // the third person, is answered and never runs the step (the same words to "you" are a polite request)
  if (CAPABILITY_QUESTION.test(s)) return true;
  // "先說一下要改哪些設定", "but first tell me which settings change": asked to be told before anything is done
  if (asksToBeToldFirst(s)) return true;
  // Chinese sentence structure, even when it opens with a Latin term ("EEGNet 的 F1 是什麼", "notch 60 Hz 會不會…"):
  // at least two Han characters, or one when the sentence does not open with Latin
  const han = (s.match(/[\u4e00-\u9fff]/g) ?? []).length;
  const zh = han >= 2 || (han === 1 && !/^[a-z]/i.test(s));
  if (zh) {
    // "算了，什麼都不要做": an instruction to do nothing
    if (/什麼都(?:不要|別|不用|不必)|都不要做|先不用了|不用了/.test(s)) return false;
    // "好，解釋一下陷波濾波", "對了，請問要先切段嗎": an acknowledgement before the explain/ask lead is no reply to a step
    const asking = s.replace(/^(?:好的?|嗯+|喔+|哦+|ok(?:ay)?|那麼?|所以|對了|另外|還有|謝謝你?)\s*[，,、!！。.]\s*/i, '');
    if (EXPLAIN_ZH.test(asking) || ASK_LEAD_ZH.test(asking)) return true;
    // "batch 32 lr 0.001 這樣可以", "0 到 4 秒，合理": a verdict asked of what was just stated, whatever verb opened it
    if (VERDICT_TAIL_ZH.test(s)) return true;
    if (POLITE_REQUEST_ZH.test(s) && !/(?:解釋|說明|告訴我|介紹)/.test(s)) return false;
    // "可以降採樣到 128 嗎？", "能不能用 T1、T2 切段？": a polite request when what it asks for is a step and nothing else is asked
    const asked = withoutPoliteFrame(s);
    // … or a change of the step before ("可以改成 30% 嗎？", "可以加倍嗎？", "可以只看 C3 跟 C4 就好嗎？")
    if (
      asked !== s &&
      !/(?:解釋|說明|告訴我|介紹)/.test(s) &&
      !QUESTION_WORD_ZH.test(asked) &&
      (namesRuleStep(asked) || REPLY.test(asked) || IMPERATIVE.test(asked) || /\d/.test(asked))
    )
      return false;
    // "用積分梯度看模型學到什麼": what the model learned, to be shown (a saliency map), is the object of a request
    if (!/[?？]\s*$|嗎|呢/.test(s) && SHOW_WHAT_LEARNED_ZH.test(s)) return false;
    // "還是換回 EEGNet 好了", "還是用 50 吧": 還是 opening a decision (…好了, …吧) chooses; it asks nothing
    const decided =
      /^(?:(?:那|嗯|好)\s*[，,]?\s*)?還是\s*(?:先|就)?\s*(.+?)\s*(?:好了|吧|算了|就好)\s*[。.!！]*$|^(?:算了|不對|不然|喔不)\s*[，,]?\s*還是\s*(?:先|就)?\s*(.+?)\s*[。.!！]*$/.exec(
        s,
      );
    if (decided && !QUESTION_WORD_ZH.test(decided[1] ?? decided[2])) return false;
    if (MY_SITUATION_ZH.test(s)) return true;
    // "訓練好久，CPU 100%": a step with its state, and only a figure after it, reports a problem
    if (
      STEP_STATE_ZH.test(s) &&
      !s
        .split(/[，,；;]/)
        .slice(1)
        .some((c) => IMPERATIVE.test(c.trim()) || REPLY.test(c.trim()) || DISPOSAL_ZH.test(c.trim()))
    )
      return true;
    // "資料千萬不能刪，幫我 notch 60": a statement before an instruction is the instruction's condition
    const zhTail = /[，,；;]\s*([^，,；;]+)$/.exec(s);
    if (zhTail && !/[?？]\s*$/.test(s) && !QUESTION_WORD_ZH.test(s) && (IMPERATIVE.test(zhTail[1].trim()) || isExplicitRequest(zhTail[1].trim()))) return false;
    if (!IMPERATIVE.test(s) && PROBLEM_ZH.test(s)) return true;
    // "把取樣率降到 100", "先把 batch 改成 16": the disposal construction (把 + object + verb) acts on the object, it reports nothing
    if (/^(?:請|麻煩|幫我|先|再|然後|接著|我(?:想要|想|要|需要))*把\s*\S/.test(s) && !/[?？]\s*$/.test(s) && !QUESTION_WORD_ZH.test(s)) return false;
    if (RESULT_REPORT_ZH.test(s)) return true;
    // "what is 共同平均參考": an English question about a Chinese term
    return /[?？]\s*$/.test(s) || QUESTION_WORD_ZH.test(s) || QUESTION_START_EN.test(s);
  }
  if (TELL_WH_EN.test(s) || ADVICE_TAIL_EN.test(s) || OR_NOT_TAIL_EN.test(s) || AUX_WITH_NOUN_SUBJECT.test(s)) return true;
  if (STEP_RESULTS_EN.test(s)) return true;
  // "if I set batch 8, would training be slower": a step supposed, and what would follow asked
  if (/^(?:(?:so|and|but)\s+)?(?:if|when|suppose|say) (?:i|we)\b[^,;]{1,60},\s*(?:would|will|does|do|is|are|can|could|should|might|how|what|which)\b/i.test(s))
    return true;
  if (EXPLAIN_THE_MODEL.test(s)) return false;
  // "can you recommend a good ramen place?": polite in form, but with no XBrain step it asks, and is answered (or declined)
  // "can I see the learning-rate schedule?": asks to be shown a result or a plot, when what is to be seen is a step's
  if (SEE_FRAME_EN.test(s)) {
    const asked = withoutPoliteFrame(s);
    // "can I see what a notch filter does?", "… why the accuracy is low?": an explanation is asked for
    if (TELL_WH_EN.test(asked) || /^show\s+(?:how|what|why|whether|when|which)\b/i.test(asked)) return true;
    return !(mentionsStep(asked) || namesRuleStep(asked) || IMPERATIVE.test(canonicalText(asked)));
  }
  if (POLITE_REQUEST_EN.test(s)) {
    const asked = withoutPoliteFrame(s.replace(/^please\s+/i, ''));
    // "could you halve that?", "could you make it 30 instead?": a change of the step before is a step too
    return (
      /[?？]\s*$/.test(s) &&
      !mentionsStep(asked) &&
      !namesRuleStep(asked) &&
      !IMPERATIVE.test(canonicalText(asked)) &&
      !REPLY.test(asked) &&
      !PANEL_REQUEST.test(asked)
    );
  }
  // "too high, divide it by ten", "that looks noisy, notch 60": a judgement before an instruction is the instruction's reason
  // (a dash ends the judgement as a comma does; "ignore that and …" sets the statement aside: "my notes say 'X' — ignore
  // that and evaluate on val")
  const tail = /(?:[,，;；]|\s[—–-]\s|[—–])\s*([^,，;；—–]+)$/.exec(s);
  const dismissed = (t: string) =>
    t.trim().replace(/^(?:(?:just|please)\s+)?(?:ignore|disregard|forget(?:\s+about)?)\s+(?:that|it|this|them|those)\s*(?:,|\band\b|\bjust\b)*\s*/i, '');
  // ("since the data are from Taiwan, do I need a 60 Hz notch": "do" before a subject pronoun asks, after a reason too)
  if (
    tail &&
    !QUESTION_START_EN.test(s) &&
    !/[?？]\s*$/.test(s) &&
    !AUX_WITH_SUBJECT.test(tail[1].trim()) &&
    IMPERATIVE.test(canonicalText(dismissed(tail[1])))
  )
    return false;
  // "that was too high, 100", "too long — 2 s then": a judgement and the value that replaces it is a correction
  if (
    tail &&
    !QUESTION_START_EN.test(s) &&
    !/[?？]\s*$/.test(s) &&
    /^(?:(?:try|use|make it|go with)\s+)?-?\d+(?:\.\d+)?\s*(?:hz|khz|s|ms|sec|seconds?|%|epochs?)?(?:\s+(?:instead|then|please))?[.!]?$/i.test(tail[1].trim())
  )
    return false;
  if (/^(?:what|how)\s+about\b/i.test(s)) return /[?？]\s*$/.test(s);
  // "…, right", "… isn't it": a tag question asks whatever came before it; "just curious, …" announces a question
  if (TAG_QUESTION_EN.test(s) || /^(?:(?:just|i'?m|i am)\s+)?curious\b/i.test(s)) return true;
  // a choice between two named alternatives asks, numbers or not ("EEGNet or SCCNet for 2 class")
  if (NAMED_CHOICE.test(s)) return true;
  // "show EEGNet architecture", "list SCCNet params": a model's description is information, not a step
  if (MODEL_INFO.test(s)) return true;
  if (QUESTION_START_EN.test(s) || AUX_WITH_SUBJECT.test(s)) return true;
  // a verdict asked of a stated step, or alternatives offered for it, asks (no instruction follows: checked above)
  if (VERDICT_TAIL_EN.test(s) || OFFERED_ALTERNATIVES_EN.test(s) || CLAUSE_ALTERNATIVES_EN.test(s)) return true;
  // a topic, then the question ("export_model — what files do I get", "80/20 imbalance, what should I report",
  // "AUC of 0.5 means what", "val 90% but test 55%, why")
  if (TRAILING_QUESTION.test(s)) return true;
  // "with 60 test trials and 3 classes what accuracy is significant": a question clause inside a statement
  if (!IMPERATIVE.test(s) && INNER_QUESTION.test(s)) return true;
  if (!IMPERATIVE.test(s) && WH_AFTER_VERB.test(s)) return true;
  if (METRIC_REPORT_EN.test(s) && (!IMPERATIVE.test(s) || METRIC_FIRST_EN.test(s))) return true;
  // ("kick off the training w/ whatever defaults" names defaults as the settings of an instruction)
  if (TOPIC_ASKED.test(s) && !/\d/.test(s) && !IMPERATIVE.test(canonicalText(s))) return true;
  // "band-pass 8-30 Hz or 4-40 Hz for motor imagery?" asks to choose; so does "EEGNet vs ShallowConvNet for MI"
  if (/[?？]\s*$/.test(s) && /\bor\b/i.test(s)) return true;
  if (/\b(?:vs\.?|versus)\b/i.test(s) || (/\bor\b/i.test(s) && !/\d/.test(s) && NAMED_OPTION.test(s))) return true;
  // "my advisor wants the data band-passed at 4-40 Hz", "our reviewer asked us to use the average reference": a wish
  // relayed from someone else is a request to do it, not the user's situation
  if (RELAYED_WISH_EN.test(s) && !/[?？]\s*$/.test(s)) return false;
  // "my accuracy is stuck at 50%…", "I normalized and it got worse": a report of the user's situation asks for help
  if (MY_SITUATION_EN.test(s) || STEP_REPORT_EN.test(s)) return true;
  // "Error: tool … is not available", "training loss is NaN after a few epochs": a reported problem asks for help
  if (!IMPERATIVE.test(s) && PROBLEM_EN.test(s)) return true;
  // a bare "…?" asks ("load an .xdf file from LabRecorder?"); only the polite forms above are requests
  return /[?？]\s*$/.test(s);
}

// isStudyQuestion lives in studyAnswer.ts, next to studyTopics: one module decides whether a question is about the Study
export { isStudyQuestion } from './studyAnswer';

/** Words of an XBrain step or of a reply to one ("load", "again", "yes", "帶通"): a request with none of them and no domain word is off-topic. */
const STEP_WORD =
  /^list\b(?:\s+\S+){0,3}\s*$|\blist (?:the )?(?:files|recordings|folder)\b|\b(?:load|open|import|filter\w*|band-?pass|notch|resampl\w*|downsampl\w*|epoch\w*|segment|split|train\w*|stop|evaluat\w*|plot|export|clear|reset|select|keep|rename|merge|attach|configure|compute|switch|normali[sz]e|re-?reference|sweep|undo|redo|again|continue|go ahead|proceed|yes|no|ok(?:ay)?|sure|cancel|show|status|state|stage|info|describe|summar\w*|help|start|begin|over|scratch|set|use|apply|run|do|make it|change|both|more)\b|載入|讀取|匯入|濾波|帶通|陷波|取樣|切段|分段|分割|訓練|停止|停下|停掉|暫停|喊停|多跑|上一步|評估|畫|繪|匯出|清除|重置|選擇|保留|合併|計算|切換|標準化|參考|再一次|重做|繼續|好的|確定|取消|切|重疊|復原|還原|改|換|上限|下限|視窗|通道|模型|檔案|資料夾|儀表板|面板|頁面|分頁|\b(?:dashboard|panel|tab|view)\b/i;

export function mentionsStep(input: string): boolean {
  // misspelt and informal step words count ("laod", "avg ref", "get rid of the hum")
  const text = chineseNumbers(canonicalText(input));
  return STEP_WORD.test(text) || /\d|\.[a-z0-9]{2,4}\b/i.test(text) || /\breference\b|\bnotch\b|\bbandpass\b|\bevaluate\b/i.test(text);
}

/** A step some planner rule reads in the text ("generate the dataset", "go with sccnet", "hold out a fifth for testing"). */
function namesRuleStep(input: string): boolean {
  const text = chineseNumbers(canonicalText(input));
  return RULES.some((r) => r.when.test(text) && !(r.unless && r.unless.test(text)));
}
