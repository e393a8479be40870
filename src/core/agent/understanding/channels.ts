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
