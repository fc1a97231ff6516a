import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { APIKey as _exchange_admin_v1_APIKey, APIKey__Output as _exchange_admin_v1_APIKey__Output } from './exchange/admin/v1/APIKey';
import type { APIKeysServiceClient as _exchange_admin_v1_APIKeysServiceClient, APIKeysServiceDefinition as _exchange_admin_v1_APIKeysServiceDefinition } from './exchange/admin/v1/APIKeysService';
import type { CreateAPIKeyRequest as _exchange_admin_v1_CreateAPIKeyRequest, CreateAPIKeyRequest__Output as _exchange_admin_v1_CreateAPIKeyRequest__Output } from './exchange/admin/v1/CreateAPIKeyRequest';
import type { CreateAPIKeyResponse as _exchange_admin_v1_CreateAPIKeyResponse, CreateAPIKeyResponse__Output as _exchange_admin_v1_CreateAPIKeyResponse__Output } from './exchange/admin/v1/CreateAPIKeyResponse';
import type { DeleteAPIKeyRequest as _exchange_admin_v1_DeleteAPIKeyRequest, DeleteAPIKeyRequest__Output as _exchange_admin_v1_DeleteAPIKeyRequest__Output } from './exchange/admin/v1/DeleteAPIKeyRequest';
import type { DeleteAPIKeyResponse as _exchange_admin_v1_DeleteAPIKeyResponse, DeleteAPIKeyResponse__Output as _exchange_admin_v1_DeleteAPIKeyResponse__Output } from './exchange/admin/v1/DeleteAPIKeyResponse';
import type { ListAPIKeysRequest as _exchange_admin_v1_ListAPIKeysRequest, ListAPIKeysRequest__Output as _exchange_admin_v1_ListAPIKeysRequest__Output } from './exchange/admin/v1/ListAPIKeysRequest';
import type { ListAPIKeysResponse as _exchange_admin_v1_ListAPIKeysResponse, ListAPIKeysResponse__Output as _exchange_admin_v1_ListAPIKeysResponse__Output } from './exchange/admin/v1/ListAPIKeysResponse';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  exchange: {
    admin: {
      v1: {
        APIKey: MessageTypeDefinition<_exchange_admin_v1_APIKey, _exchange_admin_v1_APIKey__Output>
        APIKeysService: SubtypeConstructor<typeof grpc.Client, _exchange_admin_v1_APIKeysServiceClient> & { service: _exchange_admin_v1_APIKeysServiceDefinition }
        CreateAPIKeyRequest: MessageTypeDefinition<_exchange_admin_v1_CreateAPIKeyRequest, _exchange_admin_v1_CreateAPIKeyRequest__Output>
        CreateAPIKeyResponse: MessageTypeDefinition<_exchange_admin_v1_CreateAPIKeyResponse, _exchange_admin_v1_CreateAPIKeyResponse__Output>
        DeleteAPIKeyRequest: MessageTypeDefinition<_exchange_admin_v1_DeleteAPIKeyRequest, _exchange_admin_v1_DeleteAPIKeyRequest__Output>
        DeleteAPIKeyResponse: MessageTypeDefinition<_exchange_admin_v1_DeleteAPIKeyResponse, _exchange_admin_v1_DeleteAPIKeyResponse__Output>
        ListAPIKeysRequest: MessageTypeDefinition<_exchange_admin_v1_ListAPIKeysRequest, _exchange_admin_v1_ListAPIKeysRequest__Output>
        ListAPIKeysResponse: MessageTypeDefinition<_exchange_admin_v1_ListAPIKeysResponse, _exchange_admin_v1_ListAPIKeysResponse__Output>
      }
    }
  }
}

