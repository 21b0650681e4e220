/**
 * A gzip member whose deflate stream is one block of fixed Huffman codes with literals only
 * (RFC 1951 3.2.6, BTYPE 01, no back-references): compressed data that a receiver must run through
 * a real inflater, produced without setting up a zlib stream.
 *
 * The load generator sends its requests this way. The SDK compresses every request (Go's gzip at its
 * default level), so a server under benchmark must pay for inflating real compressed frames; but
 * creating a zlib compressor per frame made the generator, which shares the machine with the server,
 * the bottleneck of the one-to-one phase. What the server does with this stream (create an inflater,
 * decode Huffman codes, check CRC-32 and size) is what it does with the SDK's.
 */
import { crc32 } from 'node:zlib';

/** Bit-reversed fixed Huffman code and its length for each literal byte. */
const CODES = new Uint16Array(256);
const LENGTHS = new Uint8Array(256);

function reverse(code: number, length: number): number {
  let r = 0;
  for (let i = 0; i < length; i++) r |= ((code >> i) & 1) << (length - 1 - i);
  return r;
}

for (let lit = 0; lit < 256; lit++) {
  // Literals 0-143: 8-bit codes from 0x30; 144-255: 9-bit codes from 0x190.
  const [code, length] = lit < 144 ? [0x30 + lit, 8] : [0x190 + lit - 144, 9];
  CODES[lit] = reverse(code, length);
  LENGTHS[lit] = length;
}

export function gzipFixedLiterals(data: Uint8Array): Buffer {
  // Header, 3 header bits + at most 9 bits per byte + a 7-bit end-of-block code, trailer.
  const out = Buffer.allocUnsafe(10 + Math.ceil((3 + data.length * 9 + 7) / 8) + 8);
  out.set([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff], 0);
  let o = 10;
  // BFINAL = 1, BTYPE = 01 (fixed Huffman), least significant bit first.
  let bits = 0b011;
  let count = 3;
  for (let i = 0; i < data.length; i++) {
    const lit = data[i] as number;
    bits |= (CODES[lit] as number) << count;
    count += LENGTHS[lit] as number;
    while (count >= 8) {
      out[o++] = bits & 0xff;
      bits >>>= 8;
      count -= 8;
    }
  }
  // End of block (symbol 256): seven zero bits.
  count += 7;
  while (count > 0) {
    out[o++] = bits & 0xff;
    bits >>>= 8;
    count -= 8;
  }
  out.writeUInt32LE(crc32(data) >>> 0, o);
  out.writeUInt32LE(data.length >>> 0, o + 4);
  return out.subarray(0, o + 8);
}
