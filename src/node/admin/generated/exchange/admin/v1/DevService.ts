// Original file: exchange/admin/v1/dev.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { SeedRequest as _exchange_admin_v1_SeedRequest, SeedRequest__Output as _exchange_admin_v1_SeedRequest__Output } from '../../../exchange/admin/v1/SeedRequest';
import type { SeedResponse as _exchange_admin_v1_SeedResponse, SeedResponse__Output as _exchange_admin_v1_SeedResponse__Output } from '../../../exchange/admin/v1/SeedResponse';

/**
 * Extension (issue 14): helpers for a local try-out. Every RPC answers FAILED_PRECONDITION unless
 * the node was started with --dev (EXCHANGE_DEV=true).
 */
export interface DevServiceClient extends grpc.Client {
  /**
   * Creates `users` demo accounts, funds their trading balances through the ledger (manual
   * top-ups) and creates a trade+read API key for each. All or nothing.
   */
  Seed(argument: _exchange_admin_v1_SeedRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_SeedResponse__Output>): grpc.ClientUnaryCall;
  Seed(argument: _exchange_admin_v1_SeedRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_SeedResponse__Output>): grpc.ClientUnaryCall;
  Seed(argument: _exchange_admin_v1_SeedRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_SeedResponse__Output>): grpc.ClientUnaryCall;
  Seed(argument: _exchange_admin_v1_SeedRequest, callback: grpc.requestCallback<_exchange_admin_v1_SeedResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Creates `users` demo accounts, funds their trading balances through the ledger (manual
   * top-ups) and creates a trade+read API key for each. All or nothing.
   */
  seed(argument: _exchange_admin_v1_SeedRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_SeedResponse__Output>): grpc.ClientUnaryCall;
  seed(argument: _exchange_admin_v1_SeedRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_SeedResponse__Output>): grpc.ClientUnaryCall;
  seed(argument: _exchange_admin_v1_SeedRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_SeedResponse__Output>): grpc.ClientUnaryCall;
  seed(argument: _exchange_admin_v1_SeedRequest, callback: grpc.requestCallback<_exchange_admin_v1_SeedResponse__Output>): grpc.ClientUnaryCall;
  
}

/**
 * Extension (issue 14): helpers for a local try-out. Every RPC answers FAILED_PRECONDITION unless
 * the node was started with --dev (EXCHANGE_DEV=true).
 */
export interface DevServiceHandlers extends grpc.UntypedServiceImplementation {
  /**
   * Creates `users` demo accounts, funds their trading balances through the ledger (manual
   * top-ups) and creates a trade+read API key for each. All or nothing.
   */
  Seed: grpc.handleUnaryCall<_exchange_admin_v1_SeedRequest__Output, _exchange_admin_v1_SeedResponse>;
  
}

export interface DevServiceDefinition extends grpc.ServiceDefinition {
  Seed: MethodDefinition<_exchange_admin_v1_SeedRequest, _exchange_admin_v1_SeedResponse, _exchange_admin_v1_SeedRequest__Output, _exchange_admin_v1_SeedResponse__Output>
}
