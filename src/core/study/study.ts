import { Emitter, type Disposable } from './events';
import { deriveStage } from './stage';
import { checkInvariants } from './invariants';
import type { ChangeKind, Stage, StudyState, UiRequest } from './types';

export interface StudyChange {
  kinds: ChangeKind[];
  stage: Stage;
  previousStage: Stage;
}

export function emptyState(): StudyState {
  return {
    recordings: [],
    loadedEvents: [],
    history: [],
    epochs: null,
    epochHistory: [],
    dataset: null,
    model: null,
    training: null,
    runs: [],
    evaluations: [],
    montage: null,
  };
}

/**
 * The single source of truth for one analysis. State is replaced, never mutated in place: `commit` validates the
 * would-be state and swaps it in one assignment, so a failure leaves the Study exactly as it was.
 */
export class Study {
  private s: StudyState;
  private rev = 0;
  private readonly changes = new Emitter<StudyChange>();
  private readonly uiRequests = new Emitter<UiRequest>();

  constructor(initial: StudyState = emptyState()) {
    checkInvariants(initial);
    this.s = initial;
  }

  get state(): Readonly<StudyState> {
    return this.s;
  }

  get stage(): Stage {
    return deriveStage(this.s);
  }

  /** Counts the changes of this Study (commits and replacements): a confirmation records the one it was asked at. */
  get revision(): number {
    return this.rev;
  }

  onDidChange(listener: (c: StudyChange) => void): Disposable {
    return this.changes.on(listener);
  }

  onUiRequest(listener: (r: UiRequest) => void): Disposable {
    return this.uiRequests.on(listener);
  }

  requestUi(r: UiRequest): void {
    this.uiRequests.fire(r);
  }

  /** All-or-nothing: the patch is applied to a copy, checked, then swapped in. Throws XBrainError on a bad patch. */
  commit(patch: Partial<StudyState>, kinds: ChangeKind[]): void {
    const next: StudyState = { ...this.s, ...patch };
    checkInvariants(next);
    const previousStage = this.stage;
    this.s = next;
    this.rev++;
    const stage = this.stage;
    const all = stage !== previousStage && !kinds.includes('stage') ? [...kinds, 'stage' as const] : kinds;
    this.changes.fire({ kinds: all, stage, previousStage });
  }

  /** Replace everything with exactly this state object (clear_dataset, roll-back after a failed plan). */
  replace(state: StudyState): void {
    checkInvariants(state);
    const previousStage = this.stage;
    this.s = state;
    this.rev++;
    const stage = this.stage;
    const kinds: ChangeKind[] = ['recordings', 'preprocessing', 'epochs', 'datasets', 'training', 'runs'];
    this.changes.fire({ kinds: stage !== previousStage ? [...kinds, 'stage'] : kinds, stage, previousStage });
  }

  /** Update one run in place of the old record (runs are small; arrays inside them are not shared). */
  updateRun(id: string, update: (r: StudyState['runs'][number]) => StudyState['runs'][number]): void {
    const i = this.s.runs.findIndex((r) => r.id === id);
    if (i < 0) return;
    const runs = this.s.runs.slice();
    runs[i] = update(runs[i]);
    this.commit({ runs }, ['runs']);
  }
}
