import {
  ContentType,
  fileCategory,
  formatDuration,
  formatFileSize,
  mediaDisplaySize,
  MessageStatus,
  type FileCategory,
  type Message,
} from '@teamim/domain';

/**
 * The bodies of picture, video and file messages. Every URL here passed {@link safeMediaURL};
 * every name is plain text for the view to render as text.
 */
export type MediaBubbleBody =
  | {
      readonly kind: 'picture';
      /** The thumbnail (or this device's preview while uploading); undefined: nothing safe to show. */
      readonly src: string | undefined;
      /** The full picture for the viewer. */
      readonly fullSrc: string | undefined;
      /** Display size, known before the picture loads (max 200 wide), so the list does not jump. */
      readonly width: number;
      readonly height: number;
      /** The upload's progress (0-100) while this device sends it; undefined otherwise. */
      readonly progress: number | undefined;
      /** A name for "save as". */
      readonly fileName: string;
      /** Who sent it, as plain text: the picture's text alternative names them. */
      readonly sender: string;
    }
  | {
      readonly kind: 'video';
      readonly src: string | undefined;
      readonly poster: string | undefined;
      readonly width: number;
      readonly height: number;
      readonly duration: string;
      readonly size: string;
      readonly progress: number | undefined;
      readonly fileName: string;
    }
  | {
      readonly kind: 'file';
      readonly name: string;
      readonly size: string;
      readonly category: FileCategory;
      readonly url: string | undefined;
      readonly progress: number | undefined;
    };

/**
 * Only web addresses (absolute http(s) or same-origin paths) are used as media sources, and `blob:`
 * object URLs, which only this device's previews of its own files have. `javascript:`, `data:` and
 * anything else is dropped.
 */
export function safeMediaURL(url: string | undefined, allowLocal = false): string | undefined {
  if (url === undefined || url === '') return undefined;
  if (/^https?:\/\/[^\s]/i.test(url) || /^\/(?!\/)/.test(url)) return url;
  return allowLocal && /^blob:/i.test(url) ? url : undefined;
}

function progressOf(message: Message): number | undefined {
  return message.status === MessageStatus.Sending ? (message.uploadProgress ?? 0) : undefined;
}

function extensionFor(type: string, fallback: string): string {
  const sub = (type.split('/')[1] ?? '').split(/[;+]/)[0] ?? '';
  return /^[a-z0-9]{1,5}$/i.test(sub) ? (sub === 'jpeg' ? 'jpg' : sub) : fallback;
}

function senderName(message: Message): string {
  return message.senderNickname !== '' ? message.senderNickname : message.sendID;
}

/** The body of a picture, video or file message; undefined for other messages. */
export function mediaBubbleBody(message: Message): MediaBubbleBody | undefined {
  const local = safeMediaURL(message.localPreviewURL, true);
  switch (message.contentType) {
    case ContentType.Picture: {
      const p = message.pictureElem;
      if (p === undefined) return undefined;
      const thumb = safeMediaURL(p.snapshotPicture.url) ?? safeMediaURL(p.bigPicture.url);
      const full = safeMediaURL(p.sourcePicture.url) ?? safeMediaURL(p.bigPicture.url) ?? thumb;
      const size = mediaDisplaySize(p.sourcePicture.width, p.sourcePicture.height);
      return {
        kind: 'picture',
        src: thumb ?? full ?? local,
        fullSrc: full ?? local,
        ...size,
        progress: progressOf(message),
        fileName: `picture-${message.clientMsgID}.${extensionFor(p.sourcePicture.type, 'png')}`,
        sender: senderName(message),
      };
    }
    case ContentType.Video: {
      const v = message.videoElem;
      if (v === undefined) return undefined;
      return {
        kind: 'video',
        src: safeMediaURL(v.videoUrl),
        poster: safeMediaURL(v.snapshotUrl) ?? local,
        ...mediaDisplaySize(v.snapshotWidth, v.snapshotHeight),
        duration: formatDuration(v.duration),
        size: formatFileSize(v.videoSize),
        progress: progressOf(message),
        fileName: `video-${message.clientMsgID}.${extensionFor(v.videoType, 'mp4')}`,
      };
    }
    case ContentType.File: {
      const f = message.fileElem;
      if (f === undefined) return undefined;
      return {
        kind: 'file',
        name: f.fileName,
        size: formatFileSize(f.fileSize),
        category: fileCategory(f.fileName),
        url: safeMediaURL(f.sourceUrl),
        progress: progressOf(message),
      };
    }
    default:
      return undefined;
  }
}

/** One picture of the conversation's gallery (the viewer's next/previous). */
export interface GalleryPicture {
  readonly id: string;
  readonly src: string;
  readonly width: number;
  readonly height: number;
  readonly fileName: string;
  readonly sender: string;
}

/** The conversation's pictures in order, for the viewer. */
export function pictureGallery(
  views: readonly { readonly kind: string; readonly id: string; readonly body?: { readonly kind: string } }[],
): readonly GalleryPicture[] {
  const gallery: GalleryPicture[] = [];
  for (const view of views) {
    const body = view.body as MediaBubbleBody | undefined;
    if (body?.kind === 'picture' && body.fullSrc !== undefined) {
      gallery.push({
        id: view.id,
        src: body.fullSrc,
        width: body.width,
        height: body.height,
        fileName: body.fileName,
        sender: body.sender,
      });
    }
  }
  return gallery;
}
