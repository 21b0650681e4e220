import { TEXT_LIMITS } from '@teamim/domain';

/** The verification view's application text (spec §2: friend 6 rows, group 4 rows; both max 50 with a counter). */
export interface RequestDraft {
  readonly message: string;
  /** Characters typed (code points, as the limit counts them). */
  readonly length: number;
  readonly max: number;
  readonly rows: number;
}

export function requestDraft(kind: 'friend' | 'group', message: string): RequestDraft {
  const max = kind === 'friend' ? TEXT_LIMITS.friendRequestMessage : TEXT_LIMITS.joinRequestMessage;
  // Typing past the limit keeps the first `max` characters, as the text area's maxLength would.
  const kept = [...message].slice(0, max).join('');
  return { message: kept, length: [...kept].length, max, rows: kind === 'friend' ? 6 : 4 };
}
