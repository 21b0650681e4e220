import { RemoteError } from '@teamim/application';
import { describe, expect, it } from 'vitest';
import { CanvasFileProcessor, fitWithin, type CanvasEnvironment } from './canvas-file-processor';

const avatar = { maxWidth: 400, maxHeight: 400, format: 'webp', quality: 90 } as const;

/**
 * jsdom has no canvas, so the drawing is an in-memory stand-in that records what it was asked and
 * encodes a blob of the requested type; the real canvas path runs in the e2e avatar change.
 */
function fakeCanvas(source: { width: number; height: number }, encodesAs?: string) {
  const calls: { width: number; height: number; type: string; quality: number }[] = [];
  let closed = 0;
  const env: CanvasEnvironment = {
    decode: async (blob) => {
      await Promise.resolve();
      if (blob.size === 0) throw new Error('broken');
      return { ...source, close: () => void closed++ };
    },
    encode: async (_image, width, height, type, quality) => {
      await Promise.resolve();
      calls.push({ width, height, type, quality });
      return new Blob(['x'.repeat(10)], { type: encodesAs ?? type });
    },
  };
  return { env, calls, closed: () => closed };
}

const picked = (name: string, content = 'png-bytes') => {
  const file = new File([content], name, { type: 'image/png' });
  return { name, mimeType: 'image/png', size: file.size, handle: file };
};

describe('CanvasFileProcessor (FileProcessor contract in the browser)', () => {
  it('fits inside the box keeping the aspect ratio, never enlarging', () => {
    expect(fitWithin(1600, 1200, 400, 400)).toEqual({ width: 400, height: 300 });
    expect(fitWithin(300, 900, 400, 400)).toEqual({ width: 133, height: 400 });
    expect(fitWithin(120, 80, 400, 400)).toEqual({ width: 120, height: 80 });
  });

  it('§5 resizes to at most 400x400 and encodes webp at quality 0.9, renamed .webp', async () => {
    const canvas = fakeCanvas({ width: 1000, height: 500 });
    const out = await new CanvasFileProcessor(canvas.env).resizeImage(picked('me.photo.png'), avatar);
    expect(canvas.calls).toEqual([{ width: 400, height: 200, type: 'image/webp', quality: 0.9 }]);
    expect(out).toMatchObject({ name: 'me.photo.webp', mimeType: 'image/webp', size: 10 });
    expect(out.handle).toBeInstanceOf(File);
    expect(canvas.closed()).toBe(1);
  });

  it('rejects with RemoteError when the image cannot be decoded, or the browser cannot encode webp', async () => {
    const broken = new CanvasFileProcessor(fakeCanvas({ width: 1, height: 1 }).env);
    await expect(broken.resizeImage(picked('a.png', ''), avatar)).rejects.toBeInstanceOf(RemoteError);
    await expect(
      broken.resizeImage({ name: 'a', mimeType: 'image/png', size: 1, handle: 'not a blob' }, avatar),
    ).rejects.toBeInstanceOf(RemoteError);
    const noWebp = new CanvasFileProcessor(fakeCanvas({ width: 10, height: 10 }, 'image/png').env);
    await expect(noWebp.resizeImage(picked('a.png'), avatar)).rejects.toBeInstanceOf(RemoteError);
  });
});
