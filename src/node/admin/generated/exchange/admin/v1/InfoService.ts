// Original file: exchange/admin/v1/info.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { GetStatusRequest as _exchange_admin_v1_GetStatusRequest, GetStatusRequest__Output as _exchange_admin_v1_GetStatusRequest__Output } from '../../../exchange/admin/v1/GetStatusRequest';
import type { GetStatusResponse as _exchange_admin_v1_GetStatusResponse, GetStatusResponse__Output as _exchange_admin_v1_GetStatusResponse__Output } from '../../../exchange/admin/v1/GetStatusResponse';
import type { ListNetworksRequest as _exchange_admin_v1_ListNetworksRequest, ListNetworksRequest__Output as _exchange_admin_v1_ListNetworksRequest__Output } from '../../../exchange/admin/v1/ListNetworksRequest';
import type { ListNetworksResponse as _exchange_admin_v1_ListNetworksResponse, ListNetworksResponse__Output as _exchange_admin_v1_ListNetworksResponse__Output } from '../../../exchange/admin/v1/ListNetworksResponse';
import type { ListTiersRequest as _exchange_admin_v1_ListTiersRequest, ListTiersRequest__Output as _exchange_admin_v1_ListTiersRequest__Output } from '../../../exchange/admin/v1/ListTiersRequest';
import type { ListTiersResponse as _exchange_admin_v1_ListTiersResponse, ListTiersResponse__Output as _exchange_admin_v1_ListTiersResponse__Output } from '../../../exchange/admin/v1/ListTiersResponse';

export interface InfoServiceClient extends grpc.Client {
  /**
   * Extension (issue 14): what `exchange status` shows.
   */
  GetStatus(argument: _exchange_admin_v1_GetStatusRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_GetStatusResponse__Output>): grpc.ClientUnaryCall;
  GetStatus(argument: _exchange_admin_v1_GetStatusRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_GetStatusResponse__Output>): grpc.ClientUnaryCall;
  GetStatus(argument: _exchange_admin_v1_GetStatusRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_GetStatusResponse__Output>): grpc.ClientUnaryCall;
  GetStatus(argument: _exchange_admin_v1_GetStatusRequest, callback: grpc.requestCallback<_exchange_admin_v1_GetStatusResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Extension (issue 14): what `exchange status` shows.
   */
  getStatus(argument: _exchange_admin_v1_GetStatusRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_GetStatusResponse__Output>): grpc.ClientUnaryCall;
  getStatus(argument: _exchange_admin_v1_GetStatusRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_GetStatusResponse__Output>): grpc.ClientUnaryCall;
  getStatus(argument: _exchange_admin_v1_GetStatusRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_GetStatusResponse__Output>): grpc.ClientUnaryCall;
  getStatus(argument: _exchange_admin_v1_GetStatusRequest, callback: grpc.requestCallback<_exchange_admin_v1_GetStatusResponse__Output>): grpc.ClientUnaryCall;
  
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
  /**
   * Extension (issue 14): what `exchange status` shows.
   */
  GetStatus: grpc.handleUnaryCall<_exchange_admin_v1_GetStatusRequest__Output, _exchange_admin_v1_GetStatusResponse>;
  
  ListNetworks: grpc.handleUnaryCall<_exchange_admin_v1_ListNetworksRequest__Output, _exchange_admin_v1_ListNetworksResponse>;
  
  ListTiers: grpc.handleUnaryCall<_exchange_admin_v1_ListTiersRequest__Output, _exchange_admin_v1_ListTiersResponse>;
  
}

export interface InfoServiceDefinition extends grpc.ServiceDefinition {
  GetStatus: MethodDefinition<_exchange_admin_v1_GetStatusRequest, _exchange_admin_v1_GetStatusResponse, _exchange_admin_v1_GetStatusRequest__Output, _exchange_admin_v1_GetStatusResponse__Output>
  ListNetworks: MethodDefinition<_exchange_admin_v1_ListNetworksRequest, _exchange_admin_v1_ListNetworksResponse, _exchange_admin_v1_ListNetworksRequest__Output, _exchange_admin_v1_ListNetworksResponse__Output>
  ListTiers: MethodDefinition<_exchange_admin_v1_ListTiersRequest, _exchange_admin_v1_ListTiersResponse, _exchange_admin_v1_ListTiersRequest__Output, _exchange_admin_v1_ListTiersResponse__Output>
}
