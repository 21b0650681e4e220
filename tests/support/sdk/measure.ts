// Measures what one SDK instance costs: `npx tsx tests/support/sdk/measure.ts [instances]`.
// Runs against the stand-in server so that only the SDK side is measured.
import { startStandinServer } from '../standin/server';
import { SdkHarness } from './harness';

const count = Number(process.argv[2] ?? 3);
const mb = (bytes: number): number => Math.round(bytes / 1e6);
const server = await startStandinServer();
const harness = new SdkHarness(server);
const baseline = process.memoryUsage().rss;
console.log(`baseline rss ${mb(baseline)} MB`);
for (let i = 1; i <= count; i++) {
  const started = Date.now();
  const client = await harness.loginSynced(`measure${i}`);
  const { readyMs, loginMs } = client.metrics;
  console.log(
    `instance ${i}: ready ${readyMs} ms, login ${loginMs ?? '?'} ms, synced after ${Date.now() - started} ms total, ` +
      `rss ${mb(process.memoryUsage().rss)} MB (+${mb((process.memoryUsage().rss - baseline) / i)} MB per instance)`,
  );
}
await harness.closeAll();
await new Promise((resolve) => setTimeout(resolve, 500));
console.log(`after closeAll rss ${mb(process.memoryUsage().rss)} MB`);
await server.close();
