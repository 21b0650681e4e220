/**
 * A camera that films what a test chooses: Chromium's fake capture device plays a video file
 * (`--use-file-for-fake-video-capture`), and the test writes that file from pixels it took off a page.
 *
 * The file is YUV4MPEG2 (Y4M), written here rather than by an encoder: Y4M is one text header line and,
 * per frame, a `FRAME` line followed by the raw luma and chroma planes, with nothing to compress, so a
 * library would add a dependency for a dozen lines. Chromium opens the file each time a page opens the
 * camera, so a test may replace it (same size) between two openings; each replacement is a rename, so
 * the browser never reads half a file.
 */
import { chromium, type Browser, type Locator } from '@playwright/test';
import { renameSync, writeFileSync } from 'node:fs';
import { CHROMIUM_LAUNCH } from './chromium-launch';

/** The camera's picture: VGA, as the fake device's own pattern. */
const WIDTH = 640;
const HEIGHT = 480;
/**
 * How large the filmed image appears: inside the central square that qr-scanner looks at (two thirds of
 * the picture's height), as a phone held at a screen frames the code.
 */
const SHOWN = 280;

/** A browser whose camera plays `videoFile` (which must exist before a page opens the camera). */
export function launchWithCamera(videoFile: string): Promise<Browser> {
  return chromium.launch({
    ...CHROMIUM_LAUNCH,
    args: [...CHROMIUM_LAUNCH.args, `--use-file-for-fake-video-capture=${videoFile}`],
  });
}

/** A blank white picture: the camera's file before there is anything to film. */
export function blankFrame(): Buffer {
  return Buffer.alloc(WIDTH * HEIGHT, 255);
}

/**
 * The picture a camera pointed at `image` (an `<img>` on a page) would take: the image's own pixels,
 * centred on white, as grey levels, one byte per pixel.
 */
export async function filmImage(image: Locator): Promise<Buffer> {
  const base64 = await image.evaluate(
    (img, size) => {
      const canvas = document.createElement('canvas');
      canvas.width = size.width;
      canvas.height = size.height;
      const context = canvas.getContext('2d');
      if (context === null || !(img instanceof HTMLImageElement)) throw new Error('nothing to film');
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, size.width, size.height);
      context.drawImage(
        img,
        (size.width - size.shown) / 2,
        (size.height - size.shown) / 2,
        size.shown,
        size.shown,
      );
      const rgba = context.getImageData(0, 0, size.width, size.height).data;
      let grey = '';
      for (let i = 0; i < rgba.length; i += 4) {
        const level = Math.round(
          0.299 * (rgba[i] ?? 0) + 0.587 * (rgba[i + 1] ?? 0) + 0.114 * (rgba[i + 2] ?? 0),
        );
        grey += String.fromCharCode(level);
      }
      return btoa(grey);
    },
    { width: WIDTH, height: HEIGHT, shown: SHOWN },
  );
  return Buffer.from(base64, 'base64');
}

/**
 * Writes `grey` (one byte per pixel, as `filmImage` gives) as a one-frame Y4M video, which Chromium
 * plays in a loop. Luma in video range (16-235), as Chromium reads Y4M; chroma neutral (grey).
 */
export function writeCameraVideo(path: string, grey: Buffer): void {
  if (grey.length !== WIDTH * HEIGHT) throw new Error(`a frame is ${WIDTH}x${HEIGHT} grey levels`);
  const luma = Buffer.from(grey.map((level) => 16 + Math.round((level * 219) / 255)));
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const header = `YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\nFRAME\n`;
  writeFileSync(`${path}.part`, Buffer.concat([Buffer.from(header, 'ascii'), luma, chroma]));
  renameSync(`${path}.part`, path);
}
