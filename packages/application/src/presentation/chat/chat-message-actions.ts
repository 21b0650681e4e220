import {
  ContentType,
  displayName,
  messageSummary,
  ok,
  err,
  type Message,
  type PermissionError,
  type Result,
} from '@teamim/domain';
import type { ChatStore } from '../../messages/chat.store';
import type { ChatFocus } from '../../messages/chat-focus';
import type { PinnedBanner, PinnedMessagesStore } from '../../messages/pinned-messages.store';
import type { CurrentUser } from '../../session/current-user';
import type { SettingsStore } from '../../settings/settings.store';
import { stateFailure, type AppError } from '../../shared/app-error';
import { bubbleBody } from './bubble-body';
import { loadThrough } from '../../messages/open-at-message';
import type { ViewContext } from './rows';

/** The pinned-message banner above the list (spec §2): the shown pin and where it is in the cycle. */
export interface PinnedBannerView {
  readonly id: string;
  readonly sender: string;
  /** The pinned message as one line of plain text. */
  readonly text: string;
  /** 1-based position of the shown pin, and how many there are. */
  readonly position: number;
  readonly count: number;
}

export function pinnedBannerView(banner: PinnedBanner, context: ViewContext): PinnedBannerView | undefined {
  const message = banner.pinned[banner.index];
  if (message === undefined) return undefined;
  const naming = { locale: context.locale, selfUserID: context.selfUserID };
  return {
    id: message.clientMsgID,
    sender: displayName({ userID: message.sendID, nickname: message.senderNickname }, naming),
    text: messageSummary(message, naming).replace(/\s+/g, ' ').trim(),
    position: banner.index + 1,
    count: banner.pinned.length,
  };
}

/** What a copy puts on the clipboard: the text as the bubble shows it, or a picture's address. */
export type ClipboardContent =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'picture'; readonly url: string; readonly fallbackText: string };

function pictureFileName(picture: { readonly uuid: string; readonly type: string }): string {
  const extension = picture.type.replace(/^image\//, '').replace(/[^a-z0-9]/gi, '');
  const base = picture.uuid !== '' ? picture.uuid : 'picture';
  return extension === '' || base.includes('.') ? base : `${base}.${extension}`;
}

export type Highlight = { readonly id: string; readonly seq: number };

export interface ChatMessageActionsDeps {
  readonly chat: ChatStore;
  readonly pinnedMessages: PinnedMessagesStore;
  readonly chatFocus: ChatFocus;
  readonly settings: SettingsStore;
  readonly currentUser: CurrentUser;
}

/**
 * The actions of the open conversation's messages (spec §2 context menu, §4, §8), used through
 * `ChatViewModel.actions`. Which actions a message offers is decided by `messageActions` (its view's
 * `actions`); these methods carry them out.
 */
export class ChatMessageActions {
  private seq = 0;

  constructor(
    private readonly conversationID: string,
    private readonly highlight: (highlight: Highlight) => void,
    private readonly deps: ChatMessageActionsDeps,
  ) {}

  /** The message behind a row of the open conversation. */
  message(clientMsgID: string): Message | undefined {
    const { chat } = this.deps;
    if (chat.snapshot.conversationID !== this.conversationID) return undefined;
    return chat.snapshot.messages.find((m) => m.clientMsgID === clientMsgID);
  }

  clipboardContent(clientMsgID: string): ClipboardContent | undefined {
    const message = this.message(clientMsgID);
    if (message === undefined) return undefined;
    const context = {
      locale: this.deps.settings.snapshot.locale,
      selfUserID: this.deps.currentUser.id(),
      nowMs: 0,
      utcOffsetMinutes: 0,
    };
    if (message.contentType === ContentType.Picture) {
      const url = message.pictureElem?.sourcePicture.url ?? '';
      const fallbackText = messageSummary(message, context);
      return url === '' ? { kind: 'text', text: fallbackText } : { kind: 'picture', url, fallbackText };
    }
    // The body without its quoted block, mentions as "@name", as the bubble shows them.
    const body = bubbleBody(message, context);
    const text =
      body.kind === 'text' ? body.parts.map((part) => part.text).join('') : messageSummary(message, context);
    return { kind: 'text', text };
  }

  /** Save as (spec §2, picture, video or file): the original's address and file name. */
  saveTarget(clientMsgID: string): { readonly url: string; readonly fileName: string } | undefined {
    const message = this.message(clientMsgID);
    const target =
      message?.contentType === ContentType.Picture && message.pictureElem !== undefined
        ? {
            url: message.pictureElem.sourcePicture.url,
            fileName: pictureFileName(message.pictureElem.sourcePicture),
          }
        : message?.contentType === ContentType.Video && message.videoElem !== undefined
          ? { url: message.videoElem.videoUrl, fileName: `${message.videoElem.videoUUID || 'video'}` }
          : message?.contentType === ContentType.File && message.fileElem !== undefined
            ? { url: message.fileElem.sourceUrl, fileName: message.fileElem.fileName }
            : undefined;
    return target === undefined || target.url === '' ? undefined : target;
  }

  /** Spec §8: copy success shows a toast (a failure too). */
  copied(succeeded: boolean): void {
    this.deps.chat.notifyCopied(succeeded);
  }

  revoke(clientMsgID: string): Promise<Result<void, AppError>> {
    return this.deps.chat.revoke(clientMsgID);
  }

  /** Deletes the message on this account's devices only; the other side keeps it. */
  deleteForMe(clientMsgID: string): Promise<Result<void, AppError>> {
    return this.deps.chat.delete(clientMsgID);
  }

  pin(clientMsgID: string): Result<void, PermissionError | AppError> {
    const message = this.message(clientMsgID);
    if (message === undefined) return err(stateFailure('message not in the open conversation'));
    return this.deps.pinnedMessages.pin(this.conversationID, message);
  }

  unpin(clientMsgID: string): Result<void, PermissionError | AppError> {
    const message =
      this.message(clientMsgID) ??
      this.deps.pinnedMessages.list(this.conversationID).find((m) => m.clientMsgID === clientMsgID);
    if (message === undefined) return err(stateFailure('message not pinned'));
    return this.deps.pinnedMessages.unpin(this.conversationID, message);
  }

  /** Spec §2: clicking the banner jumps to the shown pin and moves the banner on to the next one. */
  async openPinned(clientMsgID: string): Promise<Result<void, AppError>> {
    this.deps.pinnedMessages.cycle(this.conversationID);
    const pinned = this.deps.pinnedMessages.list(this.conversationID);
    return this.jumpTo(clientMsgID, pinned.find((m) => m.clientMsgID === clientMsgID)?.seq);
  }

  /**
   * Scrolls to a message and highlights it (a quote's original, a pinned message, a search hit), with
   * the history loaded back to it and a few before it (messages/open-at-message.ts). A message no
   * longer in the history (deleted, expired) is an error.
   */
  async jumpTo(clientMsgID: string, seq?: number): Promise<Result<void, AppError>> {
    const target = seq === undefined ? { clientMsgID } : { clientMsgID, seq };
    const loaded = await loadThrough(this.deps.chat, this.conversationID, target);
    if (!loaded.ok) return loaded;
    this.seq += 1;
    this.highlight({ id: clientMsgID, seq: this.seq });
    return ok(undefined);
  }

  // Quote puts the message in a block above the composer (ChatFocus), which sends it with the reply.
  quote(clientMsgID: string): Result<void, AppError> {
    const message = this.message(clientMsgID);
    if (message === undefined) return err(stateFailure('message not in the open conversation'));
    this.deps.chatFocus.setQuote(this.conversationID, message);
    return ok(undefined);
  }
}
