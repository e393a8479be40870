import * as vscode from 'vscode';
import type { SessionHost } from '../sessionHost';
import { summarizeStudy, countEvents } from '../../core/study/summary';
import { describeStage } from '../../core/study/stageLabels';

/** A node of the Study tree: a label, optional detail, children computed on expansion. */
export interface StudyNode {
  id: string;
  label: string;
  description?: string;
  tooltip?: string;
  icon?: string;
  contextValue?: string;
  children?: () => StudyNode[];
}

/**
 * The Study as a tree: recordings (channels, events), preprocessing history, epochs per class, dataset splits and
 * runs with status and last metrics. Rebuilt from the Study on every change event; never computes anything itself.
 */
export class StudyTreeProvider implements vscode.TreeDataProvider<StudyNode>, vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<StudyNode | undefined>();
  readonly onDidChangeTreeData = this.emitter.event;
  private readonly sub: vscode.Disposable;

  constructor(private readonly host: SessionHost) {
    this.sub = host.onDidChange(() => this.emitter.fire(undefined));
  }

  getTreeItem(n: StudyNode): vscode.TreeItem {
    const item = new vscode.TreeItem(n.label, n.children ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None);
    item.id = n.id;
    item.description = n.description;
    item.tooltip = n.tooltip;
    item.contextValue = n.contextValue;
    if (n.icon) item.iconPath = new vscode.ThemeIcon(n.icon);
    return item;
  }

  getChildren(n?: StudyNode): StudyNode[] {
    return n ? (n.children?.() ?? []) : rootNodes(this.host);
  }

  dispose(): void {
    this.sub.dispose();
    this.emitter.dispose();
  }
}

export function rootNodes(host: SessionHost): StudyNode[] {
  const state = host.session.study.state;
  const s = summarizeStudy(state);
  const nodes: StudyNode[] = [
    { id: 'stage', label: 'Stage', description: s.stage + (host.trusted ? '' : ' (untrusted: read-only)'), tooltip: describeStage(s.stage), icon: 'pulse' },
    {
      id: 'recordings',
      label: 'Recordings',
      description: String(s.recordings.length),
      icon: 'file-binary',
      children: () =>
        state.recordings.map((r, i) => ({
          id: `rec:${i}`,
          label: s.recordings[i].file,
          description: `${r.channels.length} ch · ${r.sfreq} Hz · ${r.epochs ? `${r.epochs.count} epochs` : `${(r.nTimes / r.sfreq).toFixed(1)} s`}`,
          tooltip: r.path,
          icon: 'pulse',
          contextValue: 'recording',
          children: () => [
            {
              id: `rec:${i}:ch`,
              label: 'Channels',
              description: String(r.channels.length),
              icon: 'list-flat',
              children: () => r.channels.map((c, j) => ({ id: `rec:${i}:ch:${j}`, label: c.name, description: `${c.type} · ${c.unit}` })),
            },
            {
              id: `rec:${i}:ev`,
              label: 'Events',
              description: String(r.events.codes.length),
              icon: 'symbol-event',
              children: () =>
                Object.entries(countEvents(r.events.codes, r.events.eventId)).map(([k, v]) => ({ id: `rec:${i}:ev:${k}`, label: k, description: String(v) })),
            },
          ],
        })),
    },
    {
      id: 'history',
      label: 'Preprocessing',
      description: s.history.length ? String(s.history.length) : 'none',
      icon: 'filter',
      children: () =>
        [...state.history, ...state.epochHistory].map((h, i) => ({
          id: `hist:${i}`,
          label: h.description,
          description: h.op,
          tooltip: JSON.stringify(h.params),
        })),
    },
  ];
  if (s.epochs) {
    const e = s.epochs;
    nodes.push({
      id: 'epochs',
      label: 'Epochs',
      description: `${e.count} × ${e.channels} ch × ${e.times}`,
      icon: 'layers',
      contextValue: 'epochs',
      children: () => Object.entries(e.perClass).map(([k, v]) => ({ id: `ep:${k}`, label: k, description: `${v} epochs` })),
    });
  }
  if (s.dataset) {
    const d = s.dataset;
    nodes.push({
      id: 'dataset',
      label: 'Dataset',
      description: `${d.splits.length} split(s) · ${d.config.split_strategy}`,
      icon: 'split-horizontal',
      children: () => d.splits.map((sp, i) => ({ id: `split:${i}`, label: sp.name, description: `train ${sp.train} · val ${sp.val} · test ${sp.test}` })),
    });
  }
  if (s.model) nodes.push({ id: 'model', label: 'Model', description: s.model.name, icon: 'circuit-board' });
  nodes.push({
    id: 'runs',
    label: 'Runs',
    description: String(s.runs.length),
    icon: 'run-all',
    children: () =>
      s.runs.map((r) => ({
        id: `run:${r.id}`,
        label: `${r.split} · repeat ${r.repeat}`,
        description: `${r.status} · ${r.epochs} epoch(s)${r.last?.val ? ` · val acc ${(r.last.val.accuracy * 100).toFixed(1)}%` : ''}`,
        tooltip: r.error,
        icon: r.status === 'running' ? 'sync~spin' : r.status === 'done' ? 'pass' : r.status === 'failed' ? 'error' : 'debug-stop',
        contextValue: `run.${r.status}`,
      })),
  });
  return nodes;
}
