// Original file: exchange/admin/v1/store.proto

import type { Long } from '@grpc/proto-loader';

export interface BackupResponse {
  /**
   * The store copy (an SQLite database).
   */
  'path'?: (string);
  /**
   * The secrets.json of the store, beside the copy.
   */
  'secrets_path'?: (string);
  /**
   * Size of the store copy in bytes.
   */
  'bytes'?: (number | string | Long);
  /**
   * Key id of the secrets (first 16 hex digits of SHA-256 over the keys), recorded in the store.
   */
  'key_id'?: (string);
}

export interface BackupResponse__Output {
  /**
   * The store copy (an SQLite database).
   */
  'path': (string);
  /**
   * The secrets.json of the store, beside the copy.
   */
  'secrets_path': (string);
  /**
   * Size of the store copy in bytes.
   */
  'bytes': (string);
  /**
   * Key id of the secrets (first 16 hex digits of SHA-256 over the keys), recorded in the store.
   */
  'key_id': (string);
}
