// Original file: exchange/admin/v1/outbox.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { ListOutboxRequest as _exchange_admin_v1_ListOutboxRequest, ListOutboxRequest__Output as _exchange_admin_v1_ListOutboxRequest__Output } from '../../../exchange/admin/v1/ListOutboxRequest';
import type { ListOutboxResponse as _exchange_admin_v1_ListOutboxResponse, ListOutboxResponse__Output as _exchange_admin_v1_ListOutboxResponse__Output } from '../../../exchange/admin/v1/ListOutboxResponse';

/**
 * Extension: e-mail and SMS kept in the store when no SMTP server or SMS provider is configured,
 * and the delivery record of those sent.
 */
export interface OutboxServiceClient extends grpc.Client {
  ListOutbox(argument: _exchange_admin_v1_ListOutboxRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListOutboxResponse__Output>): grpc.ClientUnaryCall;
  ListOutbox(argument: _exchange_admin_v1_ListOutboxRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_ListOutboxResponse__Output>): grpc.ClientUnaryCall;
  ListOutbox(argument: _exchange_admin_v1_ListOutboxRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListOutboxResponse__Output>): grpc.ClientUnaryCall;
  ListOutbox(argument: _exchange_admin_v1_ListOutboxRequest, callback: grpc.requestCallback<_exchange_admin_v1_ListOutboxResponse__Output>): grpc.ClientUnaryCall;
  listOutbox(argument: _exchange_admin_v1_ListOutboxRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListOutboxResponse__Output>): grpc.ClientUnaryCall;
  listOutbox(argument: _exchange_admin_v1_ListOutboxRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_ListOutboxResponse__Output>): grpc.ClientUnaryCall;
  listOutbox(argument: _exchange_admin_v1_ListOutboxRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListOutboxResponse__Output>): grpc.ClientUnaryCall;
  listOutbox(argument: _exchange_admin_v1_ListOutboxRequest, callback: grpc.requestCallback<_exchange_admin_v1_ListOutboxResponse__Output>): grpc.ClientUnaryCall;
  
}

/**
 * Extension: e-mail and SMS kept in the store when no SMTP server or SMS provider is configured,
 * and the delivery record of those sent.
 */
export interface OutboxServiceHandlers extends grpc.UntypedServiceImplementation {
  ListOutbox: grpc.handleUnaryCall<_exchange_admin_v1_ListOutboxRequest__Output, _exchange_admin_v1_ListOutboxResponse>;
  
}

export interface OutboxServiceDefinition extends grpc.ServiceDefinition {
  ListOutbox: MethodDefinition<_exchange_admin_v1_ListOutboxRequest, _exchange_admin_v1_ListOutboxResponse, _exchange_admin_v1_ListOutboxRequest__Output, _exchange_admin_v1_ListOutboxResponse__Output>
}
