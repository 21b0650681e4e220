import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { answerDifferences } from './real-openim/compare';
import type { Deployment } from './real-openim/deployment';
import { recording, recordingIndex } from './real-openim/recordings';
import { runScenario, type ScenarioRun } from './real-openim/scenario';

// The local server in its openim-3.8 profile, put through the scenario the real deployment was recorded
// with (tests/contract/real-openim/recordings): every answer must carry what the real one carried.
describe('the openim-3.8 profile answers as the recorded real open-im-server and chat', () => {
  const index = recordingIndex();
  let server: TestServer;
  let run: ScenarioRun;

  beforeAll(async () => {
    server = await startTestServer({
      compat: 'openim-3.8',
      // chat 1.8.4's default config hands out room tokens for this address.
      chat: { scryptCost: 1024, codeResendSeconds: 0, liveKitUrl: 'ws://127.0.0.1:7880' },
    });
    const deployment: Deployment = {
      chatUrl: `${server.url}/chat`,
      imUrl: server.apiAddr,
      async codeFor(identifier) {
        const query = new URLSearchParams({ ...identifier });
        const answer = (await (await fetch(`${server.url}/chat/dev/verify-code?${query}`)).json()) as {
          data?: { code?: string };
        };
        const code = answer.data?.code;
        if (code === undefined) throw new Error(`no code was sent to ${identifier.phoneNumber}`);
        return code;
      },
      adminImToken: () => server.adminToken(),
    };
    run = await runScenario(deployment);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('makes the calls that were recorded, in the same order', () => {
    expect(run.exchanges.map((e) => e.name)).toEqual(index.exchanges);
  });

  it.each(index.exchanges)('%s: same status, errCode, errMsg, errDlt, keys and value types', (name) => {
    const recorded = recording(name);
    const ours = run.exchanges.find((e) => e.name === name);
    expect(ours?.request.path).toBe(recorded.request.path);
    expect(answerDifferences(recorded.response, ours!.response)).toEqual([]);
  });
});
