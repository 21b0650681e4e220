/** Invitation codes: single-use codes an admin issues, and each user's personal multi-use code. */
import { randomInt } from 'node:crypto';
import type { ChatContext } from './context';
import { ChatError, ErrCode, argsError } from './errors';

const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export class Invitations {
  constructor(private readonly ctx: ChatContext) {}

  /** Returns the referrer's userID for a personal invite code, '' for an admin code; throws 20010/20011/1001. */
  checkInvitation(code: string | undefined): string {
    if (!code) throw argsError('invitationCode is required');
    const adminCode = this.ctx.db
      .prepare<[string], { used_by: string }>('SELECT used_by FROM chat_invitation_codes WHERE code = ?')
      .get(code);
    if (adminCode) {
      if (adminCode.used_by) throw new ChatError(ErrCode.InvitationCodeUsed, 'invitation code used');
      return '';
    }
    const referrer = this.ctx.db
      .prepare<[string], { user_id: string }>('SELECT user_id FROM chat_accounts WHERE invite_code = ?')
      .get(code.toUpperCase());
    if (referrer) return referrer.user_id;
    throw new ChatError(ErrCode.InvitationNotFound, 'invitation code does not exist');
  }

  createInvitationCodes(codes: readonly string[]): void {
    const insert = this.ctx.db.prepare(
      'INSERT OR IGNORE INTO chat_invitation_codes (code, created_at) VALUES (?, ?)',
    );
    this.ctx.db.transaction(() => {
      for (const c of codes) insert.run(c, this.ctx.clock.now());
    })();
  }

  /** A personal code no account holds yet. */
  newInviteCode(): string {
    for (;;) {
      let code = '';
      for (let i = 0; i < 8; i++) code += INVITE_ALPHABET[randomInt(0, INVITE_ALPHABET.length)];
      const taken = this.ctx.db.prepare('SELECT 1 FROM chat_accounts WHERE invite_code = ?').get(code);
      if (!taken) return code;
    }
  }
}
