// Original file: exchange/admin/v1/store.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { BackupRequest as _exchange_admin_v1_BackupRequest, BackupRequest__Output as _exchange_admin_v1_BackupRequest__Output } from '../../../exchange/admin/v1/BackupRequest';
import type { BackupResponse as _exchange_admin_v1_BackupResponse, BackupResponse__Output as _exchange_admin_v1_BackupResponse__Output } from '../../../exchange/admin/v1/BackupResponse';

/**
 * Extension: the node's store. See docs/operations.md.
 */
export interface StoreServiceClient extends grpc.Client {
  /**
   * Writes a consistent copy of the running node's store to `path` and its secrets to
   * `path` + ".secrets.json" (both 0600, on the node's machine), while orders keep flowing.
   * ALREADY_EXISTS when either file exists; restore with `exchange restore --from path`.
   */
  Backup(argument: _exchange_admin_v1_BackupRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_BackupResponse__Output>): grpc.ClientUnaryCall;
  Backup(argument: _exchange_admin_v1_BackupRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_BackupResponse__Output>): grpc.ClientUnaryCall;
  Backup(argument: _exchange_admin_v1_BackupRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_BackupResponse__Output>): grpc.ClientUnaryCall;
  Backup(argument: _exchange_admin_v1_BackupRequest, callback: grpc.requestCallback<_exchange_admin_v1_BackupResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Writes a consistent copy of the running node's store to `path` and its secrets to
   * `path` + ".secrets.json" (both 0600, on the node's machine), while orders keep flowing.
   * ALREADY_EXISTS when either file exists; restore with `exchange restore --from path`.
   */
  backup(argument: _exchange_admin_v1_BackupRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_BackupResponse__Output>): grpc.ClientUnaryCall;
  backup(argument: _exchange_admin_v1_BackupRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_BackupResponse__Output>): grpc.ClientUnaryCall;
  backup(argument: _exchange_admin_v1_BackupRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_BackupResponse__Output>): grpc.ClientUnaryCall;
  backup(argument: _exchange_admin_v1_BackupRequest, callback: grpc.requestCallback<_exchange_admin_v1_BackupResponse__Output>): grpc.ClientUnaryCall;
  
}

/**
 * Extension: the node's store. See docs/operations.md.
 */
export interface StoreServiceHandlers extends grpc.UntypedServiceImplementation {
  /**
   * Writes a consistent copy of the running node's store to `path` and its secrets to
   * `path` + ".secrets.json" (both 0600, on the node's machine), while orders keep flowing.
   * ALREADY_EXISTS when either file exists; restore with `exchange restore --from path`.
   */
  Backup: grpc.handleUnaryCall<_exchange_admin_v1_BackupRequest__Output, _exchange_admin_v1_BackupResponse>;
  
}

export interface StoreServiceDefinition extends grpc.ServiceDefinition {
  Backup: MethodDefinition<_exchange_admin_v1_BackupRequest, _exchange_admin_v1_BackupResponse, _exchange_admin_v1_BackupRequest__Output, _exchange_admin_v1_BackupResponse__Output>
}
