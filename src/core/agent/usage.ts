import type { TokenUsage } from './llm';

export type AgentRole = 'router' | 'controller' | 'qa' | 'summary' | 'reviewer';

export interface RoleUsage extends TokenUsage {
  calls: number;
  /** USD, when prices are known */
  cost: number;
}

/** Token and cost accounting per agent role; prices are per million tokens (0 for local models). */
export class UsageMeter {
  readonly byRole: Partial<Record<AgentRole, RoleUsage>> = {};

  constructor(private readonly price: { input: number; output: number } = { input: 0, output: 0 }) {}

  add(role: AgentRole, u: TokenUsage): void {
    const r = (this.byRole[role] ??= { promptTokens: 0, completionTokens: 0, calls: 0, cost: 0 });
    r.promptTokens += u.promptTokens;
    r.completionTokens += u.completionTokens;
    r.calls += 1;
    r.cost += (u.promptTokens * this.price.input + u.completionTokens * this.price.output) / 1e6;
  }

  total(): RoleUsage {
    const t = { promptTokens: 0, completionTokens: 0, calls: 0, cost: 0 };
    for (const r of Object.values(this.byRole)) {
      t.promptTokens += r.promptTokens;
      t.completionTokens += r.completionTokens;
      t.calls += r.calls;
      t.cost += r.cost;
    }
    return t;
  }
}
