import type { Message, Result } from '@teamim/domain';
import type { AppError } from '../shared/app-error';

export interface ChatState {
  readonly conversationID: string | undefined;
  readonly messages: readonly Message[];
  readonly hasMore: boolean;
  readonly loading: boolean;
  /**
   * The list is the server's copy of the newest messages (the SDK's first sync has not reached the
   * conversation yet): `hasMore` says nothing about the history until the SDK's copy replaces it.
   */
  readonly serverCopy: boolean;
  /** Messages still sending after 1 s (the spinner shows for these). */
  readonly spinning: ReadonlySet<string>;
}

export const emptyChat: ChatState = {
  conversationID: undefined,
  messages: [],
  hasMore: false,
  loading: false,
  serverCopy: false,
  spinning: new Set(),
};

/** A message accepted into the log (shown as sending) whose delivery is under way. */
export interface Outgoing {
  readonly message: Message;
  /**
   * Settles with the server's copy, or with the failure; a failed message stays in the log as failed,
   * with resend, whatever the caller does with this.
   */
  readonly delivered: Promise<Result<Message, AppError>>;
}
