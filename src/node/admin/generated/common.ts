import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { Amount as _exchange_admin_v1_Amount, Amount__Output as _exchange_admin_v1_Amount__Output } from './exchange/admin/v1/Amount';
import type { PageRequest as _exchange_admin_v1_PageRequest, PageRequest__Output as _exchange_admin_v1_PageRequest__Output } from './exchange/admin/v1/PageRequest';
import type { PageResponse as _exchange_admin_v1_PageResponse, PageResponse__Output as _exchange_admin_v1_PageResponse__Output } from './exchange/admin/v1/PageResponse';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  exchange: {
    admin: {
      v1: {
        Amount: MessageTypeDefinition<_exchange_admin_v1_Amount, _exchange_admin_v1_Amount__Output>
        PageRequest: MessageTypeDefinition<_exchange_admin_v1_PageRequest, _exchange_admin_v1_PageRequest__Output>
        PageResponse: MessageTypeDefinition<_exchange_admin_v1_PageResponse, _exchange_admin_v1_PageResponse__Output>
      }
    }
  }
}

