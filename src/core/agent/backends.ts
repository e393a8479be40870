import type { LlmClient } from './llm';
import { OfflinePlanner } from './offlinePlanner';
import { OpenAiClient } from './openaiClient';

/** Builds the LLM client a front end asked for; openai reads XBRAIN_LLM_BASE_URL / _MODEL / OPENAI_API_KEY. */
export function createLlm(kind: 'offline' | 'openai' | string, env: Record<string, string | undefined>): LlmClient {
  if (kind === 'openai') {
    return new OpenAiClient({
      baseURL: env.XBRAIN_LLM_BASE_URL ?? env.OPENAI_BASE_URL ?? 'https://api.openai.com/v1',
      apiKey: env.XBRAIN_LLM_API_KEY ?? env.OPENAI_API_KEY ?? 'none',
      model: env.XBRAIN_LLM_MODEL ?? 'gpt-4o-mini',
      textProtocol: env.XBRAIN_LLM_TEXT_PROTOCOL === '1',
    });
  }
  return new OfflinePlanner();
}
