import type { MessageItem } from '@openim/wasm-client-sdk';

const RAW_LIMIT = 2000;

/**
 * State the adapters of one SDK instance share: who is logged in, and the SDK's own copies of messages
 * this client has seen. The SDK needs its full message object back for sending and forwarding, and its
 * revoke callback names no conversation, so the adapters remember both here (bounded, oldest dropped).
 */
export class OpenImContext {
  userID = '';
  /** The IM token of the session, for the few reads that go to the OpenIM API directly (`OpenImDirectory`). */
  token = '';
  /** The user of that token, known from the start of the login (`userID` only once it connected). */
  tokenUserID = '';
  /**
   * Settles when the login in progress has (successfully or not). The SDK creates and sends
   * messages only once logged in; a chat opened from the server's copy may send before that.
   */
  loginSettled: Promise<void> = Promise.resolve();
  private readonly raw = new Map<string, { readonly item: MessageItem; readonly conversationID: string }>();

  remember(item: MessageItem, conversationID: string): void {
    this.raw.delete(item.clientMsgID);
    this.raw.set(item.clientMsgID, { item, conversationID });
    if (this.raw.size > RAW_LIMIT) {
      const oldest = this.raw.keys().next();
      if (!oldest.done) this.raw.delete(oldest.value);
    }
  }

  rawMessage(clientMsgID: string): MessageItem | undefined {
    return this.raw.get(clientMsgID)?.item;
  }

  conversationOf(clientMsgID: string): string | undefined {
    const id = this.raw.get(clientMsgID)?.conversationID;
    return id === '' ? undefined : id;
  }

  clear(): void {
    this.userID = '';
    this.token = '';
    this.tokenUserID = '';
    this.raw.clear();
  }
}
