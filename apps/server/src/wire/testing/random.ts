/** Small deterministic random helpers for property-style tests and load generation. */

/** mulberry32: a tiny seeded PRNG returning floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function randomInt(rnd: () => number, maxExclusive: number): number {
  return Math.floor(rnd() * maxExclusive);
}

export function randomBytes(rnd: () => number, maxLength: number): Uint8Array {
  const out = new Uint8Array(randomInt(rnd, maxLength + 1));
  for (let i = 0; i < out.length; i++) out[i] = randomInt(rnd, 256);
  return out;
}

const ALPHABET = ['a', 'b', 'Z', '0', '9', '_', '-', ' ', 'é', 'ß', '用', '户', '😀', '"', '\\', '\u0000'];

/** A random string mixing ASCII, multi-byte UTF-8 and astral characters. */
export function randomString(rnd: () => number, maxLength: number): string {
  const n = randomInt(rnd, maxLength + 1);
  let s = '';
  for (let i = 0; i < n; i++) s += ALPHABET[randomInt(rnd, ALPHABET.length)] ?? 'a';
  return s;
}
