// Original file: exchange/admin/v1/info.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { ListNetworksRequest as _exchange_admin_v1_ListNetworksRequest, ListNetworksRequest__Output as _exchange_admin_v1_ListNetworksRequest__Output } from '../../../exchange/admin/v1/ListNetworksRequest';
import type { ListNetworksResponse as _exchange_admin_v1_ListNetworksResponse, ListNetworksResponse__Output as _exchange_admin_v1_ListNetworksResponse__Output } from '../../../exchange/admin/v1/ListNetworksResponse';
import type { ListTiersRequest as _exchange_admin_v1_ListTiersRequest, ListTiersRequest__Output as _exchange_admin_v1_ListTiersRequest__Output } from '../../../exchange/admin/v1/ListTiersRequest';
import type { ListTiersResponse as _exchange_admin_v1_ListTiersResponse, ListTiersResponse__Output as _exchange_admin_v1_ListTiersResponse__Output } from '../../../exchange/admin/v1/ListTiersResponse';

export interface InfoServiceClient extends grpc.Client {
  ListNetworks(argument: _exchange_admin_v1_ListNetworksRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListNetworksResponse__Output>): grpc.ClientUnaryCall;
  ListNetworks(argument: _exchange_admin_v1_ListNetworksRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_ListNetworksResponse__Output>): grpc.ClientUnaryCall;
  ListNetworks(argument: _exchange_admin_v1_ListNetworksRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListNetworksResponse__Output>): grpc.ClientUnaryCall;
  ListNetworks(argument: _exchange_admin_v1_ListNetworksRequest, callback: grpc.requestCallback<_exchange_admin_v1_ListNetworksResponse__Output>): grpc.ClientUnaryCall;
  listNetworks(argument: _exchange_admin_v1_ListNetworksRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListNetworksResponse__Output>): grpc.ClientUnaryCall;
  listNetworks(argument: _exchange_admin_v1_ListNetworksRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_ListNetworksResponse__Output>): grpc.ClientUnaryCall;
  listNetworks(argument: _exchange_admin_v1_ListNetworksRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListNetworksResponse__Output>): grpc.ClientUnaryCall;
  listNetworks(argument: _exchange_admin_v1_ListNetworksRequest, callback: grpc.requestCallback<_exchange_admin_v1_ListNetworksResponse__Output>): grpc.ClientUnaryCall;
  
  ListTiers(argument: _exchange_admin_v1_ListTiersRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListTiersResponse__Output>): grpc.ClientUnaryCall;
  ListTiers(argument: _exchange_admin_v1_ListTiersRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_ListTiersResponse__Output>): grpc.ClientUnaryCall;
  ListTiers(argument: _exchange_admin_v1_ListTiersRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListTiersResponse__Output>): grpc.ClientUnaryCall;
  ListTiers(argument: _exchange_admin_v1_ListTiersRequest, callback: grpc.requestCallback<_exchange_admin_v1_ListTiersResponse__Output>): grpc.ClientUnaryCall;
  listTiers(argument: _exchange_admin_v1_ListTiersRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListTiersResponse__Output>): grpc.ClientUnaryCall;
  listTiers(argument: _exchange_admin_v1_ListTiersRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_ListTiersResponse__Output>): grpc.ClientUnaryCall;
  listTiers(argument: _exchange_admin_v1_ListTiersRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListTiersResponse__Output>): grpc.ClientUnaryCall;
  listTiers(argument: _exchange_admin_v1_ListTiersRequest, callback: grpc.requestCallback<_exchange_admin_v1_ListTiersResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface InfoServiceHandlers extends grpc.UntypedServiceImplementation {
  ListNetworks: grpc.handleUnaryCall<_exchange_admin_v1_ListNetworksRequest__Output, _exchange_admin_v1_ListNetworksResponse>;
  
  ListTiers: grpc.handleUnaryCall<_exchange_admin_v1_ListTiersRequest__Output, _exchange_admin_v1_ListTiersResponse>;
  
}

export interface InfoServiceDefinition extends grpc.ServiceDefinition {
  ListNetworks: MethodDefinition<_exchange_admin_v1_ListNetworksRequest, _exchange_admin_v1_ListNetworksResponse, _exchange_admin_v1_ListNetworksRequest__Output, _exchange_admin_v1_ListNetworksResponse__Output>
  ListTiers: MethodDefinition<_exchange_admin_v1_ListTiersRequest, _exchange_admin_v1_ListTiersResponse, _exchange_admin_v1_ListTiersRequest__Output, _exchange_admin_v1_ListTiersResponse__Output>
}
