// Original file: exchange/admin/v1/p2p.proto

import type { Long } from '@grpc/proto-loader';

export interface P2PChatMessage {
  'id'?: (string);
  /**
   * An account id or "system".
   */
  'sender'?: (string);
  /**
   * text, file or system.
   */
  'kind'?: (string);
  'text'?: (string);
  'file_id'?: (string);
  'file_name'?: (string);
  'file_type'?: (string);
  'file_size'?: (number | string | Long);
  'created_at'?: (string);
}

export interface P2PChatMessage__Output {
  'id': (string);
  /**
   * An account id or "system".
   */
  'sender': (string);
  /**
   * text, file or system.
   */
  'kind': (string);
  'text': (string);
  'file_id': (string);
  'file_name': (string);
  'file_type': (string);
  'file_size': (string);
  'created_at': (string);
}
