import type { Migration } from './database';

/** Schema of the IM core. Append new migrations; never edit an applied one. */
export const coreMigrations: readonly Migration[] = [
  {
    version: 1,
    name: 'users, tokens, relations, conversations, messages, version logs',
    up(db) {
      db.exec(`
        CREATE TABLE users (
          user_id TEXT PRIMARY KEY,
          nickname TEXT NOT NULL DEFAULT '',
          face_url TEXT NOT NULL DEFAULT '',
          ex TEXT NOT NULL DEFAULT '',
          app_manger_level INTEGER NOT NULL DEFAULT 0,
          global_recv_msg_opt INTEGER NOT NULL DEFAULT 0,
          create_time INTEGER NOT NULL
        );
        CREATE TABLE tokens (
          token TEXT PRIMARY KEY,
          user_id TEXT NOT NULL,
          platform_id INTEGER NOT NULL,
          state INTEGER NOT NULL DEFAULT 0,
          expire_time INTEGER NOT NULL,
          create_time INTEGER NOT NULL
        );
        CREATE INDEX tokens_user ON tokens (user_id, platform_id);
        CREATE TABLE friends (
          owner_user_id TEXT NOT NULL,
          friend_user_id TEXT NOT NULL,
          remark TEXT NOT NULL DEFAULT '',
          create_time INTEGER NOT NULL,
          add_source INTEGER NOT NULL DEFAULT 0,
          operator_user_id TEXT NOT NULL DEFAULT '',
          ex TEXT NOT NULL DEFAULT '',
          is_pinned INTEGER NOT NULL DEFAULT 0,
          ord INTEGER NOT NULL,
          PRIMARY KEY (owner_user_id, friend_user_id)
        );
        CREATE INDEX friends_friend ON friends (friend_user_id);
        CREATE TABLE friend_requests (
          from_user_id TEXT NOT NULL,
          to_user_id TEXT NOT NULL,
          req_msg TEXT NOT NULL DEFAULT '',
          ex TEXT NOT NULL DEFAULT '',
          handle_result INTEGER NOT NULL DEFAULT 0,
          handler_user_id TEXT NOT NULL DEFAULT '',
          handle_msg TEXT NOT NULL DEFAULT '',
          handle_time INTEGER NOT NULL DEFAULT 0,
          create_time INTEGER NOT NULL,
          PRIMARY KEY (from_user_id, to_user_id)
        );
        CREATE INDEX friend_requests_to ON friend_requests (to_user_id);
        CREATE TABLE blacks (
          owner_user_id TEXT NOT NULL,
          block_user_id TEXT NOT NULL,
          create_time INTEGER NOT NULL,
          add_source INTEGER NOT NULL DEFAULT 0,
          operator_user_id TEXT NOT NULL DEFAULT '',
          ex TEXT NOT NULL DEFAULT '',
          PRIMARY KEY (owner_user_id, block_user_id)
        );
        CREATE TABLE conversations (
          owner_user_id TEXT NOT NULL,
          conversation_id TEXT NOT NULL,
          conversation_type INTEGER NOT NULL,
          user_id TEXT NOT NULL DEFAULT '',
          group_id TEXT NOT NULL DEFAULT '',
          recv_msg_opt INTEGER NOT NULL DEFAULT 0,
          is_pinned INTEGER NOT NULL DEFAULT 0,
          attached_info TEXT NOT NULL DEFAULT '',
          is_private_chat INTEGER NOT NULL DEFAULT 0,
          burn_duration INTEGER NOT NULL DEFAULT 0,
          group_at_type INTEGER NOT NULL DEFAULT 0,
          ex TEXT NOT NULL DEFAULT '',
          min_seq INTEGER NOT NULL DEFAULT 0,
          max_seq INTEGER NOT NULL DEFAULT 0,
          msg_destruct_time INTEGER NOT NULL DEFAULT 604800,
          latest_msg_destruct_time INTEGER NOT NULL DEFAULT 0,
          is_msg_destruct INTEGER NOT NULL DEFAULT 0,
          has_read_seq INTEGER NOT NULL DEFAULT 0,
          create_time INTEGER NOT NULL,
          PRIMARY KEY (owner_user_id, conversation_id)
        );
        CREATE INDEX conversations_conv ON conversations (conversation_id);
        CREATE TABLE seqs (
          conversation_id TEXT PRIMARY KEY,
          max_seq INTEGER NOT NULL,
          max_seq_time INTEGER NOT NULL
        );
        CREATE TABLE messages (
          conversation_id TEXT NOT NULL,
          seq INTEGER NOT NULL,
          server_msg_id TEXT NOT NULL,
          client_msg_id TEXT NOT NULL,
          send_id TEXT NOT NULL,
          recv_id TEXT NOT NULL,
          group_id TEXT NOT NULL DEFAULT '',
          sender_platform_id INTEGER NOT NULL DEFAULT 0,
          sender_nickname TEXT NOT NULL DEFAULT '',
          sender_face_url TEXT NOT NULL DEFAULT '',
          session_type INTEGER NOT NULL,
          msg_from INTEGER NOT NULL,
          content_type INTEGER NOT NULL,
          content BLOB NOT NULL,
          send_time INTEGER NOT NULL,
          create_time INTEGER NOT NULL,
          options TEXT NOT NULL DEFAULT '{}',
          offline_push_info TEXT,
          at_user_id_list TEXT NOT NULL DEFAULT '[]',
          attached_info TEXT NOT NULL DEFAULT '',
          ex TEXT NOT NULL DEFAULT '',
          is_read INTEGER NOT NULL DEFAULT 0,
          revoked TEXT,
          PRIMARY KEY (conversation_id, seq)
        );
        CREATE INDEX messages_client ON messages (client_msg_id);
        CREATE TABLE message_deletes (
          user_id TEXT NOT NULL,
          conversation_id TEXT NOT NULL,
          seq INTEGER NOT NULL,
          PRIMARY KEY (user_id, conversation_id, seq)
        );
        CREATE TABLE version_logs (
          collection TEXT NOT NULL,
          d_id TEXT NOT NULL,
          version_id TEXT NOT NULL,
          version INTEGER NOT NULL,
          PRIMARY KEY (collection, d_id)
        );
        CREATE TABLE version_entries (
          collection TEXT NOT NULL,
          d_id TEXT NOT NULL,
          e_id TEXT NOT NULL,
          state INTEGER NOT NULL,
          version INTEGER NOT NULL,
          PRIMARY KEY (collection, d_id, e_id)
        );
        CREATE INDEX version_entries_v ON version_entries (collection, d_id, version);
      `);
    },
  },
  {
    version: 2,
    name: 'groups, group members, group join requests',
    up(db) {
      db.exec(`
        CREATE TABLE groups (
          group_id TEXT PRIMARY KEY,
          group_name TEXT NOT NULL DEFAULT '',
          notification TEXT NOT NULL DEFAULT '',
          introduction TEXT NOT NULL DEFAULT '',
          face_url TEXT NOT NULL DEFAULT '',
          ex TEXT NOT NULL DEFAULT '',
          status INTEGER NOT NULL DEFAULT 0,
          creator_user_id TEXT NOT NULL DEFAULT '',
          group_type INTEGER NOT NULL DEFAULT 2,
          need_verification INTEGER NOT NULL DEFAULT 0,
          look_member_info INTEGER NOT NULL DEFAULT 0,
          apply_member_friend INTEGER NOT NULL DEFAULT 0,
          notification_update_time INTEGER NOT NULL DEFAULT 0,
          notification_user_id TEXT NOT NULL DEFAULT '',
          create_time INTEGER NOT NULL
        );
        CREATE TABLE group_members (
          group_id TEXT NOT NULL,
          user_id TEXT NOT NULL,
          role_level INTEGER NOT NULL,
          join_time INTEGER NOT NULL,
          nickname TEXT NOT NULL DEFAULT '',
          face_url TEXT NOT NULL DEFAULT '',
          join_source INTEGER NOT NULL DEFAULT 0,
          operator_user_id TEXT NOT NULL DEFAULT '',
          inviter_user_id TEXT NOT NULL DEFAULT '',
          ex TEXT NOT NULL DEFAULT '',
          mute_end_time INTEGER NOT NULL DEFAULT 0,
          PRIMARY KEY (group_id, user_id)
        );
        CREATE INDEX group_members_user ON group_members (user_id);
        CREATE TABLE group_requests (
          group_id TEXT NOT NULL,
          user_id TEXT NOT NULL,
          req_msg TEXT NOT NULL DEFAULT '',
          handle_result INTEGER NOT NULL DEFAULT 0,
          handle_msg TEXT NOT NULL DEFAULT '',
          handle_user_id TEXT NOT NULL DEFAULT '',
          handle_time INTEGER NOT NULL DEFAULT 0,
          join_source INTEGER NOT NULL DEFAULT 0,
          inviter_user_id TEXT NOT NULL DEFAULT '',
          ex TEXT NOT NULL DEFAULT '',
          req_time INTEGER NOT NULL,
          PRIMARY KEY (group_id, user_id)
        );
        CREATE INDEX group_requests_user ON group_requests (user_id);
      `);
    },
  },
  {
    version: 3,
    name: 'drop the unused client message ID index',
    up(db) {
      // No query looks messages up by client_msg_id, and its random keys cost every insert a B-tree
      // descent and a dirty page (bench/server-load).
      db.exec('DROP INDEX IF EXISTS messages_client');
    },
  },
  {
    version: 4,
    name: 'sent messages by sender and client message ID (idempotent re-sends)',
    up(db) {
      // Keyed by sender first: a client's IDs are random, so this is one B-tree insert per send;
      // messages sent before this migration are not covered (their re-sends were answered long ago).
      db.exec(`
        CREATE TABLE sent_messages (
          send_id TEXT NOT NULL,
          client_msg_id TEXT NOT NULL,
          conversation_id TEXT NOT NULL,
          seq INTEGER NOT NULL,
          server_msg_id TEXT NOT NULL,
          send_time INTEGER NOT NULL,
          PRIMARY KEY (send_id, client_msg_id)
        ) WITHOUT ROWID;
      `);
    },
  },
  {
    version: 5,
    name: 'group members and friends in their list order',
    up(db) {
      // A first sync pages through the friend list and every joined group's members; in these orders a
      // page is read from the index instead of sorting the whole list for each page.
      db.exec(`
        CREATE INDEX group_members_order ON group_members (group_id, role_level DESC, join_time);
        CREATE INDEX friends_order ON friends (owner_user_id, is_pinned DESC, ord);
      `);
    },
  },
];
