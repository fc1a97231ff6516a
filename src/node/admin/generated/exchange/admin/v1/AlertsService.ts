// Original file: exchange/admin/v1/alerts.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { AcknowledgeRequest as _exchange_admin_v1_AcknowledgeRequest, AcknowledgeRequest__Output as _exchange_admin_v1_AcknowledgeRequest__Output } from '../../../exchange/admin/v1/AcknowledgeRequest';
import type { AcknowledgeResponse as _exchange_admin_v1_AcknowledgeResponse, AcknowledgeResponse__Output as _exchange_admin_v1_AcknowledgeResponse__Output } from '../../../exchange/admin/v1/AcknowledgeResponse';
import type { Alert as _exchange_admin_v1_Alert, Alert__Output as _exchange_admin_v1_Alert__Output } from '../../../exchange/admin/v1/Alert';
import type { CreateRequest as _exchange_admin_v1_CreateRequest, CreateRequest__Output as _exchange_admin_v1_CreateRequest__Output } from '../../../exchange/admin/v1/CreateRequest';
import type { CreateResponse as _exchange_admin_v1_CreateResponse, CreateResponse__Output as _exchange_admin_v1_CreateResponse__Output } from '../../../exchange/admin/v1/CreateResponse';
import type { ListRequest as _exchange_admin_v1_ListRequest, ListRequest__Output as _exchange_admin_v1_ListRequest__Output } from '../../../exchange/admin/v1/ListRequest';
import type { ResolveRequest as _exchange_admin_v1_ResolveRequest, ResolveRequest__Output as _exchange_admin_v1_ResolveRequest__Output } from '../../../exchange/admin/v1/ResolveRequest';
import type { ResolveResponse as _exchange_admin_v1_ResolveResponse, ResolveResponse__Output as _exchange_admin_v1_ResolveResponse__Output } from '../../../exchange/admin/v1/ResolveResponse';

export interface AlertsServiceClient extends grpc.Client {
  /**
   * open -> acknowledged.
   */
  Acknowledge(argument: _exchange_admin_v1_AcknowledgeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_AcknowledgeResponse__Output>): grpc.ClientUnaryCall;
  Acknowledge(argument: _exchange_admin_v1_AcknowledgeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_AcknowledgeResponse__Output>): grpc.ClientUnaryCall;
  Acknowledge(argument: _exchange_admin_v1_AcknowledgeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_AcknowledgeResponse__Output>): grpc.ClientUnaryCall;
  Acknowledge(argument: _exchange_admin_v1_AcknowledgeRequest, callback: grpc.requestCallback<_exchange_admin_v1_AcknowledgeResponse__Output>): grpc.ClientUnaryCall;
  /**
   * open -> acknowledged.
   */
  acknowledge(argument: _exchange_admin_v1_AcknowledgeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_AcknowledgeResponse__Output>): grpc.ClientUnaryCall;
  acknowledge(argument: _exchange_admin_v1_AcknowledgeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_AcknowledgeResponse__Output>): grpc.ClientUnaryCall;
  acknowledge(argument: _exchange_admin_v1_AcknowledgeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_AcknowledgeResponse__Output>): grpc.ClientUnaryCall;
  acknowledge(argument: _exchange_admin_v1_AcknowledgeRequest, callback: grpc.requestCallback<_exchange_admin_v1_AcknowledgeResponse__Output>): grpc.ClientUnaryCall;
  
