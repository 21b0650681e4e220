import { helpText, parseArgs } from './config';

/** `npm run server -- [options]`: runs the server until SIGINT/SIGTERM. */
async function main(): Promise<void> {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs(process.argv.slice(2), process.env);
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    process.exitCode = 2;
    return;
  }
  if (parsed.help) {
    console.log(helpText());
    return;
  }
  // Loaded only now, so that --help answers without loading the whole server.
  const { createServer } = await import('./seed/server');
  const { DEMO_PASSWORD, DEMO_USERS } = await import('./seed/demo');
  const server = await createServer({ ...parsed.config, announce: (line) => console.log(line) });
  server.app.log.info(
    {
      api: server.apiUrl,
      ws: server.wsUrl,
      chat: `${server.url}/chat`,
      dataDir: server.config.memory ? ':memory:' : server.config.dataDir,
    },
    'teamim server ready',
  );
  console.log(`TeamIM server listening on ${server.url}/ (API ${server.apiUrl}, WebSocket ${server.wsUrl})`);
  if (server.config.seed === 'demo') {
    console.log(`Demo accounts (password ${DEMO_PASSWORD}):`);
    for (const u of DEMO_USERS)
      console.log(`  ${u.nickname.padEnd(6)} ${u.email.padEnd(20)} ${u.areaCode} ${u.phoneNumber}`);
  }
  if (
    !['127.0.0.1', 'localhost', '::1'].includes(server.config.host) &&
    server.config.adminSecret === 'openIM123'
  ) {
    server.app.log.warn({}, 'listening beyond loopback with the default admin secret: set --admin-secret');
  }
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.app.log.info({ signal }, 'shutting down');
    server.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
