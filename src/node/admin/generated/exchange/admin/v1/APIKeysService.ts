// Original file: exchange/admin/v1/apikeys.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { CreateAPIKeyRequest as _exchange_admin_v1_CreateAPIKeyRequest, CreateAPIKeyRequest__Output as _exchange_admin_v1_CreateAPIKeyRequest__Output } from '../../../exchange/admin/v1/CreateAPIKeyRequest';
import type { CreateAPIKeyResponse as _exchange_admin_v1_CreateAPIKeyResponse, CreateAPIKeyResponse__Output as _exchange_admin_v1_CreateAPIKeyResponse__Output } from '../../../exchange/admin/v1/CreateAPIKeyResponse';
import type { DeleteAPIKeyRequest as _exchange_admin_v1_DeleteAPIKeyRequest, DeleteAPIKeyRequest__Output as _exchange_admin_v1_DeleteAPIKeyRequest__Output } from '../../../exchange/admin/v1/DeleteAPIKeyRequest';
import type { DeleteAPIKeyResponse as _exchange_admin_v1_DeleteAPIKeyResponse, DeleteAPIKeyResponse__Output as _exchange_admin_v1_DeleteAPIKeyResponse__Output } from '../../../exchange/admin/v1/DeleteAPIKeyResponse';
import type { ListAPIKeysRequest as _exchange_admin_v1_ListAPIKeysRequest, ListAPIKeysRequest__Output as _exchange_admin_v1_ListAPIKeysRequest__Output } from '../../../exchange/admin/v1/ListAPIKeysRequest';
import type { ListAPIKeysResponse as _exchange_admin_v1_ListAPIKeysResponse, ListAPIKeysResponse__Output as _exchange_admin_v1_ListAPIKeysResponse__Output } from '../../../exchange/admin/v1/ListAPIKeysResponse';

export interface APIKeysServiceClient extends grpc.Client {
  CreateAPIKey(argument: _exchange_admin_v1_CreateAPIKeyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_CreateAPIKeyResponse__Output>): grpc.ClientUnaryCall;
  CreateAPIKey(argument: _exchange_admin_v1_CreateAPIKeyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_CreateAPIKeyResponse__Output>): grpc.ClientUnaryCall;
  CreateAPIKey(argument: _exchange_admin_v1_CreateAPIKeyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_CreateAPIKeyResponse__Output>): grpc.ClientUnaryCall;
  CreateAPIKey(argument: _exchange_admin_v1_CreateAPIKeyRequest, callback: grpc.requestCallback<_exchange_admin_v1_CreateAPIKeyResponse__Output>): grpc.ClientUnaryCall;
  createApiKey(argument: _exchange_admin_v1_CreateAPIKeyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_CreateAPIKeyResponse__Output>): grpc.ClientUnaryCall;
  createApiKey(argument: _exchange_admin_v1_CreateAPIKeyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_CreateAPIKeyResponse__Output>): grpc.ClientUnaryCall;
  createApiKey(argument: _exchange_admin_v1_CreateAPIKeyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_CreateAPIKeyResponse__Output>): grpc.ClientUnaryCall;
  createApiKey(argument: _exchange_admin_v1_CreateAPIKeyRequest, callback: grpc.requestCallback<_exchange_admin_v1_CreateAPIKeyResponse__Output>): grpc.ClientUnaryCall;
  
