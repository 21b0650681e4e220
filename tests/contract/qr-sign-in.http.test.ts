import { createAccountApi, createQrSignInApis, WEB_PLATFORM_ID } from '@teamim/adapters-http';
import { MISSING_ROUTE_CODE } from '@teamim/application';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { qrSignInContract } from './qr-sign-in.contract';
import { DEMO_PASSWORD, PEOPLE, type PersonName } from './worlds';

async function start(compat?: 'openim-3.8') {
  const server = await startTestServer({
    seed: 'demo',
    chat: { scryptCost: 1024 },
    ...(compat ? { compat } : {}),
  });
  const config = { baseURL: `${server.url}/chat` };
  const accounts = createAccountApi(config, { getToken: () => '' });
  const tokens = new Map<PersonName, string>();
  for (const person of Object.keys(PEOPLE) as PersonName[]) {
    tokens.set(
      person,
      (await accounts.loginWithPassword({ email: PEOPLE[person].email }, DEMO_PASSWORD)).chatToken,
    );
  }
  const apis = (person: PersonName | undefined) =>
    createQrSignInApis(
      config,
      { getToken: () => (person ? (tokens.get(person) ?? '') : '') },
      WEB_PLATFORM_ID,
    );
  return { server, apis };
}

qrSignInContract('HTTP adapters against the local server', async () => {
  const { server, apis } = await start();
  return {
    waitingPage: apis(undefined).waitingPage,
    confirmingDevice: (person) => apis(person).confirmingDevice,
    close: () => server.close(),
  };
});

describe('QR sign-in on a deployment without it (the openim-3.8 compatibility profile)', () => {
  let server: TestServer;
  let apis: Awaited<ReturnType<typeof start>>['apis'];
  beforeAll(async () => {
    ({ server, apis } = await start('openim-3.8'));
  });
  afterAll(async () => {
    await server.close();
  });

  it('the probe and every call miss their route, so the client hides the feature', async () => {
    const page = apis(undefined).waitingPage;
    await expect(page.probe()).rejects.toMatchObject({ code: MISSING_ROUTE_CODE });
    await expect(page.createCode('')).rejects.toMatchObject({ code: MISSING_ROUTE_CODE });
    await expect(apis('alice').confirmingDevice.scan('A'.repeat(32))).rejects.toMatchObject({
      code: MISSING_ROUTE_CODE,
    });
  });
});
