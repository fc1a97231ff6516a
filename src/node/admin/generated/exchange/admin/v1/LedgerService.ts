// Original file: exchange/admin/v1/ledger.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { VerifyLedgerRequest as _exchange_admin_v1_VerifyLedgerRequest, VerifyLedgerRequest__Output as _exchange_admin_v1_VerifyLedgerRequest__Output } from '../../../exchange/admin/v1/VerifyLedgerRequest';
import type { VerifyLedgerResponse as _exchange_admin_v1_VerifyLedgerResponse, VerifyLedgerResponse__Output as _exchange_admin_v1_VerifyLedgerResponse__Output } from '../../../exchange/admin/v1/VerifyLedgerResponse';

/**
 * Extension: checks on the double-entry ledger.
 */
export interface LedgerServiceClient extends grpc.Client {
  /**
   * Per asset the journal sums to zero, every balance equals the sum of its entries, no user balance is negative.
   */
  VerifyLedger(argument: _exchange_admin_v1_VerifyLedgerRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_VerifyLedgerResponse__Output>): grpc.ClientUnaryCall;
  VerifyLedger(argument: _exchange_admin_v1_VerifyLedgerRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_VerifyLedgerResponse__Output>): grpc.ClientUnaryCall;
  VerifyLedger(argument: _exchange_admin_v1_VerifyLedgerRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_VerifyLedgerResponse__Output>): grpc.ClientUnaryCall;
  VerifyLedger(argument: _exchange_admin_v1_VerifyLedgerRequest, callback: grpc.requestCallback<_exchange_admin_v1_VerifyLedgerResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Per asset the journal sums to zero, every balance equals the sum of its entries, no user balance is negative.
   */
  verifyLedger(argument: _exchange_admin_v1_VerifyLedgerRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_VerifyLedgerResponse__Output>): grpc.ClientUnaryCall;
  verifyLedger(argument: _exchange_admin_v1_VerifyLedgerRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_VerifyLedgerResponse__Output>): grpc.ClientUnaryCall;
  verifyLedger(argument: _exchange_admin_v1_VerifyLedgerRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_VerifyLedgerResponse__Output>): grpc.ClientUnaryCall;
  verifyLedger(argument: _exchange_admin_v1_VerifyLedgerRequest, callback: grpc.requestCallback<_exchange_admin_v1_VerifyLedgerResponse__Output>): grpc.ClientUnaryCall;
  
}

/**
 * Extension: checks on the double-entry ledger.
 */
export interface LedgerServiceHandlers extends grpc.UntypedServiceImplementation {
  /**
   * Per asset the journal sums to zero, every balance equals the sum of its entries, no user balance is negative.
   */
  VerifyLedger: grpc.handleUnaryCall<_exchange_admin_v1_VerifyLedgerRequest__Output, _exchange_admin_v1_VerifyLedgerResponse>;
  
}

export interface LedgerServiceDefinition extends grpc.ServiceDefinition {
  VerifyLedger: MethodDefinition<_exchange_admin_v1_VerifyLedgerRequest, _exchange_admin_v1_VerifyLedgerResponse, _exchange_admin_v1_VerifyLedgerRequest__Output, _exchange_admin_v1_VerifyLedgerResponse__Output>
}
