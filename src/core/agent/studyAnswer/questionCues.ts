/**
 * The lexicons that tell a question about the user's own Study from a methods question, in English and Traditional
 * Chinese: the user's Study named, a part with a value asked, the quantity asked (per topic), advice, meaning, requests.
 */
import type { StudyTopic } from './types';

/**
 * The user's own Study named: "my"/"our" before one of its parts or quantities ("my accuracy", "my test set", "my data"
 * — not "my latencies", "my gpu"), "did I / I have / I applied", the present state ("… now", "current"), or what
 * training will use. "now" opening a sentence ("now, what is kappa?") is a discourse marker, not the Study's present.
 */
export const OWN_EN = [
  /\bdid (?:i|we)\b|\b(?:do|have|am) (?:i|we) (?:have|got|get|loaded|applied|used|trained|set|chosen|picked)\b|\b(?:i|we)(?:'ve| have| had| did| got| get| applied| used| trained| loaded| ran| set| picked| chose| currently)\b/i,
  /\S.*\b(?:now|currently|so far|right now|at the moment|at this point)\b|\bcurrent(?:ly)?\b|\bthe (?:model's|study's)\b|\bthis (?:study|run|dataset|result|results|model|split|score|accuracy)\b/i,
  /\b(?:will|would) (?:the )?(?:training|start_training|next run)\b|\btraining (?:will|would) use\b/i,
  // a past step of the pipeline asked about ("how many did epoching keep?", "how long did training take?", "which epoch
  // did the run keep?"): only the user's Study has a past
  /\b(?:did|has|have) (?:the |my |our )?(?:model|network|net|classifier|training|trainer|run|epoching|epoch_data|split|splitting|filter(?:ing)?|evaluat\w+|preprocessing)\b(?! (?:usually|typically|normally))/i,
];
export const OWN_ZH =
  /我(?:們)?(?:現在|目前|這邊|這裡)|目前|現在|這次|本次|這一次|這(?:個|份|批)\s*(?:study|研究|實驗|資料|數據|模型|結果|run|切分|資料集)|訓練(?:花了|跑了|用了|了多久|了幾)|跑了多久|(?:\b(?:train|val|test)\b|訓練集|測試集|驗證集)\s*(?:裡面?|中|上)\s*(?:各|每一?類)?.{0,4}(?:幾|多少)|我(?:們)?(?:有|用了|套用了?|做了|跑了|訓練了|載入了|設了|選了|加了)|(?:訓練|模型)(?:會|將)(?:用|使用)|我(?:們)?\s*(?:(?:val|train|test|validation)\b|資料|數據|檔案|訓練集|測試集|驗證集)/i;
/** A recording named by its file ("S002R04", "A01T.gdf", "sub-01_eeg.edf"): whether the Study holds it is asked. */
export const FILE_NAMED = /\b[a-z]{1,4}\d{2,}[a-z]\d{2,}\b|\b[\w-]+\.(?:edf|bdf|gdf|set|fif|vhdr|cnt|mff|npy|mat|xdf)\b/i;
/** A subject-and-run recording name ("S002R04"): a recording of the user's, unlike an export's file name ("X.npy"). */
export const RUN_NAMED = /\b[a-z]{1,4}\d{2,}[a-z]\d{2,}\b/i;
/**
 * The Study's parts named with a definite article and a value asked ("what was the test accuracy?", "how many channels
 * does the data have?", "資料的取樣率是多少"): in a session with a Study, "the data" is the user's. A public dataset named
 * (PhysioNet, BCI IV 2a) or a general wording (typically, usually, 一般) makes it a methods question.
 */
export const THE_PART_EN =
  /\b(?:the|this)\s+(?:test(?:ing)?|validation|val|training|train)?\s*(?:set|split|data(?:set)?|recordings?|files?|epochs|model|network|run|study)\b|\bthe (?:test|val(?:idation)?|training) (?:acc(?:uracy)?|loss|auc|kappa)\b/i;
export const VALUE_ASK_EN = /^\s*(?:so,?\s*)?(?:what(?:'s| is| was| are| were)?|how (?:many|much|long|well|big)|which|is|are|was|were|did|does|do|has|have)\b/i;
export const PART_ZH_BARE = /(?:^|[，。？?！!\s])(?:資料|數據|模型|測試集|驗證集|訓練集|記錄檔|檔案|epoch)(?!庫)/i;
export const VALUE_ASK_ZH = /多少|幾(?:個|位|次|類|秒|筆)?|哪些|哪(?:一)?個|是什麼|有沒有|嗎[？?]?\s*$/;
/** "what is the test set?": what a part is, not its value. */
export const DEFINITION =
  /\bwhat does (?:the|a|an)\b[^?]*\b(?:do|check|mean|contain|measure|compute)\b|^\s*what(?:'s| is| are) (?:the|a|an) (?:test|validation|val|training|train)?\s*(?:set|split|data(?:set)?|model|network|run|study|epochs?)\s*\??\s*$|^\s*what(?:'s| is| are) (?:the|a|an) [^?]*\bin (?:get_dataset_info|get_study_state|list_files)\b/i;
/**
 * A step asked about as a method, its name the subject ("is z-scoring the data before the split leakage?", "does
 * re-referencing change my data?"): the method is asked, not the Study's values.
 */
export const STEP_ASKED = /^\s*(?:is|does|would|will|can|could)\s+(?!(?:training|running|nothing|something|anything)\b)(?:[a-z]+-)?[a-z]{3,}ing\b/i;
export const PUBLIC_DATASET =
  /支援|格式|\bformats?\b|\bsupport\w*|eeglab|brainvision|\.set\b|\.vhdr\b|physionet|eegmmidb|\bbci\b|\b2a\b|\b2b\b|bnci|moabb|competition|high-?gamma|openbci|一般|通常|典型|\btypical(?:ly)?\b|\busually\b|\bin general\b/i;

/** The parts of a Study a possessive may name besides its quantities (TOPIC_WORDS). */
export const PART_EN =
  /^(?:data|dataset|study|model|network|net|classifier|recordings?|files?|eeg|runs?|training|train|test|validation|val|splits?|epochs?|trials?|pipeline|setup|experiment|analysis|analyses|project|numbers|figures|eegnet|shallow(?:convnet)?|sccnet|results?)$/i;
export const PART_ZH = /資料|數據|模型|網路|研究|實驗|記錄|檔案|訓練|測試|驗證|study|eegnet|shallowconvnet|sccnet/i;

/** A quantity the Study holds, per topic (English and Traditional Chinese). "epochs" of training go to `training`. */
export const TOPIC_WORDS: [StudyTopic, RegExp][] = [
  [
    'results',
    /\baccura(?:cy|te)\b|\bacc\b|\bkappa\b|\bscores?\b|\bperformance\b|\bresults?\b|\bf1\b|\bauc\b|\bconfusion matrix\b|\bconfus(?:e|es|ed|ing)\b|搞混|混淆(?!矩陣)|分錯|誤判|\bperform(?:s|ed|ing)?\b|\bhow (?:does|did|is|was) (?:my |the |our )?(?:model|network|classifier|net) (?:do|doing)\b|\bhow (?:well|good|bad)\b|準確率|正確率|準確度|表現|成績|結果|分數|混淆矩陣|confusion|\bnot learning\b|\bpredicts? (?:only )?(?:one|the same|a single) class\b|沒學到|學不到|預測同一類|都猜同一類|\bmajority\b|多數類|\bcsp\b|\blda\b|\brecall\b|\bprecision\b|\bsensitivity\b|\bspecificity\b|召回率|精確率/i,
  ],
  ['loss', /\b(?:val(?:idation)?\s+|train(?:ing)?\s+)?loss(?:es)?\b|損失/i],
  ['classes', /\bper class\b|\beach class\b|\bclass(?:es)?\b|\b(?:im)?balanced?\b|每(?:一)?類|各類|類別|平衡|(?:\d|[一二兩三四五])\s*類/i],
  ['counts', /\b(?:epochs?|trials?|segments?)\b|試次|epoch|trial/i],
  [
    'sampling',
    /\bsampl\w*\s*(?:rate|frequency|freq)\b|\bsampled (?:at|with)\b|\b(?:what|which) rate\b|\bsfreq\b|\bsample rate\b|\b(?:re|down|up)sampl\w*|\bnyquist\b|取樣率|採樣率|取樣頻率|採樣頻率|重新取樣|降取樣|降採樣|奈奎斯特/i,
  ],
  [
    'filters',
    /\bfilter\w*|\bpre-?process\w*|\bband-?pass\b|\bnotch\b|\bhigh-?pass\b|\blow-?pass\b|\bre-?referenc\w*|\breference\b|\bnormali[sz]\w*|濾波|前處理|預處理|帶通|陷波|高通|低通|參考|正規化|標準化/i,
  ],
  [
    'training',
    /\btraining (?:stop|stopped|end|ended|finish|finished|took|take)\b|\bhow long did (?:the |my )?(?:training|run|it)\b|訓練.{0,4}(?:停|結束|花了|多久)|\b(?:which|what) (?:model|network|classifier)\b|\bgpu\b|\bcuda\b|\bcpu\b|\bdevice\b|\bseed\b|\bhyper-?param\w*|顯卡|種子|裝置|哪(?:一)?個模型|什麼模型|(?:模型|網路)(?:是|用)(?:哪|什麼)/i,
  ],
  [
    'split',
    /\b(?:test|validation|val|train(?:ing)?) (?:sets?|split|fold|data|trials?)\b|\bsplits?\b|\bfolds?\b|\btrain\s*\/\s*(?:val|test)\b|\b(?:val|train)\s*(?:跟|和|與|\/)\s*(?:train|val|test)\b|\b(?:train|val|test)\b[^.?!。？]{0,6}(?:跟|和|與|\band\b|&)\s*(?:train|val|test)\b|測試集|驗證集|訓練集|切分|分割|分到|怎麼切|如何切|方式切|test set|test split|\b(?:test|validation|val|train(?:ing)?)\b\s*(?:set\s*)?(?:只有|才|有|就)?\s*(?:\d+|幾)\s*(?:筆|個|trials?\b)|\b(?:test|val|validation|train)\b\s*(?:裡|中|上)/i,
  ],
  ['channels', /\bchannels?\b|\belectrodes?\b|\bmontage\b|\b(?:Fp|AF|FC|FT|C|CP|TP|PO|O)\d{1,2}\b|\b(?:Fp|AF|F|FC|C|CP|P|PO|O)z\b|通道|電極/i],
  [
    'window',
    /(?<!(?:majority|class|csp\+?lda|lda|chance)\s)\bbaseline\b|基線|基準線|\b(?:epoch|time|trial) (?:window|length)\b|\bt_?min\b|\bt_?max\b|\bsamples?\b|\blong enough\b|\bshort\b|\bcover(?:s|ed|ing)?\b|時間窗|時窗|視窗|(?:是|有)幾秒|多少秒|\bcues?\b[^，。？?]{0,6}(?:多長|幾秒)|\bhow long (?:is|are|does|do) (?:the |my |each )?cues?\b|樣本|取樣點|樣本點|(?:剩|有)幾個?點|sample(?!d)|夠長|太短|涵蓋|包含到|幾秒到幾秒|從幾秒|[到至]幾秒|epoch\s*的?\s*長度|長度夠|切幾秒|(?:epoch|時間|切)(?:的)?\s*(?:範圍|區間)|\bfrom when\b/i,
  ],
  ['events', /\bevents?\b|\blabels?\b|\bmarkers?\b|\bannotations?\b|\bcues?\b|事件|標籤|標記|提示/i],
  // the data's units and scale (volts, µV) and what normalises it
  ['scale', /\bunits?\b|\bvolts?\b|µv|\buv\b|\bmicrovolts?\b|\bamplitudes?\b|\bscale\b|單位|伏特|微伏|振幅|尺度/i],
  // over- or underfitting: the training figures against the held-out ones
  ['fit', /\bover-?fit+\w*|\bunder-?fit+\w*|\bmemori[sz]\w*|過擬合|過度擬合|欠擬合|擬合不足/i],
  [
    'recordings',
    /\b(?:subjects?|participants?|sessions?|recordings?|files?)\b|\bhow long\b(?!\s+did\s+(?:the |my )?(?:training|run|it)\b)|\bduration\b|受試者|被試|場次|檔案|記錄檔|多長|(?<!訓練.{0,4})多久|時長|長度|幾秒/i,
  ],
];
/**
 * The epoch whose weights a run kept, and the rule that chose it ("which epoch's weights did my run keep?", 「模型最後選的是
 * 第幾個 epoch」, "did I pick the best epoch on test?"): the training topic, not the data's epochs.
 */
export const SELECTED_EPOCH =
  /\b(?:selected|kept|best|chosen|final|last) epoch\b|\bwhich epoch(?!s\b| window| length)|\bepoch'?s? weights\b|\bweights? (?:were |was )?(?:kept|selected|chosen|saved)\b|\bselection\b|\bearly[- ]?stop\w*|第幾個\s*epoch|哪(?:一)?個\s*epoch\s*的|epoch\s*的\s*權重|最好的(?:那個|一個)?\s*epoch|選(?:了|的是)?.{0,8}epoch|best_(?:val|test)_\w+|last_epoch/i;
/** A training setting named: the training topic stays next to a result ("my accuracy with this learning rate"). */
export const SETTING =
  /\bsettings?\b|\bconfig\w*|\bhyper-?param\w*|\blearning rate\b|\blr\b|\bbatch(?: size)?\b|\boptimi[sz]er\b|(?<!\b(?:per|each|every) )\bepochs? (?:did|do|will|of training)\b|訓練了?(?:幾|多少)|設定|超參數|參數|學習率|批次|優化器/i;
/** A size asked for: the split's counts stay next to a result ("how many test trials is my accuracy on"). */
export const SIZE = /\bhow (?:many|big|large)\b|\bsize\b|多少|幾|多大/i;

/** What to try next, how to improve the result: a diagnosis of the user's own result when it names nothing else. */
export const IMPROVE =
  /\bfirst thing to (?:fix|change|try|improve)\b|(?:最|應該|該)先(?:修|改|調|處理)(?:哪|什麼)|先改.{0,12}還是|\bwhat (?:should|can|could|do) (?:i|we) (?:do|try|change)\b|\b(?:try|do|change) next\b|\bimprov\w*|\bmake (?:it|this|them|(?:this|the|my|our) \w+) (?:better|stronger|more (?:convincing|robust|reliable))\b|\bstrengthen\b|\bmost (?:useful|important|promising|urgent) (?:change|thing|fix|tweak)\b|\bwhich (?:knob|setting|parameter|step)\b[^?]{0,40}\bmatters? most\b|\bnext (?:sensible |logical |best |useful |obvious )?step\b|改進|改善|提升|接下來|更好|更有說服力|補強/i;
/**
 * A decision about the user's own Study as a whole: collect more data or tune the model ("record more subjects or keep
 * tuning this model", 「該多收幾個受試者，還是先調模型」), stop or keep going (「我的實驗現在可以收尾了嗎」). In a session with
 * a Study it is answered from what the Study's state points at (the diagnosis and next steps).
 */
export const STUDY_DECISION =
  /\b(?:more (?:data|subjects|sessions|trials|recordings)|(?:record|collect|add)(?:ing)? (?:more|another|a second|the second))\b[^?]{0,40}\b(?:or|vs\.?|versus)\b[^?]{0,30}\b(?:tun\w+|(?:a |the |my )?(?:better |bigger |different )?model|settings?|hyper-?param\w*|architecture)\b|\b(?:tun\w+|(?:a |the )?better model)\b[^?]{0,30}\bor\b[^?]{0,30}\bmore (?:data|subjects|sessions|trials)\b|\b(?:(?:record|collect|add|get)(?:ing)? (?:a few |some |a couple (?:of )?)?more|more) (?:data|subjects|people|participants|sessions|trials|recordings)\b[^?]{0,40}\b(?:than|over|instead of)\b[^?]{0,30}\b(?:tun\w+|(?:a |the |my )?(?:new |better |bigger |different )?(?:model|network|architecture|settings?)|hyper-?param\w*)\b|\bbottleneck (?:in|of|for) (?:my|our)\b[^?]{0,40}\b(?:data|model|network|settings?|preprocessing)\b|\bstop here or (?:keep going|continue|go on)\b|\bcall (?:it|this|my \w+|the \w+) (?:done|finished|a day)\b|\b(?:another|one more) (?:round|run)\b|多收.{0,12}(?:還是|或是?).{0,8}(?:調|改|換)|(?:調|改).{0,10}還是.{0,6}多收|(?:多收|補)(?:資料|數據|受試者|trial).{0,8}(?:有用|值得|比較好|還是)|我(?:們)?的?(?:資料|數據)量?.{0,6}(?:太少|不夠)|可以收尾|該收尾/i;
/** Whether a Study result is good enough: significance against chance. */
export const SIGNIFICANCE =
  /significan|\babove chance\b|\bhow (?:confident|sure|certain) can (?:i|we) be\b|\bmean (?:something|anything)\b|\bmeaningful\b|有意義|\bconfidence intervals?\b|\b(?:by|due to) (?:luck|chance)\b|可信度|信賴區間|靠運氣|運氣好|\bbe (?:just |pure )?luck\b|\bjust luck\b|\blucky\b|\bbetter than chance\b|\bbeat(?:s|ing)? chance\b|\bover chance\b|p-?value|\bchance level\b|顯著|高於機率|超過機率|機率水準|比機率|贏過機率/i;
/** Why a Study result is what it is, or what to do about it. */
export const DIAGNOSIS = new RegExp(
  `${/\bwhy\b|\bhow come\b|\bwhat(?:'s| is) wrong\b|\bat chance\b|\bstuck\b|\bnot learning\b|\bso (?:low|bad)\b|為什麼|為何|怎麼會|怎麼回事|怎麼辦|原因|卡在|很低|太低|機率附近|沒學到/i.source}|${IMPROVE.source}`,
  'i',
);
/** A methods question, not one about the Study's values ("how do I …", "should I …", "do I need …", "what is a …"). */
export const ADVICE =
  /\bshould\b|\brecommend\w*|\bbest\b|\bideal\b|\boptimal\b|\bhow (?:do|can|would|to) (?:i|we|you)\b|\bhow to\b|\b(?:do|does) (?:i|we) need\b|\bmust\b|\bneeds? to\b|建議|推薦|應該|該用|該怎麼|最好(?!的)|適合|如何(?!\s*[？?]?\s*$)|需要嗎|可以.{0,12}嗎|可不可以|能不能|(?<!有)比較(?:好|可靠|準|適合)|會比|好還是|該(?:怎|如|用|選|報|設|做|切|加)|要(?:怎麼|如何|從|用哪|選哪)/i;
/** What a term means ("what is a …", "是什麼意思"): a methods question, unless it asks what the user's own figure means. */
export const MEANING = /\bwhat is (?:a|an)\b|\bwhat does\b.*\bmean\b|是什麼意思|的意思|代表什麼/i;
/** What was done asked yes or no ("did I notch?", "我有做 notch 嗎"): answered from the history even next to advice words. */
export const DID = /\bdid (?:i|we)\b|\b(?:have|had) (?:i|we) (?:applied|used|done|filtered|loaded)\b|我(?:們)?有(?:沒有)?(?:做|套用|用|加|載入|切|濾)/i;
/** A request, not a question: it asks for a step ("train now", "resample to the current rate's half", "把取樣率降到…"). */
export const REQUEST =
  /^\s*(?:(?:please|pls|now|ok(?:ay)?|then|just)[,\s]+)*(?:resample|downsample|train|retrain|stop|start|filter|apply|set|load|run|split|epoch|use|change|make|notch|band-?pass|re-?reference|normali[sz]e|generate|evaluate|plot|export|clear|reset|select|keep|drop|remove|configure|switch|show|list|tell)\b(?!\s*(?:acc(?:uracy)?|loss(?:es)?|sets?|splits?|data|trials?|size|length|window|count|curves?|order|audit|kappa|auc|score|[/&]|vs\b|跟|和|與|\d+(?:\.\d+|\s*%)))|^\s*(?:陷波|濾波|帶通|高通|低通|重新取樣|降取樣|降採樣|切段|分段|訓練(?!花|了|跑了|時間|多久|的|集|準確|正確|loss|過程|結果|曲線)|套用|執行|載入|設定|改成|改用|換成|開始|停止|評估)|把(?![^，。？?]*(?:哪|什麼|甚麼|多少|幾|嗎|呢))|幫我|^(?:請|麻煩)(?!問)/i;
/**
 * A bare value asked of one of the Study's sets ("test acc??", "val loss?", "and the train accuracy?", "test acc 多少"):
 * in a session with a Study, a set's figure with no article is still the user's.
 */
export const BARE_SET_VALUE =
  /(?:^|[.?!。？！,，]\s*)(?:(?:and|so|ok(?:ay)?|what(?:'s| is| was| about)?|how about)\s+)*(?:the\s+)?(?:test|val(?:idation)?|train(?:ing)?)\s*(?:acc(?:uracy)?|loss|kappa|auc|f1|score|準確率|正確率)\s*(?:now\s*)?(?:[?？]+|多少|是多少|幾)\s*$/i;
/** The user's run reported finished ("ok training finished.", "訓練跑完了"): what follows asks about that run. */
export const RUN_REPORTED = /\b(?:training|the run|my run|it)(?:'s| is| has)?\s+(?:finished|done|over|complete[d]?|ended)\b|訓練(?:完|好|結束)了|跑完了/i;
/**
 * Whether the user's own result is good enough to report or publish ("can I publish this?", "我這個結果可以投稿嗎",
 * "我的結果可以寫進論文嗎"): a judgement of their figures (significance, test-set size, subjects), not a methods question.
 */
export const PUBLISHABLE =
  /\bpublish\w*|\bwrite (?:this|it|these|them|that) up\b|\breviewers?\b|\bsubmi(?:t|ssion)\b|審稿|投稿前|寫進|\b(?:this|it|these|results?|accuracy|score|numbers)\b[^.?!]{0,40}\b(?:(?:lab|group|team) meeting|poster)\b|\bpresent (?:this|it|these|them)\b|\bshow (?:this|it|these|them) (?:at|to|in)\b|\b(?:advisor|adviser|supervisor|professor|pi)\b.{0,20}\b(?:accept|say|think)\b|\btell (?:my |the |our )?(?:advisor|adviser|supervisor|professor|pi|boss|lab)\b|\bready to (?:present|report|share|show)\b|\b(?:present|show) (?:it |this )?next (?:week|month|time)\b|(?:跟|向|給)(?:指導)?(?:教授|老師|老闆).{0,8}(?:說|報告|看)|(?:放進|放到|拿去|用在).{0,8}(?:報告|簡報|海報|論文)|(?:結果|準確率|成績|這個|這樣).{0,12}(?:組會|meeting|口試|海報)|老師.{0,6}(?:看到|會怎麼|接受)|\b(?:good|strong|solid) enough\b|\bworth (?:reporting|publishing)\b|\b(?:in|into|for) (?:a |my |the )?(?:paper|thesis|journal|conference|publication)\b|投稿|論文|發表|期刊|研討會|可以(?:拿去)?(?:報告|寫)/i;
/** Whether the model learned at all ("did the model learn anything?", "有沒有學到東西"): the result against chance and the fit. */
export const LEARNED = /\blearn(?:ed|t|ing)?\s+(?:anything|something|nothing|at all)\b|學到(?:東西|什麼|任何)|有(?:沒有)?學到/i;
/** A result named, or one pointed at ("this", 這個), for a judgement of it (PUBLISHABLE). */
export const RESULT_NAMED = /\bresults?\b|\bacc(?:uracy)?\b|\bscores?\b|\bkappa\b|\bfindings?\b|\bthis\b|\bit\b|結果|準確率|正確率|分數|成績|這個|這樣/i;
/** Why a result is what it is: a diagnosis even when the chance level is named ("why is it at chance?"). */
export const WHY = /\bwhy\b|\bhow come\b|\bwhat(?:'s| is) wrong\b|為什麼|為何|怎麼會|哪裡(?:做)?錯|怎麼回事/i;
/** A summary of the whole Study asked ("what does my dataset look like, give me a summary", "我的資料概況"). */
export const SUMMARY = /\bsummar(?:y|ise|ize)\b|\boverview\b|\blook like\b|\bdescribe\b|概況|摘要|總覽|整體狀況|長什麼樣/i;
/**
 * A reason, a meaning or advice asked beside the Study's value ("why …", "what does that tell me", "is it normal", "a
 * bug?", 「正常嗎」, 「有影響嗎」, "which one do I trust"): the knowledge base's sentences give it, so they follow the facts.
 */
export const REASON_ASKED =
  /\bwhy\b|\bhow come\b|\bmean(?:s|ing)?\b|\bexplain\w*|\binterpret\w*|\btell (?:me|us)\b|\bwhat (?:should|can|could|do) (?:i|we) do\b|\bimprov\w*|\bshould\b|\brecommend\w*|\bnormal\b|\bbug\w*|\blegit\w*|\bwrong\b|\bproblem\w*|\bissues?\b|\btrust\w*|\breliab\w*|\bsuspicious\b|\btoo good\b|\baffect\w*|\bmatter\w*|\bcompar\w*|\bvs\.?\b|\bversus\b|\bbetter\b|\bworse\b|\bexpect\w*|\bworr\w*|\bwhen (?:is|should|to|would)\b|\bgood idea\b|\bcoinciden\w*|\bluck\w*|正常|問題|為什麼|為何|怎麼|意思|代表|解釋|影響|建議|該|比較|合理|巧合|運氣/i;
/** A judgement of a result's quality ("good or bad", 好嗎, 很爛): the knowledge base's scales (kappa bands) say it. */
export const QUALITY_ASKED = /\bgood\b|\bbad\b|\bok(?:ay)?\b|\bfine\b|\benough\b|\bdecent\b|好嗎|好不好|爛|差嗎|算(?:好|高|低|是)|夠(?:不夠|嗎)/i;
/** Names that hold digits (S001R04, 2a, C3, T1, F1): not figures. */
export const NAMED_WITH_DIGITS = /\b(?=\w*[a-z])(?=\w*\d)\w+\b/gi;
/** Topics whose quantities a question may name while it asks about the Study ("did I notch? isn't mains 60 Hz here?"). */
export const SETTING_TOPICS: readonly StudyTopic[] = ['filters', 'sampling', 'channels', 'window', 'events', 'recordings', 'training'];
