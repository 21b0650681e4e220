import type { MentionMember } from '@teamim/domain';
import { useEffect, useRef } from 'react';

type Insert = (member: MentionMember) => void;

/** The mounted composer of each open conversation (a chat view has one). */
const composers = new Map<string, Insert>();

/**
 * Spec §2 "right-clicking another user's avatar in a group chat offers an @ mention": the avatar
 * menu lives in a message row, the text in the composer. This passes the request from one to the other
 * by conversation, without either knowing the other (plain UI plumbing, no product state).
 */
export function requestMention(conversationID: string, member: MentionMember): void {
  composers.get(conversationID)?.(member);
}

/** Registers the composer's insert function for as long as it is mounted. */
export function useMentionTarget(conversationID: string, insert: Insert): void {
  const latest = useRef(insert);
  latest.current = insert;
  useEffect(() => {
    const handler: Insert = (member) => latest.current(member);
    composers.set(conversationID, handler);
    return () => {
      if (composers.get(conversationID) === handler) composers.delete(conversationID);
    };
  }, [conversationID]);
}
