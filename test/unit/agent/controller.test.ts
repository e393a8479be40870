import { describe, it, expect } from 'vitest';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AgentController } from '../../../src/core/agent/controller';
import { OfflinePlanner } from '../../../src/core/agent/offlinePlanner';
import { mockSession } from '../../../src/core/agent/simulatedStudy';
import { useFreshTrainer } from './simulatedTrainer';
import { Conversation } from '../../../src/core/agent/conversation';
import type { AgentEvent } from '../../../src/core/agent/events';
import type { Stage } from '../../../src/core/study/types';
import { repoRoot } from '../helpers/paths';
import { ScriptedLlm, call } from './scripted';

useFreshTrainer();

const env = () => ({ workspace: mkdtempSync(join(tmpdir(), 'xbrain-agent-')), packageRoot: repoRoot, trusted: true });
async function setup(stage: Stage, llm = new OfflinePlanner() as ConstructorParameters<typeof AgentController>[0]['llm'], confirm?: () => Promise<boolean>) {
  const session = await mockSession(env(), stage);
  const events: AgentEvent[] = [];
  const agent = new AgentController({ llm, session, confirm, onEvent: (e) => events.push(e) });
  return { session, events, agent };
}

describe('ReAct controller with the offline planner on the simulated Study (real tools)', () => {
  it('runs a multi-step request in order, moving the stage, with typed events', async () => {
    const { session, events, agent } = await setup('empty');
    const r = await agent.run('load S001R04.edf then band-pass 8 to 30 Hz then epoch 0 to 4 s around T1 and T2');
    expect(r.calls.map((c) => c.tool)).toEqual(['load_data', 'apply_bandpass_filter', 'epoch_data']);
    expect(r.calls.every((c) => c.result.type !== 'error')).toBe(true);
    expect(session.study.stage).toBe('preprocessed');
    expect(session.study.state.epochs?.nEpochs).toBe(15);
    expect(session.study.state.history.map((h) => h.op)).toEqual(['bandpass_filter', 'epoch_data']);
    const types = events.map((e) => e.type);
    expect(types[0]).toBe('step_start');
    expect(types).toContain('plan_start');
    expect(types.filter((t) => t === 'action_start')).toHaveLength(3);
    expect(types.filter((t) => t === 'observation')).toHaveLength(3);
    expect(types.indexOf('plan_end')).toBeGreaterThan(types.lastIndexOf('exec_result'));
    expect(r.answer).toContain('epoch_data(t_min=0, t_max=4, event_id=["T1","T2"])');
    expect(r.answer).toContain('Stage: preprocessed');
  });

  it('stops a plan at the first failure, skips the rest and leaves the Study as it was', async () => {
    const { session, agent } = await setup('data_loaded');
    const before = session.study.state;
    const r = await agent.run('epoch 0 to 4 s around T9 then split by trial');
    expect(r.calls).toHaveLength(1);
    expect(r.calls[0].result.type).toBe('error');
    expect(r.calls[0].result.content).toMatch(/unknown event\(s\) T9/);
    expect(session.study.state).toBe(before);
  });

  it('a tool of the wrong stage is refused with what to do first; nothing changes', async () => {
    const { session, agent } = await setup('empty');
    const r = await agent.run('band-pass 8 to 30 Hz');
    expect(r.calls[0].result.error?.code).toBe('stage_unavailable');
    expect(r.calls[0].result.content).toMatch(/load recordings with load_data/);
    expect(session.study.stage).toBe('empty');
  });

  it('confirmation pauses the loop: rejection leaves the Study intact, approval resumes and trains', async () => {
    let asked = '';
    const rejecting = await setup('dataset_ready', undefined, async () => false);
    const r1 = await rejecting.agent.run('start training');
    expect(r1.calls[0].result.meta.rejected).toBe(true);
    expect(rejecting.session.study.state.runs).toHaveLength(0);
    expect(rejecting.events.some((e) => e.type === 'confirm_request' && e.tool === 'start_training')).toBe(true);
    expect(r1.answer).toMatch(/did not confirm/);

    const approving = await setup('dataset_ready', undefined, () => new Promise((res) => setTimeout(() => res(true), 20)));
    approving.agent['o'].awaitLongJobs = true; // as the CLI does: the real training runs to the end
    approving.agent['o'].confirm = async (q) => {
      asked = q.question;
      await new Promise((res) => setTimeout(res, 10));
      return true;
    };
    const r2 = await approving.agent.run('train SCCNet for 5 epochs with batch 8');
    expect(asked).toMatch(/Train SCCNet/);
    expect(approving.session.study.stage).toBe('trained');
    expect(approving.session.study.state.runs[0].config.epoch).toBe(5);
    expect(r2.calls.map((c) => c.tool)).toEqual(['set_model', 'configure_training', 'start_training']);
  });

  it('skipping ahead ("train now" on raw data) goes through the same confirmation with the defaults listed', async () => {
    let question = '';
    let unrequested: string[] = [];
    let steps: string[] = [];
    const { session, agent } = await setup('data_loaded', undefined, async () => true);
    agent['o'].confirm = async (q) => ((question = q.question), (steps = q.steps.map((s) => s.tool)), (unrequested = q.unrequested.map((s) => s.tool)), true);
    await agent.run('train now');
    expect(question).toMatch(/apply_bandpass_filter\(low_freq=4, high_freq=40\)/);
    expect(question).toMatch(/generate_dataset/);
    // the request named training only: every default step before it is marked as not asked for (--yes leaves them)
    expect(steps.at(-1)).toBe('start_training');
    expect(unrequested).toEqual(steps.slice(0, -1));
    expect(unrequested).toEqual(expect.arrayContaining(['apply_bandpass_filter', 'epoch_data', 'generate_dataset']));
    expect(session.study.stage).toBe('trained');
  });

  it('Q&A vs operation routing, the conversation window and token accounting', async () => {
    const { agent } = await setup('empty');
    const qa = await agent.run('What is a band-pass filter?');
    expect(qa.route).toBe('qa');
    expect(qa.calls).toHaveLength(0);
    await agent.run('load S001R04.edf');
    expect(agent.conversation.turns.map((t) => t.route)).toEqual(['qa', 'operation']);
    expect(agent.usage.byRole.controller?.calls).toBeGreaterThan(0);
    expect(agent.usage.total().promptTokens).toBeGreaterThan(0);
  });
});