  Create(argument: _exchange_admin_v1_CreateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_CreateResponse__Output>): grpc.ClientUnaryCall;
  Create(argument: _exchange_admin_v1_CreateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_CreateResponse__Output>): grpc.ClientUnaryCall;
  Create(argument: _exchange_admin_v1_CreateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_CreateResponse__Output>): grpc.ClientUnaryCall;
  Create(argument: _exchange_admin_v1_CreateRequest, callback: grpc.requestCallback<_exchange_admin_v1_CreateResponse__Output>): grpc.ClientUnaryCall;
  create(argument: _exchange_admin_v1_CreateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_CreateResponse__Output>): grpc.ClientUnaryCall;
  create(argument: _exchange_admin_v1_CreateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_CreateResponse__Output>): grpc.ClientUnaryCall;
  create(argument: _exchange_admin_v1_CreateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_CreateResponse__Output>): grpc.ClientUnaryCall;
  create(argument: _exchange_admin_v1_CreateRequest, callback: grpc.requestCallback<_exchange_admin_v1_CreateResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Streams the matching alerts; with follow, then every new or changed matching alert until cancelled.
   */
  List(argument: _exchange_admin_v1_ListRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_exchange_admin_v1_Alert__Output>;
  List(argument: _exchange_admin_v1_ListRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_exchange_admin_v1_Alert__Output>;
  /**
   * Streams the matching alerts; with follow, then every new or changed matching alert until cancelled.
   */
  list(argument: _exchange_admin_v1_ListRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_exchange_admin_v1_Alert__Output>;
  list(argument: _exchange_admin_v1_ListRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_exchange_admin_v1_Alert__Output>;
  
  /**
   * open or acknowledged -> resolved.
   */
  Resolve(argument: _exchange_admin_v1_ResolveRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ResolveResponse__Output>): grpc.ClientUnaryCall;
  Resolve(argument: _exchange_admin_v1_ResolveRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_ResolveResponse__Output>): grpc.ClientUnaryCall;
  Resolve(argument: _exchange_admin_v1_ResolveRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ResolveResponse__Output>): grpc.ClientUnaryCall;
  Resolve(argument: _exchange_admin_v1_ResolveRequest, callback: grpc.requestCallback<_exchange_admin_v1_ResolveResponse__Output>): grpc.ClientUnaryCall;
  /**
   * open or acknowledged -> resolved.
   */
  resolve(argument: _exchange_admin_v1_ResolveRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ResolveResponse__Output>): grpc.ClientUnaryCall;
  resolve(argument: _exchange_admin_v1_ResolveRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_ResolveResponse__Output>): grpc.ClientUnaryCall;
  resolve(argument: _exchange_admin_v1_ResolveRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ResolveResponse__Output>): grpc.ClientUnaryCall;
  resolve(argument: _exchange_admin_v1_ResolveRequest, callback: grpc.requestCallback<_exchange_admin_v1_ResolveResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface AlertsServiceHandlers extends grpc.UntypedServiceImplementation {
  /**
   * open -> acknowledged.
   */
  Acknowledge: grpc.handleUnaryCall<_exchange_admin_v1_AcknowledgeRequest__Output, _exchange_admin_v1_AcknowledgeResponse>;
  
  Create: grpc.handleUnaryCall<_exchange_admin_v1_CreateRequest__Output, _exchange_admin_v1_CreateResponse>;
  
  /**
   * Streams the matching alerts; with follow, then every new or changed matching alert until cancelled.
   */
  List: grpc.handleServerStreamingCall<_exchange_admin_v1_ListRequest__Output, _exchange_admin_v1_Alert>;
  
  /**
   * open or acknowledged -> resolved.
   */
  Resolve: grpc.handleUnaryCall<_exchange_admin_v1_ResolveRequest__Output, _exchange_admin_v1_ResolveResponse>;
  
}

export interface AlertsServiceDefinition extends grpc.ServiceDefinition {
  Acknowledge: MethodDefinition<_exchange_admin_v1_AcknowledgeRequest, _exchange_admin_v1_AcknowledgeResponse, _exchange_admin_v1_AcknowledgeRequest__Output, _exchange_admin_v1_AcknowledgeResponse__Output>
  Create: MethodDefinition<_exchange_admin_v1_CreateRequest, _exchange_admin_v1_CreateResponse, _exchange_admin_v1_CreateRequest__Output, _exchange_admin_v1_CreateResponse__Output>
  List: MethodDefinition<_exchange_admin_v1_ListRequest, _exchange_admin_v1_Alert, _exchange_admin_v1_ListRequest__Output, _exchange_admin_v1_Alert__Output>
  Resolve: MethodDefinition<_exchange_admin_v1_ResolveRequest, _exchange_admin_v1_ResolveResponse, _exchange_admin_v1_ResolveRequest__Output, _exchange_admin_v1_ResolveResponse__Output>
}
