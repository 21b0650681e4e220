import type { Message } from '@teamim/domain';

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

export interface SendOptions {
  /**
   * Called once the message passed the rules and exists locally (it is in the list, as sending): from
   * then on the message itself holds the text, whatever the delivery's outcome (failed ones can be resent).
   */
  readonly onAccepted?: (message: Message) => void;
}
