import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { Amount as _exchange_admin_v1_Amount, Amount__Output as _exchange_admin_v1_Amount__Output } from './exchange/admin/v1/Amount';
import type { DemoUser as _exchange_admin_v1_DemoUser, DemoUser__Output as _exchange_admin_v1_DemoUser__Output } from './exchange/admin/v1/DemoUser';
import type { DevServiceClient as _exchange_admin_v1_DevServiceClient, DevServiceDefinition as _exchange_admin_v1_DevServiceDefinition } from './exchange/admin/v1/DevService';
import type { PageRequest as _exchange_admin_v1_PageRequest, PageRequest__Output as _exchange_admin_v1_PageRequest__Output } from './exchange/admin/v1/PageRequest';
import type { PageResponse as _exchange_admin_v1_PageResponse, PageResponse__Output as _exchange_admin_v1_PageResponse__Output } from './exchange/admin/v1/PageResponse';
import type { SeedRequest as _exchange_admin_v1_SeedRequest, SeedRequest__Output as _exchange_admin_v1_SeedRequest__Output } from './exchange/admin/v1/SeedRequest';
import type { SeedResponse as _exchange_admin_v1_SeedResponse, SeedResponse__Output as _exchange_admin_v1_SeedResponse__Output } from './exchange/admin/v1/SeedResponse';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  exchange: {
    admin: {
      v1: {
        Amount: MessageTypeDefinition<_exchange_admin_v1_Amount, _exchange_admin_v1_Amount__Output>
        DemoUser: MessageTypeDefinition<_exchange_admin_v1_DemoUser, _exchange_admin_v1_DemoUser__Output>
        /**
         * Extension (issue 14): helpers for a local try-out. Every RPC answers FAILED_PRECONDITION unless
         * the node was started with --dev (EXCHANGE_DEV=true).
         */
        DevService: SubtypeConstructor<typeof grpc.Client, _exchange_admin_v1_DevServiceClient> & { service: _exchange_admin_v1_DevServiceDefinition }
        PageRequest: MessageTypeDefinition<_exchange_admin_v1_PageRequest, _exchange_admin_v1_PageRequest__Output>
        PageResponse: MessageTypeDefinition<_exchange_admin_v1_PageResponse, _exchange_admin_v1_PageResponse__Output>
        SeedRequest: MessageTypeDefinition<_exchange_admin_v1_SeedRequest, _exchange_admin_v1_SeedRequest__Output>
        SeedResponse: MessageTypeDefinition<_exchange_admin_v1_SeedResponse, _exchange_admin_v1_SeedResponse__Output>
      }
    }
  }
}

