// Original file: exchange/admin/v1/ping.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { PingRequest as _exchange_admin_v1_PingRequest, PingRequest__Output as _exchange_admin_v1_PingRequest__Output } from '../../../exchange/admin/v1/PingRequest';
import type { PingResponse as _exchange_admin_v1_PingResponse, PingResponse__Output as _exchange_admin_v1_PingResponse__Output } from '../../../exchange/admin/v1/PingResponse';

export interface PingServiceClient extends grpc.Client {
  Ping(argument: _exchange_admin_v1_PingRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_PingResponse__Output>): grpc.ClientUnaryCall;
  Ping(argument: _exchange_admin_v1_PingRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_PingResponse__Output>): grpc.ClientUnaryCall;
  Ping(argument: _exchange_admin_v1_PingRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_PingResponse__Output>): grpc.ClientUnaryCall;
  Ping(argument: _exchange_admin_v1_PingRequest, callback: grpc.requestCallback<_exchange_admin_v1_PingResponse__Output>): grpc.ClientUnaryCall;
  ping(argument: _exchange_admin_v1_PingRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_PingResponse__Output>): grpc.ClientUnaryCall;
  ping(argument: _exchange_admin_v1_PingRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_PingResponse__Output>): grpc.ClientUnaryCall;
  ping(argument: _exchange_admin_v1_PingRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_PingResponse__Output>): grpc.ClientUnaryCall;
  ping(argument: _exchange_admin_v1_PingRequest, callback: grpc.requestCallback<_exchange_admin_v1_PingResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface PingServiceHandlers extends grpc.UntypedServiceImplementation {
  Ping: grpc.handleUnaryCall<_exchange_admin_v1_PingRequest__Output, _exchange_admin_v1_PingResponse>;
  
}

export interface PingServiceDefinition extends grpc.ServiceDefinition {
  Ping: MethodDefinition<_exchange_admin_v1_PingRequest, _exchange_admin_v1_PingResponse, _exchange_admin_v1_PingRequest__Output, _exchange_admin_v1_PingResponse__Output>
}
