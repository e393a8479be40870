/**
 * 10-20/10-10 channel names in a request ("C3", "fp1", "Cz"), spelled as montages spell them. Its own module
 * because both the planner's rules and the conversation's references read them, and references.ts is imported by
 * plannerRules.ts (an import the other way would be a cycle).
 */
export const CHANNEL = /\b(?:Fp[12z]|AF[z3478]|F[z1-8]|FC[z1-6]|FT[78]|C[z1-6]|CP[z1-6]|TP[78]|T[7-9]|T10|P[z1-8]|PO[z3478]|O[z12]|Iz|A[12]|M[12])\b/gi;

export function channelsIn(s: string): string[] {
  const out: string[] = [];
  for (const m of s.matchAll(CHANNEL)) {
    const c = m[0];
    const norm = c.length <= 2 ? c[0].toUpperCase() + c.slice(1).toLowerCase() : c.slice(0, -1).toUpperCase() + c.slice(-1).toLowerCase();
    const fixed = norm.replace(/^FP/, 'Fp');
    if (!out.includes(fixed)) out.push(fixed);
  }
  return out;
}

/**
 * Scalp regions by name, as the 10-10 system groups its electrodes: frontal = the Fp, AF and F rows (fronto-central
 * FC and fronto-temporal FT lie between rows and are not frontal), and so on. "EOG" names the ocular channels.
 */
const REGIONS: [words: RegExp, member: RegExp][] = [
  [/\b(?:pre-?frontal|fronto-?polar)\b|前額/i, /^Fp/i],
  [/\bfrontal\b|\bfront(?:\s+(?:row|ones|channels|electrodes|sites))\b|額葉|額區|額部|前部/i, /^(?:Fp|AF|F)(?:\d|z)/i],
  [/\bcentral\b|中央區|中央/i, /^C(?:\d|z)/i],
  [/\bparietal\b|頂葉|頂區/i, /^P(?:\d|z)/i],
  [/\boccipital\b|枕葉|枕區|後腦/i, /^O(?:\d|z)/i],
  [/\btemporal\b|顳葉|顳區/i, /^T(?:\d)/i],
  [/\b(?:EOG|eye|ocular)\b|眼電|眼動/i, /EOG/i],
];

/** The channels of the Study in the regions the text names ("the frontal ones", 「額葉的通道」), or null when it names none. */
export function regionChannels(text: string, names: readonly string[]): string[] | null {
  const hit = REGIONS.filter(([w]) => w.test(text));
  if (!hit.length) return null;
  return names.filter((n) => hit.some(([, member]) => member.test(n)));
}

/** Nothing but region words, channel names and the words between them. */
function onlyRegions(text: string): boolean {
  let rest = text.replace(new RegExp(CHANNEL.source, 'gi'), ' ');
  for (const [w] of REGIONS) rest = rest.replace(new RegExp(w.source, 'gi'), ' ');
  return /^(?:[\s,，、&/]|\b(?:the|all|and|or|both|ones?|channels?|electrodes?|sensors?|sites?|leads?)\b|的|通道|電極|和|跟|與|及|都|全部|通通)*$/i.test(rest);
}

const ALL = String.raw`(?:all|every|each|everything|the\s+rest)(?:\s+(?:of\s+the\s+)?(?:channels?|electrodes?|sensors?|one|ones))?`;
const BUT = String.raw`(?:except(?:\s+for)?|but(?:\s+not)?|other\s+than|apart\s+from|besides|minus|excluding|save\s+for|without)`;
/** "keep every channel except the frontal ones", "use all channels but T9 and T10", "keep everything except Iz". */
const KEEP_ALL_BUT = new RegExp(String.raw`^(?:please\s+)?(?:keep|use|retain|select|leave|take)\s+(?:in\s+)?${ALL}\s+${BUT}\s+(.+)$`, 'i');
/** 「除了 Fp1、Fp2 以外都留著」, 「除了額葉以外的通道都保留」: everything kept but what 除了 names. */
const KEEP_ALL_BUT_ZH =
  /^除了\s*(.+?)\s*(?:以外|之外)\s*(?:的)?\s*(?:其他|其餘|別的)?\s*(?:的)?\s*(?:通道|電極|channels?)?\s*(?:都|全部|通通|全)?\s*(?:留著|留下|保留|要|用|使用|留)/i;
/** "drop the frontal channels", 「額葉的通道都拿掉」, 「拿掉額葉通道」: a region removed. */
const DROP_REGION =
  /^(?:please\s+)?(?:drop|remove|delete|discard|exclude|reject|get rid of|ditch|toss(?:\s+out)?|lose|throw out|leave out|take out|cut out)\s+(?:all\s+)?(?:the\s+)?(.+?)\s*(?:channels?|electrodes?|sensors?|ones|sites)?$|^(?:拿掉|刪掉|去掉|移除|丟掉|剔除|排除|刪除|不要|砍掉)\s*(.+)$|^(.+?)(?:的)?\s*(?:通道|電極)?\s*(?:都|全部|通通)?\s*(?:拿掉|刪掉|去掉|移除|丟掉|剔除|排除|刪除|不要|砍掉)$/i;

/**
 * The channels kept when a request removes some from all of them: by name ("all channels but T9 and T10") or by region
 * ("every channel except the frontal ones", "drop the occipital channels"). Null when the text is not such a request;
 * the names the recordings do not have are returned in `unknown`.
 */
export function keptAllBut(text: string, names: readonly string[]): { keep: string[]; unknown: string[] } | null {
  const t = text.trim().replace(/[.!。！]+$/, '');
  const all = KEEP_ALL_BUT.exec(t) ?? KEEP_ALL_BUT_ZH.exec(t);
  const drop = all
    ? all[1]
    : (() => {
        const m = DROP_REGION.exec(t);
        const what = m ? (m[1] ?? m[2] ?? m[3] ?? '') : '';
        // a removal names only a region here ("drop the frontal channels"; never "drop the temporal smoothing"); a removal
        // by channel name is read by the planner's own rule
        return what && regionChannels(what, names) && onlyRegions(what) ? what : null;
      })();
  if (!drop) return null;
  const region = regionChannels(drop, names) ?? [];
  const named = channelsIn(drop);
  if (!region.length && !named.length) return null;
  const lower = new Set([...region, ...named].map((c) => c.toLowerCase()));
  const unknown = named.filter((c) => !names.some((n) => n.toLowerCase() === c.toLowerCase()));
  return { keep: names.filter((n) => !lower.has(n.toLowerCase())), unknown };
}
