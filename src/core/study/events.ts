/** A minimal typed emitter (no Node dependency, so it also runs in webviews and tests). */
export type Listener<T> = (value: T) => void;

export interface Disposable {
  dispose(): void;
}

export class Emitter<T> {
  private listeners = new Set<Listener<T>>();

  on(listener: Listener<T>): Disposable {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  fire(value: T): void {
    for (const l of [...this.listeners]) {
      try {
        l(value);
      } catch {
        // A failing UI listener must never break a Study mutation that has already been committed.
      }
    }
  }
}
