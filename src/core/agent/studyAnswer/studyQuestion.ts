/**
 * Questions about the Study's state, stage, files or loaded data, answered by a read-only tool on the operation route
 * (get_study_state, get_dataset_info, list_files); and a tool other than those readers named.
 */
import { correctTypos } from '../understanding/lexicon';

// ---------------------------------------------------------------- is the question about the user's own Study?

/*
 * Two kinds of question are about the user's own Study, and the router (router.ts planTurn) and the offline planner
 * tell them apart with the two functions below, the only detectors of such questions:
 * - isStudyQuestion: its state, stage, files or loaded data, read by a read-only tool (get_study_state,
 *   get_dataset_info, list_files) on the operation route;
 * - studyTopics: a quantity it holds (accuracy, significance, counts, filters …), answered from the facts read here
 *   and the knowledge base.
 * A question naming any other tool asks about that tool (namesOtherTool) for both.
 */

/**
 * A tool other than the Study's readers named ("what would clear_dataset do to my epochs?", "export_epochs 會產生哪些檔案").
 * A snake_case word in a path or before "folder" ("raw_data/", "data/my_run", "s1_run.edf", "the my_runs folder") names
 * a folder or file, not a tool.
 */
export function namesOtherTool(text: string): boolean {
  return [...text.matchAll(/(?<![\w/\\.])[a-z]+_[a-z_]+(?![\w/\\]|\.\w|\s*(?:folder|directory|dir|資料夾|目錄)\b)/gi)].some(
    (m) => !/^(?:list_files|get_dataset_info|get_study_state)$/i.test(m[0]),
  );
}

/**
 * A check that a step of the user's own Study ran ("did the filter run?", "did that work?", "is the split done?", "is
 * that applied now?", 「濾波有跑嗎」, 「有成功嗎？」, 「切好了沒？」, 「設定有生效嗎」): a yes/no question whose predicate is
 * running, finishing, succeeding or taking effect. It reads the Study; it never runs the step it names.
 */
export function isStatusCheck(question: string): boolean {
  const s = question.trim();
  return (
    /^(?:(?:so|ok(?:ay)?|and|wait|hey|um+)[,\s]+)*(?:did|has|have|is|was|were)\s+(?:(?:the|my|our|that|this|it|everything|all)\b\s*)?(?:[\w-]+\s+){0,3}?(?:(?:already|actually|really|properly|successfully|correctly)\s+)?(?:run|ran|work|worked|finish|finished|complete|completed|succeed|succeeded|go through|went through|gone through|apply|applied|done|ready|over|take effect|taken effect|stick|stuck|happen|happened|been (?:run|applied|done|saved)|in effect|get applied|get (?:run|done)|take)\b[^?]*\?*\s*$/i.test(
      s,
    ) ||
    /(?:有|有沒有|是否)?\s*(?:跑|執行|成功|生效|套用|完成|做完|跑完|切好|弄好|做好|好)\s*(?:了)?\s*(?:嗎|沒|沒有|了沒|了嗎)\s*[?？]?\s*$/.test(s) ||
    // how a step just taken turned out ("how did that go?", "how'd it turn out?", 「結果怎麼樣？」, 「剛剛那個怎麼樣了」): the
    // outcome of the user's own step, with a pronoun or a result noun as its subject and nothing else asked
    /^(?:(?:so|ok(?:ay)?|and|well|hey)[,\s]+)*how(?:'d|\s+did|\s+has|\s+is|'s)\s+(?:that|it|this|everything|all\s+that|the\s+(?:last\s+)?(?:step|run|training|filter(?:ing)?|split|resampl\w*|epoching))\s+(?:go|gone|going|turn(?:ed)?\s+out|work(?:ed)?\s+out|look(?:ing)?)\b\s*[?.!]*$/i.test(
      s,
    ) ||
    /^(?:那|所以|好)?\s*(?:剛剛|剛才|前面)?(?:那個|這個|那步|這步)?\s*(?:的)?\s*(?:結果|狀況|情況)?\s*(?:怎麼樣|怎樣|如何|還好嗎)(?:了)?\s*(?:呢)?\s*[?？]?\s*$/.test(
      s,
    )
  );
}

/**
 * Questions about the user's own Study ("what stage am I in?", "how many trials per class do I have?", "目前的狀態是什麼")
 * are answered by reading it (get_study_state, get_dataset_info, list_files), not from the knowledge base. Anything
 * they would change still needs the user's confirmation (the controller's propose mode).
 */
