import type { MediaProber, PickedFile, PickedUpload, ProbedMedia } from '@teamim/application';

/** How long a picture or video may take to decode before it is sent as a plain file. */
const PROBE_TIMEOUT_MS = 8000;

function pickedFile(file: File): PickedFile {
  return { name: file.name, mimeType: file.type, size: file.size, handle: file };
}

/** The files of an input, a paste or a drop; a dropped folder is marked so the rule refuses it. */
export function pickedUploads(files: FileList | null, items?: DataTransferItemList): PickedUpload[] {
  const list = files === null ? [] : Array.from(files);
  const entries = items === undefined ? [] : Array.from(items).filter((item) => item.kind === 'file');
  return list.map((file, index) => {
    const entry = entries[index]?.webkitGetAsEntry?.() ?? null;
    return entry?.isDirectory === true
      ? { file: pickedFile(file), isDirectory: true }
      : { file: pickedFile(file) };
  });
}

function withTimeout<T>(promise: Promise<T>, cleanup: () => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error('media probe timed out'));
    }, PROBE_TIMEOUT_MS);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        cleanup();
        reject(error instanceof Error ? error : new Error('media probe failed'));
      },
    );
  });
}

function probePicture(file: File): Promise<ProbedMedia> {
  const url = URL.createObjectURL(file);
  const image = new Image();
  const done = () => URL.revokeObjectURL(url);
  return withTimeout(
    new Promise<ProbedMedia>((resolve, reject) => {
      image.onload = () => {
        done();
        resolve({ width: image.naturalWidth, height: image.naturalHeight, duration: 0 });
      };
      image.onerror = () => reject(new Error('picture cannot be decoded'));
      image.src = url;
    }),
    done,
  );
}

/** A video's size and length, and a poster: its frame at 0.1 s as a PNG. */
function probeVideo(file: File): Promise<ProbedMedia> {
  const url = URL.createObjectURL(file);
  const video = document.createElement('video');
  video.muted = true;
  video.preload = 'auto';
  const done = () => {
    video.removeAttribute('src');
    video.load();
    URL.revokeObjectURL(url);
  };
  return withTimeout(
    new Promise<ProbedMedia>((resolve, reject) => {
      video.onerror = () => reject(new Error('video cannot be decoded'));
      video.onloadedmetadata = () => {
        video.currentTime = Math.min(0.1, video.duration / 2 || 0);
      };
      video.onseeked = () => {
        const canvas = document.createElement('canvas');
        canvas.width = video.videoWidth;
        canvas.height = video.videoHeight;
        canvas.getContext('2d')?.drawImage(video, 0, 0);
        canvas.toBlob((blob) => {
          const { videoWidth: width, videoHeight: height, duration } = video;
          done();
          if (blob === null || width === 0) {
            reject(new Error('video has no picture'));
            return;
          }
          const name = `${file.name.replace(/\.[^.]*$/, '')}.png`;
          const snapshot = new File([blob], name, { type: 'image/png' });
          resolve({
            width,
            height,
            duration: Number.isFinite(duration) ? duration : 0,
            snapshot: pickedFile(snapshot),
          });
        }, 'image/png');
      };
      video.src = url;
    }),
    done,
  );
}

/** The browser's MediaProber: decodes the picked picture or video in the page. */
export const browserMediaProber: MediaProber = (picked, kind) => {
  const file = picked.handle;
  if (!(file instanceof File)) return Promise.reject(new Error('not a browser file'));
  return kind === 'picture' ? probePicture(file) : probeVideo(file);
};