  DeleteAPIKey(argument: _exchange_admin_v1_DeleteAPIKeyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_DeleteAPIKeyResponse__Output>): grpc.ClientUnaryCall;
  DeleteAPIKey(argument: _exchange_admin_v1_DeleteAPIKeyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_DeleteAPIKeyResponse__Output>): grpc.ClientUnaryCall;
  DeleteAPIKey(argument: _exchange_admin_v1_DeleteAPIKeyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_DeleteAPIKeyResponse__Output>): grpc.ClientUnaryCall;
  DeleteAPIKey(argument: _exchange_admin_v1_DeleteAPIKeyRequest, callback: grpc.requestCallback<_exchange_admin_v1_DeleteAPIKeyResponse__Output>): grpc.ClientUnaryCall;
  deleteApiKey(argument: _exchange_admin_v1_DeleteAPIKeyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_DeleteAPIKeyResponse__Output>): grpc.ClientUnaryCall;
  deleteApiKey(argument: _exchange_admin_v1_DeleteAPIKeyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_DeleteAPIKeyResponse__Output>): grpc.ClientUnaryCall;
  deleteApiKey(argument: _exchange_admin_v1_DeleteAPIKeyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_DeleteAPIKeyResponse__Output>): grpc.ClientUnaryCall;
  deleteApiKey(argument: _exchange_admin_v1_DeleteAPIKeyRequest, callback: grpc.requestCallback<_exchange_admin_v1_DeleteAPIKeyResponse__Output>): grpc.ClientUnaryCall;
  
  ListAPIKeys(argument: _exchange_admin_v1_ListAPIKeysRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListAPIKeysResponse__Output>): grpc.ClientUnaryCall;
  ListAPIKeys(argument: _exchange_admin_v1_ListAPIKeysRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_ListAPIKeysResponse__Output>): grpc.ClientUnaryCall;
  ListAPIKeys(argument: _exchange_admin_v1_ListAPIKeysRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListAPIKeysResponse__Output>): grpc.ClientUnaryCall;
  ListAPIKeys(argument: _exchange_admin_v1_ListAPIKeysRequest, callback: grpc.requestCallback<_exchange_admin_v1_ListAPIKeysResponse__Output>): grpc.ClientUnaryCall;
  listApiKeys(argument: _exchange_admin_v1_ListAPIKeysRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListAPIKeysResponse__Output>): grpc.ClientUnaryCall;
  listApiKeys(argument: _exchange_admin_v1_ListAPIKeysRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_ListAPIKeysResponse__Output>): grpc.ClientUnaryCall;
  listApiKeys(argument: _exchange_admin_v1_ListAPIKeysRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListAPIKeysResponse__Output>): grpc.ClientUnaryCall;
  listApiKeys(argument: _exchange_admin_v1_ListAPIKeysRequest, callback: grpc.requestCallback<_exchange_admin_v1_ListAPIKeysResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface APIKeysServiceHandlers extends grpc.UntypedServiceImplementation {
  CreateAPIKey: grpc.handleUnaryCall<_exchange_admin_v1_CreateAPIKeyRequest__Output, _exchange_admin_v1_CreateAPIKeyResponse>;
  
  DeleteAPIKey: grpc.handleUnaryCall<_exchange_admin_v1_DeleteAPIKeyRequest__Output, _exchange_admin_v1_DeleteAPIKeyResponse>;
  
  ListAPIKeys: grpc.handleUnaryCall<_exchange_admin_v1_ListAPIKeysRequest__Output, _exchange_admin_v1_ListAPIKeysResponse>;
  
}

export interface APIKeysServiceDefinition extends grpc.ServiceDefinition {
  CreateAPIKey: MethodDefinition<_exchange_admin_v1_CreateAPIKeyRequest, _exchange_admin_v1_CreateAPIKeyResponse, _exchange_admin_v1_CreateAPIKeyRequest__Output, _exchange_admin_v1_CreateAPIKeyResponse__Output>
  DeleteAPIKey: MethodDefinition<_exchange_admin_v1_DeleteAPIKeyRequest, _exchange_admin_v1_DeleteAPIKeyResponse, _exchange_admin_v1_DeleteAPIKeyRequest__Output, _exchange_admin_v1_DeleteAPIKeyResponse__Output>
  ListAPIKeys: MethodDefinition<_exchange_admin_v1_ListAPIKeysRequest, _exchange_admin_v1_ListAPIKeysResponse, _exchange_admin_v1_ListAPIKeysRequest__Output, _exchange_admin_v1_ListAPIKeysResponse__Output>
}
