import * as vscode from 'vscode';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { Retriever } from '../../core/agent/controller';
import { openAgentRetriever, type AgentRetrieverStatus, type EmbeddingEndpoint } from '../../core/rag/endpointRetriever';
import { API_KEY_SECRET, readSettings } from '../config';

/** `xbrain.llm.embeddingModel` (contributes/rag.json): empty = the offline embeddings shipped in dist/kb. */
export const EMBEDDING_MODEL_SETTING = 'xbrain.llm.embeddingModel';

export interface KbOpened {
  retriever: Retriever | undefined;
  status: AgentRetrieverStatus;
  /** set on the first turn after a fallback: why the endpoint embeddings are not used (shown once in chat) */
  notice?: string;
}

let current: { key: string; opening: Promise<KbOpened> } | undefined;
let channel: vscode.LogOutputChannel | undefined;

/**
 * The agent's knowledge-base retriever in the extension: the shipped offline index, or — with
 * `xbrain.llm.endpointUrl` and `xbrain.llm.embeddingModel` set — an index built once with the endpoint's
 * embeddings (API key from SecretStorage) in globalStorage/kb and reused. Reopened when the endpoint, the model or
 * the key changes. Never throws: every failure falls back to the offline index, logged in Output › XBrain Knowledge Base.
 */
export async function agentKnowledgeBase(context: Pick<vscode.ExtensionContext, 'extensionPath' | 'globalStorageUri' | 'secrets'>): Promise<KbOpened> {
  const s = readSettings();
  const model = (vscode.workspace.getConfiguration().get<string>(EMBEDDING_MODEL_SETTING, '') ?? '').trim();
  const endpoint: EmbeddingEndpoint | undefined =
    s.endpointUrl && model ? { baseURL: s.endpointUrl, apiKey: (await context.secrets.get(API_KEY_SECRET)) ?? 'none', model } : undefined;
  const key = JSON.stringify([
    context.extensionPath,
    endpoint?.baseURL,
    endpoint?.model,
    endpoint && createHash('sha256').update(endpoint.apiKey).digest('hex'),
  ]);
  if (current?.key !== key) {
    const log = endpoint ? (line: string) => (channel ??= vscode.window.createOutputChannel('XBrain Knowledge Base', { log: true })).info(line) : undefined;
    const opening: Promise<KbOpened> = openAgentRetriever({
      offlineDir: join(context.extensionPath, 'dist', 'kb'),
      endpoint,
      cacheDir: context.globalStorageUri.fsPath,
      log,
    })
      .then((r) => ({ ...r, notice: r.status.fallbackReason }))
      .catch((e: unknown) => ({
        retriever: undefined,
        status: { mode: 'none' as const, buildRequests: 0, fallbackReason: e instanceof Error ? e.message : String(e) },
      }));
    current = { key, opening };
  }
  const entry = current;
  const opened = await entry.opening;
  if (!opened.notice) return opened;
  // the reason is shown once per opening; later turns get the retriever without it
  const { notice, ...rest } = opened;
  entry.opening = Promise.resolve(rest);
  return { ...rest, notice };
}
