import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { BackupRequest as _exchange_admin_v1_BackupRequest, BackupRequest__Output as _exchange_admin_v1_BackupRequest__Output } from './exchange/admin/v1/BackupRequest';
import type { BackupResponse as _exchange_admin_v1_BackupResponse, BackupResponse__Output as _exchange_admin_v1_BackupResponse__Output } from './exchange/admin/v1/BackupResponse';
import type { StoreServiceClient as _exchange_admin_v1_StoreServiceClient, StoreServiceDefinition as _exchange_admin_v1_StoreServiceDefinition } from './exchange/admin/v1/StoreService';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  exchange: {
    admin: {
      v1: {
        BackupRequest: MessageTypeDefinition<_exchange_admin_v1_BackupRequest, _exchange_admin_v1_BackupRequest__Output>
        BackupResponse: MessageTypeDefinition<_exchange_admin_v1_BackupResponse, _exchange_admin_v1_BackupResponse__Output>
        /**
         * Extension: the node's store. See docs/operations.md.
         */
        StoreService: SubtypeConstructor<typeof grpc.Client, _exchange_admin_v1_StoreServiceClient> & { service: _exchange_admin_v1_StoreServiceDefinition }
      }
    }
  }
}

