// Original file: exchange/admin/v1/outbox.proto

import type { OutboxMessage as _exchange_admin_v1_OutboxMessage, OutboxMessage__Output as _exchange_admin_v1_OutboxMessage__Output } from '../../../exchange/admin/v1/OutboxMessage';

export interface ListOutboxResponse {
  'messages'?: (_exchange_admin_v1_OutboxMessage)[];
}

export interface ListOutboxResponse__Output {
  'messages': (_exchange_admin_v1_OutboxMessage__Output)[];
}
