declare module 'plotly.js-cartesian-dist-min' {
  const Plotly: {
    react(el: HTMLElement, data: unknown[], layout: Record<string, unknown>, config?: Record<string, unknown>): Promise<unknown>;
    relayout(el: HTMLElement, update: Record<string, unknown>): Promise<unknown>;
    purge(el: HTMLElement): void;
  };
  export default Plotly;
}
