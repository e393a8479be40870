// The few vscode classes the notebook serializer uses, shaped like the real API (vscode exists only inside VS Code).
export enum NotebookCellKind {
  Markup = 1,
  Code = 2,
}
export class NotebookCellOutputItem {
  constructor(
    public data: Uint8Array,
    public mime: string,
  ) {}
  static json(value: unknown, mime = 'application/json') {
    return new NotebookCellOutputItem(new TextEncoder().encode(JSON.stringify(value)), mime);
  }
}
export class NotebookCellOutput {
  constructor(
    public items: NotebookCellOutputItem[],
    public metadata?: Record<string, unknown>,
  ) {}
}
export class NotebookCellData {
  outputs?: NotebookCellOutput[];
  metadata?: Record<string, unknown>;
  executionSummary?: { executionOrder?: number; success?: boolean; timing?: { startTime: number; endTime: number } };
  constructor(
    public kind: NotebookCellKind,
    public value: string,
    public languageId: string,
  ) {}
}
export class NotebookData {
  metadata?: Record<string, unknown>;
  constructor(public cells: NotebookCellData[]) {}
}
