// Original file: exchange/admin/v1/tiers.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { CreateTierRequest as _exchange_admin_v1_CreateTierRequest, CreateTierRequest__Output as _exchange_admin_v1_CreateTierRequest__Output } from '../../../exchange/admin/v1/CreateTierRequest';
import type { CreateTierResponse as _exchange_admin_v1_CreateTierResponse, CreateTierResponse__Output as _exchange_admin_v1_CreateTierResponse__Output } from '../../../exchange/admin/v1/CreateTierResponse';
import type { DeleteTierRequest as _exchange_admin_v1_DeleteTierRequest, DeleteTierRequest__Output as _exchange_admin_v1_DeleteTierRequest__Output } from '../../../exchange/admin/v1/DeleteTierRequest';
import type { DeleteTierResponse as _exchange_admin_v1_DeleteTierResponse, DeleteTierResponse__Output as _exchange_admin_v1_DeleteTierResponse__Output } from '../../../exchange/admin/v1/DeleteTierResponse';
import type { GetDefaultTierRequest as _exchange_admin_v1_GetDefaultTierRequest, GetDefaultTierRequest__Output as _exchange_admin_v1_GetDefaultTierRequest__Output } from '../../../exchange/admin/v1/GetDefaultTierRequest';
import type { GetDefaultTierResponse as _exchange_admin_v1_GetDefaultTierResponse, GetDefaultTierResponse__Output as _exchange_admin_v1_GetDefaultTierResponse__Output } from '../../../exchange/admin/v1/GetDefaultTierResponse';
import type { SetDefaultTierRequest as _exchange_admin_v1_SetDefaultTierRequest, SetDefaultTierRequest__Output as _exchange_admin_v1_SetDefaultTierRequest__Output } from '../../../exchange/admin/v1/SetDefaultTierRequest';
import type { SetDefaultTierResponse as _exchange_admin_v1_SetDefaultTierResponse, SetDefaultTierResponse__Output as _exchange_admin_v1_SetDefaultTierResponse__Output } from '../../../exchange/admin/v1/SetDefaultTierResponse';
import type { UpdateTierRequest as _exchange_admin_v1_UpdateTierRequest, UpdateTierRequest__Output as _exchange_admin_v1_UpdateTierRequest__Output } from '../../../exchange/admin/v1/UpdateTierRequest';
import type { UpdateTierResponse as _exchange_admin_v1_UpdateTierResponse, UpdateTierResponse__Output as _exchange_admin_v1_UpdateTierResponse__Output } from '../../../exchange/admin/v1/UpdateTierResponse';

export interface TiersServiceClient extends grpc.Client {
  CreateTier(argument: _exchange_admin_v1_CreateTierRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_CreateTierResponse__Output>): grpc.ClientUnaryCall;
  CreateTier(argument: _exchange_admin_v1_CreateTierRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_CreateTierResponse__Output>): grpc.ClientUnaryCall;
  CreateTier(argument: _exchange_admin_v1_CreateTierRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_CreateTierResponse__Output>): grpc.ClientUnaryCall;
  CreateTier(argument: _exchange_admin_v1_CreateTierRequest, callback: grpc.requestCallback<_exchange_admin_v1_CreateTierResponse__Output>): grpc.ClientUnaryCall;
  createTier(argument: _exchange_admin_v1_CreateTierRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_CreateTierResponse__Output>): grpc.ClientUnaryCall;
  createTier(argument: _exchange_admin_v1_CreateTierRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_CreateTierResponse__Output>): grpc.ClientUnaryCall;
  createTier(argument: _exchange_admin_v1_CreateTierRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_CreateTierResponse__Output>): grpc.ClientUnaryCall;
  createTier(argument: _exchange_admin_v1_CreateTierRequest, callback: grpc.requestCallback<_exchange_admin_v1_CreateTierResponse__Output>): grpc.ClientUnaryCall;
  
