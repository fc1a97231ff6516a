import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { CreateTierRequest as _exchange_admin_v1_CreateTierRequest, CreateTierRequest__Output as _exchange_admin_v1_CreateTierRequest__Output } from './exchange/admin/v1/CreateTierRequest';
import type { CreateTierResponse as _exchange_admin_v1_CreateTierResponse, CreateTierResponse__Output as _exchange_admin_v1_CreateTierResponse__Output } from './exchange/admin/v1/CreateTierResponse';
import type { DeleteTierRequest as _exchange_admin_v1_DeleteTierRequest, DeleteTierRequest__Output as _exchange_admin_v1_DeleteTierRequest__Output } from './exchange/admin/v1/DeleteTierRequest';
import type { DeleteTierResponse as _exchange_admin_v1_DeleteTierResponse, DeleteTierResponse__Output as _exchange_admin_v1_DeleteTierResponse__Output } from './exchange/admin/v1/DeleteTierResponse';
import type { GetDefaultTierRequest as _exchange_admin_v1_GetDefaultTierRequest, GetDefaultTierRequest__Output as _exchange_admin_v1_GetDefaultTierRequest__Output } from './exchange/admin/v1/GetDefaultTierRequest';
import type { GetDefaultTierResponse as _exchange_admin_v1_GetDefaultTierResponse, GetDefaultTierResponse__Output as _exchange_admin_v1_GetDefaultTierResponse__Output } from './exchange/admin/v1/GetDefaultTierResponse';
import type { SetDefaultTierRequest as _exchange_admin_v1_SetDefaultTierRequest, SetDefaultTierRequest__Output as _exchange_admin_v1_SetDefaultTierRequest__Output } from './exchange/admin/v1/SetDefaultTierRequest';
import type { SetDefaultTierResponse as _exchange_admin_v1_SetDefaultTierResponse, SetDefaultTierResponse__Output as _exchange_admin_v1_SetDefaultTierResponse__Output } from './exchange/admin/v1/SetDefaultTierResponse';
import type { TiersServiceClient as _exchange_admin_v1_TiersServiceClient, TiersServiceDefinition as _exchange_admin_v1_TiersServiceDefinition } from './exchange/admin/v1/TiersService';
import type { UpdateTierRequest as _exchange_admin_v1_UpdateTierRequest, UpdateTierRequest__Output as _exchange_admin_v1_UpdateTierRequest__Output } from './exchange/admin/v1/UpdateTierRequest';
import type { UpdateTierResponse as _exchange_admin_v1_UpdateTierResponse, UpdateTierResponse__Output as _exchange_admin_v1_UpdateTierResponse__Output } from './exchange/admin/v1/UpdateTierResponse';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  exchange: {
    admin: {
      v1: {
        CreateTierRequest: MessageTypeDefinition<_exchange_admin_v1_CreateTierRequest, _exchange_admin_v1_CreateTierRequest__Output>
        CreateTierResponse: MessageTypeDefinition<_exchange_admin_v1_CreateTierResponse, _exchange_admin_v1_CreateTierResponse__Output>
        DeleteTierRequest: MessageTypeDefinition<_exchange_admin_v1_DeleteTierRequest, _exchange_admin_v1_DeleteTierRequest__Output>
        DeleteTierResponse: MessageTypeDefinition<_exchange_admin_v1_DeleteTierResponse, _exchange_admin_v1_DeleteTierResponse__Output>
        GetDefaultTierRequest: MessageTypeDefinition<_exchange_admin_v1_GetDefaultTierRequest, _exchange_admin_v1_GetDefaultTierRequest__Output>
        GetDefaultTierResponse: MessageTypeDefinition<_exchange_admin_v1_GetDefaultTierResponse, _exchange_admin_v1_GetDefaultTierResponse__Output>
        SetDefaultTierRequest: MessageTypeDefinition<_exchange_admin_v1_SetDefaultTierRequest, _exchange_admin_v1_SetDefaultTierRequest__Output>
        SetDefaultTierResponse: MessageTypeDefinition<_exchange_admin_v1_SetDefaultTierResponse, _exchange_admin_v1_SetDefaultTierResponse__Output>
        TiersService: SubtypeConstructor<typeof grpc.Client, _exchange_admin_v1_TiersServiceClient> & { service: _exchange_admin_v1_TiersServiceDefinition }
        UpdateTierRequest: MessageTypeDefinition<_exchange_admin_v1_UpdateTierRequest, _exchange_admin_v1_UpdateTierRequest__Output>
        UpdateTierResponse: MessageTypeDefinition<_exchange_admin_v1_UpdateTierResponse, _exchange_admin_v1_UpdateTierResponse__Output>
      }
    }
  }
}

