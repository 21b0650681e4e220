import type Database from 'better-sqlite3';

/** Same shape as the CORE runner's Migration; recorded under module "chat". Append only, never edit. */
export interface ChatMigration {
  version: number;
  name: string;
  up(db: Database.Database): void;
}

export const CHAT_MIGRATION_MODULE = 'chat';

export const chatMigrations: readonly ChatMigration[] = [
  {
    version: 1,
    name: 'chat accounts, credentials, verification codes, invitations',
    up(db) {
      db.exec(`
        CREATE TABLE chat_accounts (
          user_id TEXT PRIMARY KEY,
          nickname TEXT NOT NULL,
          face_url TEXT NOT NULL DEFAULT '',
          account TEXT NOT NULL DEFAULT '',
          area_code TEXT NOT NULL DEFAULT '',
          phone_number TEXT NOT NULL DEFAULT '',
          email TEXT NOT NULL DEFAULT '',
          gender INTEGER NOT NULL DEFAULT 0,
          birth_ms INTEGER NOT NULL DEFAULT 0,
          level INTEGER NOT NULL DEFAULT 1,
          allow_add_friend INTEGER NOT NULL DEFAULT 1,
          allow_create_group INTEGER NOT NULL DEFAULT 1,
          allow_beep INTEGER NOT NULL DEFAULT 1,
          allow_vibration INTEGER NOT NULL DEFAULT 1,
          global_recv_msg_opt INTEGER NOT NULL DEFAULT 0,
          register_type INTEGER NOT NULL DEFAULT 0,
          invite_code TEXT NOT NULL UNIQUE,
          invited_by TEXT NOT NULL DEFAULT '',
          -- scrypt of the client's MD5 string, self-describing: scrypt$N$r$p$salt$hash
          password_hash TEXT NOT NULL,
          -- bumped to revoke every chat token of the user (password reset)
          token_epoch INTEGER NOT NULL DEFAULT 0,
          created_at INTEGER NOT NULL,
          updated_at INTEGER NOT NULL
        );
        CREATE INDEX chat_accounts_nickname ON chat_accounts (nickname COLLATE NOCASE);

        -- The real uniqueness guard of login identifiers ("+86 13800000001", a lower-cased e-mail).
        CREATE TABLE chat_credentials (
          identifier TEXT PRIMARY KEY,
          user_id TEXT NOT NULL REFERENCES chat_accounts (user_id),
          kind TEXT NOT NULL CHECK (kind IN ('phone', 'email', 'account')),
          UNIQUE (user_id, kind)
        );

        CREATE TABLE chat_verify_codes (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          identifier TEXT NOT NULL,
          used_for INTEGER NOT NULL,
          -- the code itself is hashed so a database leak does not leak live codes
          code_hash TEXT NOT NULL,
          attempts INTEGER NOT NULL DEFAULT 0,
          used INTEGER NOT NULL DEFAULT 0,
          client_ip TEXT NOT NULL DEFAULT '',
          created_at INTEGER NOT NULL,
          expires_at INTEGER NOT NULL
        );
        CREATE INDEX chat_verify_codes_identifier ON chat_verify_codes (identifier, id);
        CREATE INDEX chat_verify_codes_ip ON chat_verify_codes (client_ip, created_at);

        -- Single-use invitation codes issued by the admin.
        CREATE TABLE chat_invitation_codes (
          code TEXT PRIMARY KEY,
          used_by TEXT NOT NULL DEFAULT '',
          used_at INTEGER NOT NULL DEFAULT 0,
          created_at INTEGER NOT NULL
        );
      `);
    },
  },
  {
    version: 2,
    name: 'wallet ledger, pay passwords, red packets',
    up(db) {
      db.exec(`
        CREATE TABLE wallet_accounts (
          user_id TEXT PRIMARY KEY,
          balance_cents INTEGER NOT NULL DEFAULT 0 CHECK (balance_cents >= 0),
          updated_at INTEGER NOT NULL
        );

        -- Append-only: the triggers below refuse every UPDATE and DELETE.
        CREATE TABLE wallet_ledger (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          user_id TEXT NOT NULL,
          type INTEGER NOT NULL CHECK (type IN (0, 1, 2, 3)),
          amount_cents INTEGER NOT NULL CHECK (amount_cents <> 0),
          balance_after INTEGER NOT NULL CHECK (balance_after >= 0),
          ref_kind TEXT NOT NULL CHECK (ref_kind IN ('system', 'topup', 'withdraw', 'rp_send', 'rp_claim', 'rp_refund')),
          ref_id TEXT NOT NULL DEFAULT '',
          remark TEXT NOT NULL DEFAULT '',
          created_at INTEGER NOT NULL
        );
        CREATE INDEX wallet_ledger_user ON wallet_ledger (user_id, id DESC);
        CREATE TRIGGER wallet_ledger_no_update BEFORE UPDATE ON wallet_ledger
          BEGIN SELECT RAISE(ABORT, 'wallet_ledger is append-only'); END;
        CREATE TRIGGER wallet_ledger_no_delete BEFORE DELETE ON wallet_ledger
          BEGIN SELECT RAISE(ABORT, 'wallet_ledger is append-only'); END;

        CREATE TABLE wallet_pay_passwords (
          user_id TEXT PRIMARY KEY,
          hash TEXT NOT NULL,
          fail_count INTEGER NOT NULL DEFAULT 0,
          locked_until INTEGER NOT NULL DEFAULT 0,
          updated_at INTEGER NOT NULL
        );

        CREATE TABLE red_packets (
          id TEXT PRIMARY KEY,
          sender_id TEXT NOT NULL,
          target_kind TEXT NOT NULL CHECK (target_kind IN ('user', 'group')),
          target_id TEXT NOT NULL,
          total_cents INTEGER NOT NULL CHECK (total_cents > 0),
          num INTEGER NOT NULL CHECK (num > 0 AND num <= total_cents),
          message TEXT NOT NULL,
          status TEXT NOT NULL CHECK (status IN ('active', 'finished', 'expired')),
          claimed_cents INTEGER NOT NULL DEFAULT 0,
          claimed_num INTEGER NOT NULL DEFAULT 0 CHECK (claimed_num <= num),
          refunded_cents INTEGER NOT NULL DEFAULT 0,
          idempotency_key TEXT,
          created_at INTEGER NOT NULL,
          expires_at INTEGER NOT NULL,
          CHECK (claimed_cents + refunded_cents <= total_cents),
          UNIQUE (sender_id, idempotency_key)
        );
        CREATE INDEX red_packets_due ON red_packets (status, expires_at);

        CREATE TABLE red_packet_shares (
          packet_id TEXT NOT NULL REFERENCES red_packets (id),
          idx INTEGER NOT NULL,
          amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
          claimed_by TEXT,
          claimed_at INTEGER,
          refunded INTEGER NOT NULL DEFAULT 0,
          PRIMARY KEY (packet_id, idx),
          -- the database-level guard against a double claim
          UNIQUE (packet_id, claimed_by)
        );
      `);
    },
  },
];
