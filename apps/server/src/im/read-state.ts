/** Read state: marking conversations and messages as read, and the has-read seq, synced to the reader's devices. */
import { prep } from './statements';
import type { CoreContext } from './context';
import { argsError } from './errors';
import type { ConversationRow } from './models';
import { ContentType, SessionType } from './types';
import { conversationMaxSeq } from './message-rows';
import { type NotifyFn, type Operator, requireOwnConversation } from './messages';

/** Shared by the three mark-as-read endpoints. */
function applyRead(
  ctx: CoreContext,
  notify: NotifyFn,
  rec: ConversationRow,
  reader: string,
  newHasRead: number,
  explicitSeqs: readonly number[],
  includeRange: boolean,
): void {
  const db = ctx.db;
  const { maxSeq } = conversationMaxSeq(db, rec.conversation_id);
  const target = Math.min(Math.max(newHasRead, 0), maxSeq);
  const old = rec.has_read_seq;
  const seqSet = new Set<number>();
  if (includeRange && target > old)
    for (let s = Math.max(old + 1, target - 999); s <= target; s++) seqSet.add(s);
  for (const s of explicitSeqs) if (s > 0 && s <= maxSeq) seqSet.add(s);
  const seqs = [...seqSet].sort((a, b) => a - b);
  ctx.tx((fx) => {
    const hasRead = Math.max(old, target, ...seqs);
    prep(db, 'UPDATE conversations SET has_read_seq = ? WHERE owner_user_id = ? AND conversation_id = ?').run(
      hasRead,
      reader,
      rec.conversation_id,
    );
    if (rec.conversation_type === SessionType.Single) {
      const mark = prep(
        db,
        'UPDATE messages SET is_read = 1 WHERE conversation_id = ? AND seq = ? AND send_id <> ?',
      );
      for (const s of seqs) mark.run(rec.conversation_id, s, reader);
      if (seqs.length > 0) {
        notify(fx, {
          contentType: ContentType.HasReadReceipt,
          sendID: reader,
          recvID: rec.user_id,
          sessionType: SessionType.Single,
          tips: { markAsReadUserID: reader, conversationID: rec.conversation_id, seqs, hasReadSeq: hasRead },
          stored: reader !== rec.user_id,
          to: [rec.user_id, reader],
        });
      }
    } else {
      notify(fx, {
        contentType: ContentType.HasReadReceipt,
        sendID: reader,
        recvID: reader,
        sessionType: SessionType.Single,
        tips: { markAsReadUserID: reader, conversationID: rec.conversation_id, seqs, hasReadSeq: hasRead },
        stored: false,
        to: [reader],
      });
    }
  });
}

export function markConversationAsRead(
  ctx: CoreContext,
  notify: NotifyFn,
  op: Operator,
  req: { conversationID: string; userID: string; hasReadSeq: number; seqs: readonly number[] },
): void {
  const rec = requireOwnConversation(ctx, op, req.userID, req.conversationID);
  applyRead(ctx, notify, rec, req.userID, req.hasReadSeq, req.seqs.slice(0, 1000), true);
}

export function markMsgsAsRead(
  ctx: CoreContext,
  notify: NotifyFn,
  op: Operator,
  req: { conversationID: string; userID: string; seqs: readonly number[] },
): void {
  const rec = requireOwnConversation(ctx, op, req.userID, req.conversationID);
  if (req.seqs.length === 0) throw argsError('seqs must not be empty');
  applyRead(ctx, notify, rec, req.userID, 0, req.seqs.slice(0, 1000), false);
}

export function setConversationHasReadSeq(
  ctx: CoreContext,
  notify: NotifyFn,
  op: Operator,
  req: { conversationID: string; userID: string; hasReadSeq: number; noNotification: boolean },
): void {
  const rec = requireOwnConversation(ctx, op, req.userID, req.conversationID);
  const { maxSeq } = conversationMaxSeq(ctx.db, rec.conversation_id);
  if (req.hasReadSeq > maxSeq)
    throw argsError(`hasReadSeq ${req.hasReadSeq} is greater than maxSeq ${maxSeq}`);
  ctx.tx((fx) => {
    prep(
      ctx.db,
      'UPDATE conversations SET has_read_seq = ? WHERE owner_user_id = ? AND conversation_id = ?',
    ).run(req.hasReadSeq, req.userID, rec.conversation_id);
    if (!req.noNotification) {
      notify(fx, {
        contentType: ContentType.HasReadReceipt,
        sendID: req.userID,
        recvID: req.userID,
        sessionType: SessionType.Single,
        tips: {
          markAsReadUserID: req.userID,
          conversationID: rec.conversation_id,
          seqs: [],
          hasReadSeq: req.hasReadSeq,
        },
        stored: false,
        to: [req.userID],
      });
    }
  });
}