  DeleteTier(argument: _exchange_admin_v1_DeleteTierRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_DeleteTierResponse__Output>): grpc.ClientUnaryCall;
  DeleteTier(argument: _exchange_admin_v1_DeleteTierRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_DeleteTierResponse__Output>): grpc.ClientUnaryCall;
  DeleteTier(argument: _exchange_admin_v1_DeleteTierRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_DeleteTierResponse__Output>): grpc.ClientUnaryCall;
  DeleteTier(argument: _exchange_admin_v1_DeleteTierRequest, callback: grpc.requestCallback<_exchange_admin_v1_DeleteTierResponse__Output>): grpc.ClientUnaryCall;
  deleteTier(argument: _exchange_admin_v1_DeleteTierRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_DeleteTierResponse__Output>): grpc.ClientUnaryCall;
  deleteTier(argument: _exchange_admin_v1_DeleteTierRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_DeleteTierResponse__Output>): grpc.ClientUnaryCall;
  deleteTier(argument: _exchange_admin_v1_DeleteTierRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_DeleteTierResponse__Output>): grpc.ClientUnaryCall;
  deleteTier(argument: _exchange_admin_v1_DeleteTierRequest, callback: grpc.requestCallback<_exchange_admin_v1_DeleteTierResponse__Output>): grpc.ClientUnaryCall;
  
  GetDefaultTier(argument: _exchange_admin_v1_GetDefaultTierRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_GetDefaultTierResponse__Output>): grpc.ClientUnaryCall;
  GetDefaultTier(argument: _exchange_admin_v1_GetDefaultTierRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_GetDefaultTierResponse__Output>): grpc.ClientUnaryCall;
  GetDefaultTier(argument: _exchange_admin_v1_GetDefaultTierRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_GetDefaultTierResponse__Output>): grpc.ClientUnaryCall;
  GetDefaultTier(argument: _exchange_admin_v1_GetDefaultTierRequest, callback: grpc.requestCallback<_exchange_admin_v1_GetDefaultTierResponse__Output>): grpc.ClientUnaryCall;
  getDefaultTier(argument: _exchange_admin_v1_GetDefaultTierRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_GetDefaultTierResponse__Output>): grpc.ClientUnaryCall;
  getDefaultTier(argument: _exchange_admin_v1_GetDefaultTierRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_GetDefaultTierResponse__Output>): grpc.ClientUnaryCall;
  getDefaultTier(argument: _exchange_admin_v1_GetDefaultTierRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_GetDefaultTierResponse__Output>): grpc.ClientUnaryCall;
  getDefaultTier(argument: _exchange_admin_v1_GetDefaultTierRequest, callback: grpc.requestCallback<_exchange_admin_v1_GetDefaultTierResponse__Output>): grpc.ClientUnaryCall;
  
  SetDefaultTier(argument: _exchange_admin_v1_SetDefaultTierRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_SetDefaultTierResponse__Output>): grpc.ClientUnaryCall;
  SetDefaultTier(argument: _exchange_admin_v1_SetDefaultTierRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_SetDefaultTierResponse__Output>): grpc.ClientUnaryCall;
  SetDefaultTier(argument: _exchange_admin_v1_SetDefaultTierRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_SetDefaultTierResponse__Output>): grpc.ClientUnaryCall;
  SetDefaultTier(argument: _exchange_admin_v1_SetDefaultTierRequest, callback: grpc.requestCallback<_exchange_admin_v1_SetDefaultTierResponse__Output>): grpc.ClientUnaryCall;
  setDefaultTier(argument: _exchange_admin_v1_SetDefaultTierRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_SetDefaultTierResponse__Output>): grpc.ClientUnaryCall;
  setDefaultTier(argument: _exchange_admin_v1_SetDefaultTierRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_SetDefaultTierResponse__Output>): grpc.ClientUnaryCall;
  setDefaultTier(argument: _exchange_admin_v1_SetDefaultTierRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_SetDefaultTierResponse__Output>): grpc.ClientUnaryCall;
  setDefaultTier(argument: _exchange_admin_v1_SetDefaultTierRequest, callback: grpc.requestCallback<_exchange_admin_v1_SetDefaultTierResponse__Output>): grpc.ClientUnaryCall;
  
