/**
 * Records the answers of a running real OpenIM + chat deployment to the contract scenario (scenario.ts),
 * for the differential tests in `npm test` (real-openim.*.test.ts). It only talks to the deployment; it
 * builds and starts nothing. Run it where the deployment is reachable, e.g. inside the network namespace
 * of `npm run test:openim`'s stack (docs/deploying-with-openim.md, "Contract recordings"):
 *
 *   ip netns exec teamim-openim npx tsx tests/contract/real-openim/record.ts \
 *     --server v3.8.3-patch.12 --chat-version v1.8.4
 *
 * Options (defaults are the stack's loopback ports and chat's default config): --chat
 * http://127.0.0.1:10008, --im http://127.0.0.1:10002, --admin http://127.0.0.1:10009, --super-code
 * 666666, --admin-account chatAdmin, --admin-password chatAdmin, --out
 * tests/contract/real-openim/recordings/openim-3.8.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { call, type Deployment } from './deployment';
import { RECORDINGS_DIR, type RecordingIndex } from './recordings';
import { runScenario } from './scenario';

const { values } = parseArgs({
  options: {
    chat: { type: 'string', default: 'http://127.0.0.1:10008' },
    im: { type: 'string', default: 'http://127.0.0.1:10002' },
    admin: { type: 'string', default: 'http://127.0.0.1:10009' },
    'super-code': { type: 'string', default: '666666' },
    'admin-account': { type: 'string', default: 'chatAdmin' },
    'admin-password': { type: 'string', default: 'chatAdmin' },
    server: { type: 'string' },
    'chat-version': { type: 'string' },
    out: { type: 'string', default: RECORDINGS_DIR },
  },
});
if (values.server === undefined || values['chat-version'] === undefined) {
  console.error('Say what is recorded: --server <open-im-server version> --chat-version <chat version>');
  process.exit(2);
}

const deployment: Deployment = {
  chatUrl: values.chat,
  imUrl: values.im,
  // chat's default config accepts its super code for any account and purpose.
  codeFor: () => Promise.resolve(values['super-code']),
  async adminImToken() {
    const password = createHash('md5').update(values['admin-password']).digest('hex');
    const answer = await call(
      { ...deployment, chatUrl: values.admin },
      'chat',
      'POST',
      '/account/login',
      '',
      { account: values['admin-account'], password },
    );
    const token = (answer.body as { data?: { imToken?: unknown } }).data?.imToken;
    if (typeof token !== 'string') throw new Error(`chat admin login failed: ${JSON.stringify(answer.body)}`);
    return token;
  },
};

const run = await runScenario(deployment);
mkdirSync(values.out, { recursive: true });
for (const file of readdirSync(values.out)) if (file.endsWith('.json')) rmSync(join(values.out, file));
for (const exchange of run.exchanges) {
  writeFileSync(join(values.out, `${exchange.name}.json`), `${JSON.stringify(exchange, null, 2)}\n`);
}
const index: RecordingIndex = {
  server: values.server,
  chat: values['chat-version'],
  recordedOn: new Date().toISOString().slice(0, 10),
  exchanges: run.exchanges.map((e) => e.name),
};
writeFileSync(join(values.out, 'index.json'), `${JSON.stringify(index, null, 2)}\n`);
console.log(`${run.exchanges.length} exchanges recorded into ${values.out}`);
