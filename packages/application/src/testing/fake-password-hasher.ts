import { PasswordHasher } from '../ports/wallet-api.port';

/** Stand-in for MD5: deterministic 32-hex digest, good enough to tell passwords apart in tests. */
export class FakePasswordHasher extends PasswordHasher {
  md5(text: string): string {
    let h1 = 0x811c9dc5;
    let h2 = 0x01000193;
    for (let i = 0; i < text.length; i += 1) {
      h1 = Math.imul(h1 ^ text.charCodeAt(i), 16777619) >>> 0;
      h2 = Math.imul(h2 + text.charCodeAt(i), 2246822519) >>> 0;
    }
    const hex = (n: number): string => n.toString(16).padStart(8, '0');
    return `${hex(h1)}${hex(h2)}${hex((h1 ^ h2) >>> 0)}${hex((h1 + h2) >>> 0)}`;
  }
}
