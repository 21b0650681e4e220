import {
  classifyUpload,
  err,
  MEDIA_UPLOAD,
  ok,
  validateSelectionLimit,
  type DisplayText,
  type MediaKind,
  type Message,
  type Result,
  type ValidationError,
} from '@teamim/domain';
import type { ChatStore } from '../../messages/chat.store';
import type { MessageDraft } from '../../ports/messages.port';
import type { PickedFile } from '../../ports/file-processor.port';
import type { AppError } from '../../shared/app-error';
import { StateViewModel } from '../view-model';
import { viewModelFactory } from '../view-model-factory';

/** A file the user picked, pasted or dropped; a dropped folder says so. */
export interface PickedUpload {
  readonly file: PickedFile;
  readonly isDirectory?: boolean;
}

/** What the platform reads from a picture or video before it is sent. */
export interface ProbedMedia {
  readonly width: number;
  readonly height: number;
  /** Seconds (videos). */
  readonly duration: number;
  /** A poster picture (videos). */
  readonly snapshot?: PickedFile;
}

/**
 * Reads a picture's or video's size (and a video's poster) on the platform; rejects when the file
 * cannot be decoded. The view passes the browser's implementation.
 */
export type MediaProber = (file: PickedFile, kind: 'picture' | 'video') => Promise<ProbedMedia>;

export interface MediaUploadState {
  /** Why the last pick was refused (spec §5 files), until dismissed or the next pick. */
  readonly notice: DisplayText | undefined;
}

function textOf(error: ValidationError): DisplayText {
  return error.params === undefined
    ? { kind: 'i18n', i18nKey: error.i18nKey }
    : { kind: 'i18n', i18nKey: error.i18nKey, params: error.params };
}

/**
 * Pictures, videos and files from the composer's button, a paste or a drop (spec §2 composer, §5
 * files): each is checked by the domain rule, then sent through the chat's send pipeline, where it
 * shows at once (with this device's preview and the upload's progress) and can be resent if it fails.
 */
export class MediaUploadViewModel extends StateViewModel<MediaUploadState> {
  constructor(private readonly chat: ChatStore) {
    super({ notice: undefined });
  }

  dismiss(): void {
    this.set({ notice: undefined });
  }

  /**
   * Sends the acceptable files in order; refused ones (folders, active content, too large) are left
   * out and the first reason is shown. Resolves with the sent messages' results.
   */
  async send(
    uploads: readonly PickedUpload[],
    probe: MediaProber,
  ): Promise<Result<readonly Result<Message, AppError>[], ValidationError>> {
    const limit = validateSelectionLimit(uploads.length, MEDIA_UPLOAD.maxSelection);
    if (!limit.ok) {
      this.set({ notice: textOf(limit.error) });
      return limit;
    }
    const accepted: { readonly upload: PickedUpload; readonly kind: MediaKind }[] = [];
    let refused: ValidationError | undefined;
    for (const upload of uploads) {
      const kind = classifyUpload({
        name: upload.file.name,
        type: upload.file.mimeType,
        size: upload.file.size,
        ...(upload.isDirectory === true ? { isDirectory: true } : {}),
      });
      if (kind.ok) accepted.push({ upload, kind: kind.value });
      else refused ??= kind.error;
    }
    this.set({ notice: refused === undefined ? undefined : textOf(refused) });
    if (accepted.length === 0 && refused !== undefined) return err(refused);
    const results: Result<Message, AppError>[] = [];
    for (const { upload, kind } of accepted) {
      results.push(await this.chat.send(await draftOf(upload.file, kind, probe)));
    }
    return ok(results);
  }
}

/** The draft of one file; a picture or video the platform cannot read goes as a plain file. */
async function draftOf(file: PickedFile, kind: MediaKind, probe: MediaProber): Promise<MessageDraft> {
  if (kind === 'file') return { kind: 'file', file };
  let media: ProbedMedia;
  try {
    media = await probe(file, kind);
  } catch {
    return { kind: 'file', file };
  }
  if (kind === 'picture') return { kind: 'picture', file, width: media.width, height: media.height };
  if (media.snapshot === undefined) return { kind: 'file', file };
  return {
    kind: 'video',
    file,
    snapshot: media.snapshot,
    width: media.width,
    height: media.height,
    duration: media.duration,
  };
}

/** Built by `SessionViewModels.build`; its views import it, so this view model loads with them. */
export const mediaUploadViewModel = viewModelFactory((s) => new MediaUploadViewModel(s.chat));
