import { randomUUID } from 'node:crypto';

/** A question waiting for the user's yes: the call, and what it said would happen on which Study revision. */
export interface PendingConfirmation {
  tool: string;
  arguments: Record<string, unknown>;
  question: string;
  revision: number;
  createdAt: number;
}

export type Redeemed = { ok: true; pending: PendingConfirmation } | { ok: false; reason: 'unknown' | 'expired' };

/**
 * Confirmation tokens for front ends where the yes comes as a separate message (MCP `confirm_action`). A token is
 * bound to the call and to the question it answers (the registry re-plans on redemption and asks again if the Study
 * changed the question); it lasts `ttlMs` and is used once; at most `max` wait — the oldest goes first.
 */
export class ConfirmationBook {
  private readonly pending = new Map<string, PendingConfirmation>();

  constructor(
    readonly ttlMs = 10 * 60_000,
    readonly max = 32,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.pending.size;
  }

  issue(p: Omit<PendingConfirmation, 'createdAt'>): string {
    this.sweep();
    while (this.pending.size >= this.max) this.pending.delete(this.pending.keys().next().value as string);
    const token = randomUUID();
    this.pending.set(token, { ...p, createdAt: this.now() });
    return token;
  }

  redeem(token: string): Redeemed {
    const p = this.pending.get(token);
    if (!p) return { ok: false, reason: 'unknown' };
    this.pending.delete(token);
    if (this.now() - p.createdAt > this.ttlMs) return { ok: false, reason: 'expired' };
    return { ok: true, pending: p };
  }

  private sweep(): void {
    const t = this.now();
    for (const [k, p] of this.pending) if (t - p.createdAt > this.ttlMs) this.pending.delete(k);
  }
}
