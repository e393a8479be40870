import type { Study } from '../../core/study/study';
import type { RunnerSession } from '../../core/notebook/runner';

/**
 * What the extension hands the notebook: an XBrainSession, or a host that wraps one (SessionHost: its `invoke`
 * also notifies panels, so prefer it when given).
 */
export type NotebookSessionSource =
  | (RunnerSession & { save?: () => Promise<void>; registry?: { isImplemented(name: string): boolean } })
  | { session: { study: Study; save?: () => Promise<void>; registry?: { isImplemented(name: string): boolean } }; invoke: RunnerSession['invoke'] };

export interface ResolvedSession {
  runner: RunnerSession;
  save?: () => Promise<void>;
  isImplemented?: (name: string) => boolean;
}

export function resolveSession(src: NotebookSessionSource): ResolvedSession {
  if ('session' in src) {
    const inner = src.session;
    return {
      runner: { study: inner.study, invoke: (n, a, o) => src.invoke(n, a, o) },
      save: inner.save ? () => inner.save!() : undefined,
      isImplemented: inner.registry ? (n) => inner.registry!.isImplemented(n) : undefined,
    };
  }
  return { runner: src, save: src.save ? () => src.save!() : undefined, isImplemented: src.registry ? (n) => src.registry!.isImplemented(n) : undefined };
}

export type GetSession = () => NotebookSessionSource | Promise<NotebookSessionSource>;
