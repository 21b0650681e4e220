import type { Migration } from '../db/database';

export const OBJECTS_MIGRATION_MODULE = 'objects';

/** Metadata of the object storage; the bytes live in the BlobStore (memory or `<data-dir>/objects`). */
export const objectMigrations: readonly Migration[] = [
  {
    version: 1,
    name: 'uploads, parts, blobs, named objects',
    up(db) {
      db.exec(`
        CREATE TABLE object_uploads (
          upload_id    TEXT PRIMARY KEY,
          user_id      TEXT NOT NULL,
          hash         TEXT NOT NULL,
          size         INTEGER NOT NULL,
          part_size    INTEGER NOT NULL,
          part_count   INTEGER NOT NULL,
          name         TEXT NOT NULL,
          content_type TEXT NOT NULL,
          cause        TEXT NOT NULL DEFAULT '',
          created_at   INTEGER NOT NULL,
          expires_at   INTEGER NOT NULL
        );
        CREATE INDEX object_uploads_expiry ON object_uploads (expires_at);
        CREATE TABLE object_upload_parts (
          upload_id   TEXT NOT NULL REFERENCES object_uploads (upload_id) ON DELETE CASCADE,
          part_number INTEGER NOT NULL,
          size        INTEGER NOT NULL,
          md5         TEXT NOT NULL,
          PRIMARY KEY (upload_id, part_number)
        );
        CREATE TABLE object_blobs (
          blob_key   TEXT PRIMARY KEY,
          size       INTEGER NOT NULL,
          created_at INTEGER NOT NULL
        );
        -- The SDK's upload hash (MD5 of the part MD5s) of a stored blob, for instant re-uploads.
        CREATE TABLE object_hashes (
          hash     TEXT NOT NULL,
          size     INTEGER NOT NULL,
          blob_key TEXT NOT NULL REFERENCES object_blobs (blob_key) ON DELETE CASCADE,
          PRIMARY KEY (hash, size)
        );
        CREATE TABLE objects (
          name         TEXT PRIMARY KEY,
          blob_key     TEXT NOT NULL REFERENCES object_blobs (blob_key),
          size         INTEGER NOT NULL,
          content_type TEXT NOT NULL,
          user_id      TEXT NOT NULL,
          cause        TEXT NOT NULL DEFAULT '',
          created_at   INTEGER NOT NULL
        );
        CREATE INDEX objects_blob ON objects (blob_key);
      `);
    },
  },
];