describe('ReAct controller guards (scripted model)', () => {
  it('domain checks reject a band edge above Nyquist and feed the reason back; the model corrects itself', async () => {
    const llm = new ScriptedLlm([
      () => ({ toolCalls: [call('apply_bandpass_filter', { low_freq: 8, high_freq: 100 })] }),
      () => ({ toolCalls: [call('apply_bandpass_filter', { low_freq: 8, high_freq: 30 })] }),
      () => ({ content: 'Filtered.' }),
    ]);
    const { session, agent } = await setup('data_loaded', llm);
    const r = await agent.run('filter');
    // the filters' own limit (signal/params.checkBand), in the tool's argument names
    expect(r.calls[0].result.content).toMatch(/high_freq: 100 Hz must lie between 0 and Nyquist \(80 Hz at 160 Hz sampling\)/);
    const fed = llm.requests[1].messages.find((m) => m.role === 'tool');
    expect(fed?.content).toMatch(/REJECTED before running: high_freq: 100 Hz/);
    expect(session.study.state.history).toHaveLength(1);
    expect(r.answer.startsWith('Filtered.')).toBe(true);
  });

  it('the system prompt is rebuilt each step from the Study (stage and tools change)', async () => {
    const llm = new ScriptedLlm([() => ({ toolCalls: [call('load_data', { paths: ['S001R04.edf'] })] }), () => ({ content: 'done' })]);
    const { agent } = await setup('empty', llm);
    await agent.run('load');
    const s0 = llm.requests[0].messages[0].content;
    const s1 = llm.requests[1].messages[0].content;
    expect(s0).toMatch(/Current stage: empty/);
    expect(s1).toMatch(/Current stage: data_loaded/);
    expect(llm.requests[0].tools.map((t) => t.name)).not.toContain('apply_bandpass_filter');
    expect(llm.requests[1].tools.map((t) => t.name)).toContain('apply_bandpass_filter');
  });

  it('broken output is retried twice, then the run stops', async () => {
    const llm = new ScriptedLlm([() => ({ content: '```json\n{"tool_name": "load_data", "parameters": {', broken: 'unterminated JSON' })]);
    const { agent } = await setup('empty', llm);
    const r = await agent.run('load');
    expect(r.stoppedBy).toBe('broken_output');
    expect(llm.requests).toHaveLength(3);
    expect(llm.requests[1].messages.at(-1)?.content).toMatch(/broken tool call/);
  });

  it('three failing tool calls in a row stop the run', async () => {
    const llm = new ScriptedLlm([
      () => ({ toolCalls: [call('epoch_data', { t_min: 0, t_max: 4, event_id: ['X1'] })] }),
      () => ({ toolCalls: [call('epoch_data', { t_min: 0, t_max: 4, event_id: ['X2'] })] }),
      () => ({ toolCalls: [call('epoch_data', { t_min: 0, t_max: 4, event_id: ['X3'] })] }),
      () => ({ content: 'never reached' }),
    ]);
    const { agent, session } = await setup('data_loaded', llm);
    const r = await agent.run('epoch');
    expect(r.stoppedBy).toBe('tool_failures');
    expect(llm.requests).toHaveLength(3);
    expect(session.study.stage).toBe('data_loaded');
  });

  it('the same call three times in the last ten is a loop', async () => {
    const llm = new ScriptedLlm([() => ({ toolCalls: [call('get_study_state')] })]);
    const { agent } = await setup('empty', llm);
    const r = await agent.run('what now');
    expect(r.stoppedBy).toBe('loop');
    expect(r.calls).toHaveLength(2);
  });

  it('a step limit bounds the loop', async () => {
    let k = 0;
    const llm = new ScriptedLlm([() => ({ toolCalls: [call('list_files', { directory: `d${k++}` })] })]);
    const session = await mockSession(env(), 'empty');
    // real folders to list (the simulated workspace holds only its recordings and data/)
    for (let i = 0; i < 6; i++) mkdirSync(join(session.env.workspace, `d${i}`));
    const agent = new AgentController({ llm, session, maxSteps: 4 });
    const r = await agent.run('list');
    expect(r.stoppedBy).toBe('max_steps');
    expect(r.steps).toBe(4);
  });

  it('an unknown tool and paths outside the workspace come back as errors the model can read', async () => {
    const llm = new ScriptedLlm([
      () => ({ toolCalls: [call('apply_bandpass', { low_freq: 8, high_freq: 30 })] }),
      () => ({ toolCalls: [call('load_data', { paths: ['/etc/passwd.edf'] })] }),
      () => ({ content: 'ok' }),
    ]);
    const { agent, session } = await setup('empty', llm);
    const r = await agent.run('band-pass and load the data'); // any request: the scripted model decides the calls
    expect(r.calls[0].result.error?.code).toBe('unknown_tool');
    expect(r.calls[0].result.content).toMatch(/did you mean 'apply_bandpass_filter'/);
    expect(r.calls[1].result.content).toMatch(/outside the workspace/);
    expect(session.study.stage).toBe('empty');
  });

  it('persists the conversation per workspace', async () => {
    const e = env();
    const session = await mockSession(e, 'empty');
    const conv = await Conversation.load(e.workspace);
    await new AgentController({ llm: new OfflinePlanner(), session, conversation: conv }).run('load S001R04.edf');
    const again = await Conversation.load(e.workspace);
    expect(again.turns).toHaveLength(1);
    expect(again.turns[0].messages.some((m) => m.role === 'assistant' && m.toolCalls?.[0]?.name === 'load_data')).toBe(true);
    // the next request sees the previous one: "do it again" after a correction-capable turn
    const w = again.window();
    expect(w[0]).toMatchObject({ role: 'user', content: 'load S001R04.edf' });
  });
});
