import type { RawAnswer } from './deployment';

const ENVELOPE_FIELDS = ['errCode', 'errMsg', 'errDlt'] as const;

function kind(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function isEnvelope(value: unknown): value is Record<string, unknown> {
  return kind(value) === 'object' && typeof (value as Record<string, unknown>)['errCode'] === 'number';
}

/**
 * Where an answer differs from the recorded one, one line per difference (empty when they agree):
 * - the HTTP status and media type must be the same;
 * - a body that is not JSON (gin's `404 page not found`) must be the same text;
 * - the envelope's `errCode`, `errMsg` and `errDlt` must be the same values;
 * - everything else (`data`) must have the same keys and value types at every depth, and lists the same
 *   length, element by element; the values themselves are ids, tokens and times, which differ by run.
 * Both answers are expected normalised with their own run's substitutions (normalise.ts), so object keys
 * made of ids (the conversation ids of `pull_msg_by_seq`) compare by name.
 */
export function answerDifferences(recorded: RawAnswer, actual: RawAnswer): string[] {
  const out: string[] = [];
  if (recorded.status !== actual.status)
    out.push(`HTTP status: ${recorded.status} recorded, ${actual.status} now`);
  if (recorded.contentType !== actual.contentType) {
    out.push(`content type: ${recorded.contentType} recorded, ${actual.contentType} now`);
  }
  if (typeof recorded.body === 'string' || typeof actual.body === 'string') {
    if (recorded.body !== actual.body) {
      out.push(`body: ${JSON.stringify(recorded.body)} recorded, ${JSON.stringify(actual.body)} now`);
    }
    return out;
  }
  if (isEnvelope(recorded.body) && isEnvelope(actual.body)) {
    for (const field of ENVELOPE_FIELDS) {
      const [r, a] = [recorded.body[field], actual.body[field]];
      if (r !== a) out.push(`${field}: ${JSON.stringify(r)} recorded, ${JSON.stringify(a)} now`);
    }
  }
  shapeDifferences(recorded.body, actual.body, 'body', out);
  return out;
}

function shapeDifferences(recorded: unknown, actual: unknown, path: string, out: string[]): void {
  const [r, a] = [kind(recorded), kind(actual)];
  if (r !== a) {
    out.push(`${path}: ${r} recorded, ${a} now`);
    return;
  }
  if (r === 'array') {
    const [rl, al] = [recorded as unknown[], actual as unknown[]];
    if (rl.length !== al.length) out.push(`${path}: ${rl.length} elements recorded, ${al.length} now`);
    for (let i = 0; i < Math.min(rl.length, al.length); i++)
      shapeDifferences(rl[i], al[i], `${path}[${i}]`, out);
    return;
  }
  if (r !== 'object') return;
  const [ro, ao] = [recorded as Record<string, unknown>, actual as Record<string, unknown>];
  for (const key of Object.keys(ro)) {
    if (!(key in ao)) out.push(`${path}.${key}: recorded, missing now`);
    else shapeDifferences(ro[key], ao[key], `${path}.${key}`, out);
  }
  for (const key of Object.keys(ao)) if (!(key in ro)) out.push(`${path}.${key}: not recorded, present now`);
}
