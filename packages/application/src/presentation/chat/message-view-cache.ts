import { meetingUpdatesAfterTheEnd, type Message } from '@teamim/domain';
import { messageView, messageViewChangesAt, sameSenderRun, type MessageView } from './rows';
import type { ViewContext } from './view-context';

interface Entry {
  readonly nowMs: number;
  /** Until then (from `nowMs` on) the clock cannot change the view: a tick maps no message again. */
  readonly stableUntilMs: number;
  readonly spinning: boolean;
  readonly pinned: boolean;
  readonly view: MessageView;
  continued?: MessageView;
}

/**
 * `messageViews` (rows.ts) for a list that changes a little at a time (a page of older messages, one new
 * message, an edit, a revoke), as the chat view's does. The messages are immutable, so a message object
 * already seen with the same context keeps its view object: the mapping of a page costs the page, not
 * the whole history, and the memoized rows of the view re-render only for the messages that changed.
 * The result always equals `messageViews(messages, context, spinning, pinned)`.
 */
export class MessageViewCache {
  private entries = new WeakMap<Message, Entry>();
  private contextKey = '';
  private last: readonly MessageView[] = [];
  /** What `last` was mapped from, and until when the clock leaves every view of it unchanged. */
  private lastInput:
    | {
        readonly messages: readonly Message[];
        readonly spinning: ReadonlySet<string>;
        readonly pinned: ReadonlySet<string>;
        readonly nowMs: number;
        readonly stableUntilMs: number;
      }
    | undefined;

  views(
    messages: readonly Message[],
    context: ViewContext,
    spinning: ReadonlySet<string>,
    pinned: ReadonlySet<string> = new Set(),
  ): readonly MessageView[] {
    const key = `${context.locale}\n${context.selfUserID}\n${context.utcOffsetMinutes}`;
    if (key !== this.contextKey) {
      this.entries = new WeakMap();
      this.contextKey = key;
      this.lastInput = undefined;
    }
    // The same list again (the chat state changed elsewhere, e.g. "loading"): nothing to map, and a long
    // history is not walked, nor a list of its length allocated, on every such change.
    const input = this.lastInput;
    if (
      input !== undefined &&
      input.messages === messages &&
      input.nowMs <= context.nowMs &&
      context.nowMs < input.stableUntilMs &&
      sameMembers(input.spinning, spinning) &&
      sameMembers(input.pinned, pinned)
    ) {
      return this.last;
    }
    const afterTheEnd = meetingUpdatesAfterTheEnd(messages);
    const count = messages.length - afterTheEnd.size;
    const views: MessageView[] = new Array<MessageView>(count);
    let previous: Message | undefined;
    let previousView: MessageView | undefined;
    let changed = count !== this.last.length;
    let stableUntilMs = Number.POSITIVE_INFINITY;
    let index = 0;
    for (const message of messages) {
      if (afterTheEnd.has(message.clientMsgID)) continue;
      const view = this.entry(message, context, spinning, pinned);
      stableUntilMs = Math.min(stableUntilMs, view.stableUntilMs);
      const base = view.view;
      const continued =
        base.kind === 'bubble' &&
        previousView?.kind === 'bubble' &&
        previous !== undefined &&
        sameSenderRun(previous, message);
      const shown = continued ? (view.continued ??= { ...base, continued: true }) : base;
      if (shown !== this.last[index]) changed = true;
      views[index] = shown;
      index += 1;
      previous = message;
      previousView = base;
    }
    // An unchanged list keeps its identity, so the view does not re-render (e.g. only "loading" changed).
    if (changed) this.last = views;
    this.lastInput = { messages, spinning, pinned, nowMs: context.nowMs, stableUntilMs };
    return this.last;
  }

  private entry(
    message: Message,
    context: ViewContext,
    spinning: ReadonlySet<string>,
    pinned: ReadonlySet<string>,
  ): Entry {
    const id = message.clientMsgID;
    const isSpinning = spinning.has(id);
    const isPinned = pinned.has(id);
    const known = this.entries.get(message);
    if (
      known !== undefined &&
      known.nowMs <= context.nowMs &&
      context.nowMs < known.stableUntilMs &&
      known.spinning === isSpinning &&
      known.pinned === isPinned
    ) {
      return known;
    }
    const fresh = messageView(message, context, isSpinning, isPinned);
    // A text that did change its time ("just now" → "Today 10:02") may still read the same otherwise.
    const same = known !== undefined && samePlainData(known.view, fresh);
    const entry: Entry = {
      nowMs: context.nowMs,
      stableUntilMs: messageViewChangesAt(message, context),
      spinning: isSpinning,
      pinned: isPinned,
      view: same ? known.view : fresh,
      ...(same && known.continued !== undefined ? { continued: known.continued } : {}),
    };
    this.entries.set(message, entry);
    return entry;
  }
}

function sameMembers(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (a === b) return true;
  if (a.size !== b.size) return false;
  for (const member of a) if (!b.has(member)) return false;
  return true;
}

/** Deep equality of plain view data (objects, arrays, primitives). */
export function samePlainData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  const recordA = a as Record<string, unknown>;
  const recordB = b as Record<string, unknown>;
  return keysA.every((k) => Object.hasOwn(recordB, k) && samePlainData(recordA[k], recordB[k]));
}
