import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { ListOutboxRequest as _exchange_admin_v1_ListOutboxRequest, ListOutboxRequest__Output as _exchange_admin_v1_ListOutboxRequest__Output } from './exchange/admin/v1/ListOutboxRequest';
import type { ListOutboxResponse as _exchange_admin_v1_ListOutboxResponse, ListOutboxResponse__Output as _exchange_admin_v1_ListOutboxResponse__Output } from './exchange/admin/v1/ListOutboxResponse';
import type { OutboxMessage as _exchange_admin_v1_OutboxMessage, OutboxMessage__Output as _exchange_admin_v1_OutboxMessage__Output } from './exchange/admin/v1/OutboxMessage';
import type { OutboxServiceClient as _exchange_admin_v1_OutboxServiceClient, OutboxServiceDefinition as _exchange_admin_v1_OutboxServiceDefinition } from './exchange/admin/v1/OutboxService';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  exchange: {
    admin: {
      v1: {
        ListOutboxRequest: MessageTypeDefinition<_exchange_admin_v1_ListOutboxRequest, _exchange_admin_v1_ListOutboxRequest__Output>
        ListOutboxResponse: MessageTypeDefinition<_exchange_admin_v1_ListOutboxResponse, _exchange_admin_v1_ListOutboxResponse__Output>
        OutboxMessage: MessageTypeDefinition<_exchange_admin_v1_OutboxMessage, _exchange_admin_v1_OutboxMessage__Output>
        /**
         * Extension: e-mail and SMS kept in the store when no SMTP server or SMS provider is configured,
         * and the delivery record of those sent.
         */
        OutboxService: SubtypeConstructor<typeof grpc.Client, _exchange_admin_v1_OutboxServiceClient> & { service: _exchange_admin_v1_OutboxServiceDefinition }
      }
    }
  }
}

