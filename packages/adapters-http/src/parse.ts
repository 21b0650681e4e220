import { ChatApiError, TransportErrorCode } from './chat-http-client';

/** A response body that does not have the documented shape; rejects like any failed call. */
export function invalidResponse(path: string, what: string): ChatApiError {
  return new ChatApiError(TransportErrorCode.InvalidResponse, `${path}: ${what}`, path, undefined);
}

export function asRecord(value: unknown, path: string, what: string): Readonly<Record<string, unknown>> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalidResponse(path, `${what} is not an object`);
  }
  return value as Readonly<Record<string, unknown>>;
}

export function stringField(record: Readonly<Record<string, unknown>>, key: string, path: string): string {
  const value = record[key];
  if (typeof value === 'string') return value;
  // Some ids (ledger rows) come back as numbers; they are ids, not quantities, so text is faithful.
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  throw invalidResponse(path, `${key} is not a string`);
}

export function optionalString(record: Readonly<Record<string, unknown>>, key: string): string {
  const value = record[key];
  return typeof value === 'string' ? value : '';
}

export function numberField(record: Readonly<Record<string, unknown>>, key: string, path: string): number {
  const value = record[key];
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  throw invalidResponse(path, `${key} is not a number`);
}

export function arrayField(
  record: Readonly<Record<string, unknown>>,
  key: string,
  path: string,
): readonly unknown[] {
  const value = record[key];
  // Go's encoder writes a nil slice as null: an empty list, not a broken answer.
  if (value === null || value === undefined) return [];
  if (!Array.isArray(value)) throw invalidResponse(path, `${key} is not a list`);
  return value as readonly unknown[];
}
