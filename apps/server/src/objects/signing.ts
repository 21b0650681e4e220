/**
 * Signed part URLs: each part PUT of an upload carries an HMAC of its upload, part number and expiry, so
 * the PUT needs no token (the SDK sends none) and cannot be replayed for another part or after expiry.
 */
import { createHmac } from 'node:crypto';
import type { AuthSignParts, UploadRow, UrlBase } from './types';

/** Signed part URLs live this long (the SDK re-signs after 60 s anyway). */
const SIGN_TTL_MS = 15 * 60_000;

/** The signature of one part PUT. */
export function partSignature(key: Buffer, uploadID: string, partNumber: number, expires: number): string {
  return createHmac('sha256', key).update(`${uploadID}.${partNumber}.${expires}`).digest('base64url');
}

/** Signed URLs for `partNumbers` of the upload, valid until `now` + SIGN_TTL_MS or the upload's expiry. */
export function signParts(
  key: Buffer,
  row: UploadRow,
  partNumbers: readonly number[],
  base: UrlBase,
  now: number,
): AuthSignParts {
  const expires = Math.min(row.expires_at, now + SIGN_TTL_MS);
  return {
    url: `${base.api}/object-upload/${row.upload_id}`,
    query: [],
    header: [],
    parts: partNumbers.map((partNumber) => ({
      partNumber,
      url: '',
      query: [
        { key: 'partNumber', values: [String(partNumber)] },
        { key: 'expires', values: [String(expires)] },
        { key: 'signature', values: [partSignature(key, row.upload_id, partNumber, expires)] },
      ],
      header: [],
    })),
  };
}
