// Draws the app, tray and taskbar-overlay icons as PNGs with nothing but zlib, so no binary tool or
// downloaded artwork is needed. Run once; the outputs (a few KB) are committed under resources/icons.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, '..', 'resources', 'icons');

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes) => {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** Encodes an RGBA pixel function as a PNG. */
function png(size, pixel) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y += 1) {
    const offset = y * (size * 4 + 1);
    for (let x = 0; x < size; x += 1) rows.set(pixel((x + 0.5) / size, (y + 0.5) / size), offset + 1 + x * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const BLUE = [15, 108, 189, 255];
const WHITE = [255, 255, 255, 255];
const CLEAR = [0, 0, 0, 0];

/** A rounded blue square with a white speech bubble. */
function appIcon(u, v) {
  const r = 0.2;
  const dx = Math.max(Math.abs(u - 0.5) - (0.5 - r), 0);
  const dy = Math.max(Math.abs(v - 0.5) - (0.5 - r), 0);
  if (dx * dx + dy * dy > r * r) return CLEAR;
  const bubble = ((u - 0.5) / 0.3) ** 2 + ((v - 0.46) / 0.22) ** 2 <= 1;
  const tail = v > 0.6 && v < 0.78 && u > 0.32 && u < 0.42 && u - 0.32 < (0.78 - v) * 0.6;
  return bubble || tail ? WHITE : BLUE;
}

/** A red dot for the Windows taskbar overlay (unread messages). */
const dot = (u, v) => ((u - 0.5) ** 2 + (v - 0.5) ** 2 <= 0.2 ? [209, 52, 56, 255] : CLEAR);

mkdirSync(out, { recursive: true });
writeFileSync(join(out, 'icon.png'), png(512, appIcon));
writeFileSync(join(out, 'tray.png'), png(32, appIcon));
writeFileSync(join(out, 'overlay.png'), png(16, dot));
console.log(`icons written to ${out}`);
