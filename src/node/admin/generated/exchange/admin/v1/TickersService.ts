// Original file: exchange/admin/v1/tickers.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { CreateTickerRequest as _exchange_admin_v1_CreateTickerRequest, CreateTickerRequest__Output as _exchange_admin_v1_CreateTickerRequest__Output } from '../../../exchange/admin/v1/CreateTickerRequest';
import type { CreateTickerResponse as _exchange_admin_v1_CreateTickerResponse, CreateTickerResponse__Output as _exchange_admin_v1_CreateTickerResponse__Output } from '../../../exchange/admin/v1/CreateTickerResponse';
import type { ListTickersRequest as _exchange_admin_v1_ListTickersRequest, ListTickersRequest__Output as _exchange_admin_v1_ListTickersRequest__Output } from '../../../exchange/admin/v1/ListTickersRequest';
import type { ListTickersResponse as _exchange_admin_v1_ListTickersResponse, ListTickersResponse__Output as _exchange_admin_v1_ListTickersResponse__Output } from '../../../exchange/admin/v1/ListTickersResponse';
import type { SetTickerActiveRequest as _exchange_admin_v1_SetTickerActiveRequest, SetTickerActiveRequest__Output as _exchange_admin_v1_SetTickerActiveRequest__Output } from '../../../exchange/admin/v1/SetTickerActiveRequest';
import type { SetTickerActiveResponse as _exchange_admin_v1_SetTickerActiveResponse, SetTickerActiveResponse__Output as _exchange_admin_v1_SetTickerActiveResponse__Output } from '../../../exchange/admin/v1/SetTickerActiveResponse';

export interface TickersServiceClient extends grpc.Client {
  CreateTicker(argument: _exchange_admin_v1_CreateTickerRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_CreateTickerResponse__Output>): grpc.ClientUnaryCall;
  CreateTicker(argument: _exchange_admin_v1_CreateTickerRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_CreateTickerResponse__Output>): grpc.ClientUnaryCall;
  CreateTicker(argument: _exchange_admin_v1_CreateTickerRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_CreateTickerResponse__Output>): grpc.ClientUnaryCall;
  CreateTicker(argument: _exchange_admin_v1_CreateTickerRequest, callback: grpc.requestCallback<_exchange_admin_v1_CreateTickerResponse__Output>): grpc.ClientUnaryCall;
  createTicker(argument: _exchange_admin_v1_CreateTickerRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_CreateTickerResponse__Output>): grpc.ClientUnaryCall;
  createTicker(argument: _exchange_admin_v1_CreateTickerRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_CreateTickerResponse__Output>): grpc.ClientUnaryCall;
  createTicker(argument: _exchange_admin_v1_CreateTickerRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_CreateTickerResponse__Output>): grpc.ClientUnaryCall;
  createTicker(argument: _exchange_admin_v1_CreateTickerRequest, callback: grpc.requestCallback<_exchange_admin_v1_CreateTickerResponse__Output>): grpc.ClientUnaryCall;
  
  ListTickers(argument: _exchange_admin_v1_ListTickersRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListTickersResponse__Output>): grpc.ClientUnaryCall;
  ListTickers(argument: _exchange_admin_v1_ListTickersRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_ListTickersResponse__Output>): grpc.ClientUnaryCall;
  ListTickers(argument: _exchange_admin_v1_ListTickersRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListTickersResponse__Output>): grpc.ClientUnaryCall;
  ListTickers(argument: _exchange_admin_v1_ListTickersRequest, callback: grpc.requestCallback<_exchange_admin_v1_ListTickersResponse__Output>): grpc.ClientUnaryCall;
  listTickers(argument: _exchange_admin_v1_ListTickersRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListTickersResponse__Output>): grpc.ClientUnaryCall;
  listTickers(argument: _exchange_admin_v1_ListTickersRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_ListTickersResponse__Output>): grpc.ClientUnaryCall;
  listTickers(argument: _exchange_admin_v1_ListTickersRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListTickersResponse__Output>): grpc.ClientUnaryCall;
  listTickers(argument: _exchange_admin_v1_ListTickersRequest, callback: grpc.requestCallback<_exchange_admin_v1_ListTickersResponse__Output>): grpc.ClientUnaryCall;
  
  SetTickerActive(argument: _exchange_admin_v1_SetTickerActiveRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_SetTickerActiveResponse__Output>): grpc.ClientUnaryCall;
  SetTickerActive(argument: _exchange_admin_v1_SetTickerActiveRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_SetTickerActiveResponse__Output>): grpc.ClientUnaryCall;
  SetTickerActive(argument: _exchange_admin_v1_SetTickerActiveRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_SetTickerActiveResponse__Output>): grpc.ClientUnaryCall;
  SetTickerActive(argument: _exchange_admin_v1_SetTickerActiveRequest, callback: grpc.requestCallback<_exchange_admin_v1_SetTickerActiveResponse__Output>): grpc.ClientUnaryCall;
  setTickerActive(argument: _exchange_admin_v1_SetTickerActiveRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_SetTickerActiveResponse__Output>): grpc.ClientUnaryCall;
  setTickerActive(argument: _exchange_admin_v1_SetTickerActiveRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_SetTickerActiveResponse__Output>): grpc.ClientUnaryCall;
  setTickerActive(argument: _exchange_admin_v1_SetTickerActiveRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_SetTickerActiveResponse__Output>): grpc.ClientUnaryCall;
  setTickerActive(argument: _exchange_admin_v1_SetTickerActiveRequest, callback: grpc.requestCallback<_exchange_admin_v1_SetTickerActiveResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface TickersServiceHandlers extends grpc.UntypedServiceImplementation {
  CreateTicker: grpc.handleUnaryCall<_exchange_admin_v1_CreateTickerRequest__Output, _exchange_admin_v1_CreateTickerResponse>;
  
  ListTickers: grpc.handleUnaryCall<_exchange_admin_v1_ListTickersRequest__Output, _exchange_admin_v1_ListTickersResponse>;
  
  SetTickerActive: grpc.handleUnaryCall<_exchange_admin_v1_SetTickerActiveRequest__Output, _exchange_admin_v1_SetTickerActiveResponse>;
  
}

export interface TickersServiceDefinition extends grpc.ServiceDefinition {
  CreateTicker: MethodDefinition<_exchange_admin_v1_CreateTickerRequest, _exchange_admin_v1_CreateTickerResponse, _exchange_admin_v1_CreateTickerRequest__Output, _exchange_admin_v1_CreateTickerResponse__Output>
  ListTickers: MethodDefinition<_exchange_admin_v1_ListTickersRequest, _exchange_admin_v1_ListTickersResponse, _exchange_admin_v1_ListTickersRequest__Output, _exchange_admin_v1_ListTickersResponse__Output>
  SetTickerActive: MethodDefinition<_exchange_admin_v1_SetTickerActiveRequest, _exchange_admin_v1_SetTickerActiveResponse, _exchange_admin_v1_SetTickerActiveRequest__Output, _exchange_admin_v1_SetTickerActiveResponse__Output>
}
