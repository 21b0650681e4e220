import type { ClipboardContent } from '@teamim/application';

/** A picture as PNG (the one image type browsers' clipboards take), drawn through a canvas. */
async function pngOf(url: string): Promise<Blob> {
  const response = await fetch(url);
  const blob = await response.blob();
  if (blob.type === 'image/png') return blob;
  const bitmap = await createImageBitmap(blob);
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0);
  return new Promise((resolve, reject) =>
    canvas.toBlob((png) => (png === null ? reject(new Error('no png')) : resolve(png)), 'image/png'),
  );
}

/**
 * Writes a message's content to the clipboard: text as text, a picture as an image where the
 * platform allows (Chromium, Electron); elsewhere the picture's address as text. Resolves whether
 * anything was written.
 */
export async function writeClipboard(content: ClipboardContent): Promise<boolean> {
  try {
    if (content.kind === 'text') {
      await navigator.clipboard.writeText(content.text);
      return true;
    }
    if (typeof ClipboardItem !== 'undefined' && typeof navigator.clipboard.write === 'function') {
      try {
        await navigator.clipboard.write([new ClipboardItem({ 'image/png': pngOf(content.url) })]);
        return true;
      } catch {
        // A cross-origin picture without CORS, or a browser without image clipboards: the address.
      }
    }
    await navigator.clipboard.writeText(content.url);
    return true;
  } catch {
    return false;
  }
}

/** Save as: the browser's download of the original under its file name (the desktop asks where). */
export function saveAs(target: { readonly url: string; readonly fileName: string }): void {
  const link = document.createElement('a');
  link.href = target.url;
  link.download = target.fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}
