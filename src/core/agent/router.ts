/** Q&A (answer from the knowledge base) or operation (run tools); uses the last rounds for follow-ups. */
export type Route = 'qa' | 'operation';

const QUESTION = /^(what(?:'s| is| are| does)|why|how (?:does|do|is|are|should|can i choose|to choose)|explain (?:what|how|why|the difference)|when should|should i|which (?:model|filter|band)|is it (?:ok|better)|difference between|tell me about|什麼是|為什麼|為何|如何選|怎麼選|是什麼|解釋一下|有什麼差別|應該)/i;
/** questions about the user's own study are operations (get_study_state / get_dataset_info) */
const ABOUT_MY_STUDY = /\b(my|the loaded|current|loaded|stage|status|how many|state|files?|next|did)\b|目前|我的|多少/i;
const OPERATION_VERB = /^(please\s+)?(load|open|list|filter|band-?pass|notch|resample|epoch|split|train|start|stop|evaluate|plot|show|export|clear|reset|set|use|select|keep|rename|merge|attach|configure|run|compute|switch|apply|normali[sz]e|re-?reference|載入|讀取|濾波|帶通|切|分割|訓練|評估|畫|匯出|清除|設定|使用|選擇|開始|停止)/i;
const FOLLOW_UP = /^(and |what about|how about|why|那|那麼|為什麼)/i;

export function routeRequest(text: string, recent: { user: string; route: Route }[] = []): Route {
  const t = text.trim();
  if (OPERATION_VERB.test(t)) return 'operation';
  if (QUESTION.test(t) && !ABOUT_MY_STUDY.test(t)) return 'qa';
  const last = recent.slice(-5);
  if (last.length && last[last.length - 1].route === 'qa' && FOLLOW_UP.test(t) && !ABOUT_MY_STUDY.test(t)) return 'qa';
  if (/[?？]\s*$/.test(t) && /^(what|why|how|is|are|does|do|can|could|which)\b/i.test(t) && !ABOUT_MY_STUDY.test(t) && !/\b(you|please)\b/i.test(t)) return 'qa';
  return 'operation';
}