  UpdateTier(argument: _exchange_admin_v1_UpdateTierRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_UpdateTierResponse__Output>): grpc.ClientUnaryCall;
  UpdateTier(argument: _exchange_admin_v1_UpdateTierRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_UpdateTierResponse__Output>): grpc.ClientUnaryCall;
  UpdateTier(argument: _exchange_admin_v1_UpdateTierRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_UpdateTierResponse__Output>): grpc.ClientUnaryCall;
  UpdateTier(argument: _exchange_admin_v1_UpdateTierRequest, callback: grpc.requestCallback<_exchange_admin_v1_UpdateTierResponse__Output>): grpc.ClientUnaryCall;
  updateTier(argument: _exchange_admin_v1_UpdateTierRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_UpdateTierResponse__Output>): grpc.ClientUnaryCall;
  updateTier(argument: _exchange_admin_v1_UpdateTierRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_UpdateTierResponse__Output>): grpc.ClientUnaryCall;
  updateTier(argument: _exchange_admin_v1_UpdateTierRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_UpdateTierResponse__Output>): grpc.ClientUnaryCall;
  updateTier(argument: _exchange_admin_v1_UpdateTierRequest, callback: grpc.requestCallback<_exchange_admin_v1_UpdateTierResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface TiersServiceHandlers extends grpc.UntypedServiceImplementation {
  CreateTier: grpc.handleUnaryCall<_exchange_admin_v1_CreateTierRequest__Output, _exchange_admin_v1_CreateTierResponse>;
  
  DeleteTier: grpc.handleUnaryCall<_exchange_admin_v1_DeleteTierRequest__Output, _exchange_admin_v1_DeleteTierResponse>;
  
  GetDefaultTier: grpc.handleUnaryCall<_exchange_admin_v1_GetDefaultTierRequest__Output, _exchange_admin_v1_GetDefaultTierResponse>;
  
  SetDefaultTier: grpc.handleUnaryCall<_exchange_admin_v1_SetDefaultTierRequest__Output, _exchange_admin_v1_SetDefaultTierResponse>;
  
  UpdateTier: grpc.handleUnaryCall<_exchange_admin_v1_UpdateTierRequest__Output, _exchange_admin_v1_UpdateTierResponse>;
  
}

export interface TiersServiceDefinition extends grpc.ServiceDefinition {
  CreateTier: MethodDefinition<_exchange_admin_v1_CreateTierRequest, _exchange_admin_v1_CreateTierResponse, _exchange_admin_v1_CreateTierRequest__Output, _exchange_admin_v1_CreateTierResponse__Output>
  DeleteTier: MethodDefinition<_exchange_admin_v1_DeleteTierRequest, _exchange_admin_v1_DeleteTierResponse, _exchange_admin_v1_DeleteTierRequest__Output, _exchange_admin_v1_DeleteTierResponse__Output>
  GetDefaultTier: MethodDefinition<_exchange_admin_v1_GetDefaultTierRequest, _exchange_admin_v1_GetDefaultTierResponse, _exchange_admin_v1_GetDefaultTierRequest__Output, _exchange_admin_v1_GetDefaultTierResponse__Output>
  SetDefaultTier: MethodDefinition<_exchange_admin_v1_SetDefaultTierRequest, _exchange_admin_v1_SetDefaultTierResponse, _exchange_admin_v1_SetDefaultTierRequest__Output, _exchange_admin_v1_SetDefaultTierResponse__Output>
  UpdateTier: MethodDefinition<_exchange_admin_v1_UpdateTierRequest, _exchange_admin_v1_UpdateTierResponse, _exchange_admin_v1_UpdateTierRequest__Output, _exchange_admin_v1_UpdateTierResponse__Output>
}