export function isStudyQuestion(question: string): boolean {
  const s = correctTypos(question.trim());
  if (/^(?:why|為什麼|為何)|\bwhy\b|為什麼|為何|怎麼會/i.test(s)) return false;
  // "what files does export_epochs write", "export_epochs 會產生哪些檔案": the files a tool writes, not the Study's
  const aboutTool = namesOtherTool(s);
  return (
    isStatusCheck(s) ||
    /\b(?:what|which) stage\b|\bwhere am i\b|\bwhat (?:can|should) i do (?:now|next)\b|\bwhat(?:'s| is)? next\b|\bwhat now\b|\bnow what\b|\bnext step\b|\b(?:the |my )?(?:status|progress|current state|study(?:'s)? state)\b(?! of (?:the )?(?:field|research|art))/i.test(
      s,
    ) ||
    /\bhow many\b.*\b(?:do i have|have i|are (?:there|loaded)|did (?:i|we|it)|(?:in|of) (?:my|the) (?:data|study|dataset|recordings?|files?|epochs?))\b/i.test(
      s,
    ) ||
    (!aboutTool &&
      /\b(?:which|what) (?:eeg |edf |data )?(?:files|recordings)\b(?!\s+(?:do (?:i|we|you) get|does (?:it|xbrain)|will|would|are (?:written|created|exported|produced|saved)|can))|\bwhat(?:'s| is| are)\s+(?:the |my )?(?:current |new )?(?:sampling rate|sample rate|sfreq|number of (?:channels|events|epochs|trials)|channel count|data shape|shape of the data)\b|(?:目前|現在)的?(?:取樣率|通道數)|取樣率是多少|\bwhat(?:'?s| is)(?: (?:sitting|stored|kept|lying))? (?:loaded|in (?:my|the) (?:data|study|workspace|folder|recordings?|dataset))\b|\bwhat(?:'?s| is)(?: (?:sitting|stored|kept|lying))? (?:in|inside|under|within) (?:the |my )?[\w./-]+ (?:folder|directory)\b/i.test(
        s,
      )) ||
    /\bhow (?:well|good) (?:did|does|is|was) (?:the|my) (?:model|training|network|run)\b|\bwhat(?:'s| is| was) (?:my|the model's|the current) (?:accuracy|kappa|score|loss)\b|\bis (?:training|it) (?:still )?(?:running|done|finished)\b/i.test(
      s,
    ) ||
    /(?:目前|現在|我的).*(?:狀態|階段|進度)|(?:狀態|階段|進度).*(?:是什麼|如何|呢)|下一步|我(?:的資料)?有(?:多少|幾)|(?:資料|數據)(?:裡|中)?(?:面)?有(?:多少|幾)|每(?:一)?類(?:各)?有(?:幾|多少)|有(?:幾|多少)個?\s*(?:epoch|trial|試次|事件)|載入了什麼|模型表現如何|訓練(?:得)?怎麼樣/.test(
      s,
    ) ||
    (!aboutTool && /哪些檔案?|(?:什麼|甚麼)檔案/.test(s)) ||
    // a setting of the user's own run or configuration ("which batch size did the last run use?", 「上次訓練用的學習率是多少？」),
    // the run's progress (「目前訓練到第幾個 epoch 了？」) and the sizes of their splits ("how many epochs ended up in the training set?")
    /\b(?:which|what)\s+(?:batch(?:\s*size)?|learning rate|lr|optimi[sz]er|model|seed|number of epochs|epoch count)\b.*\b(?:(?:the|my|our|this)\s+(?:last|previous|current|latest)\s+(?:run|training|model|config(?:uration)?)|(?:did|do|does|was|is)\s+(?:i|we|you|it|(?:my|our|the|this)\s+(?:last\s+|latest\s+|previous\s+|current\s+)?(?:run|training|model|config(?:uration)?))\s+(?:use|train|set|pick|choose|run with|trained with|using))\b/i.test(
      s,
    ) ||
    /\bhow many\b.*\b(?:in|of|for)\s+(?:the\s+|my\s+)?(?:training|test|validation|val)\s+(?:set|split|part|fold)\b/i.test(s) ||
    /(?:上次|上一次|剛剛|剛才|目前|現在|這次)(?:的)?(?:訓練|模型|run)?(?:用的|用了|設的|的)?.{0,6}(?:學習率|批次|batch|epoch|輪數|模型|優化器).{0,6}(?:是多少|是什麼|是哪個|多少|幾)|(?:訓練|跑)到(?:第)?\s*(?:幾|多少)/i.test(
      s,
    )
  );
}
