// Original file: exchange/admin/v1/operations.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { ManualTopupBalanceAccountRequest as _exchange_admin_v1_ManualTopupBalanceAccountRequest, ManualTopupBalanceAccountRequest__Output as _exchange_admin_v1_ManualTopupBalanceAccountRequest__Output } from '../../../exchange/admin/v1/ManualTopupBalanceAccountRequest';
import type { ManualTopupBalanceAccountResponse as _exchange_admin_v1_ManualTopupBalanceAccountResponse, ManualTopupBalanceAccountResponse__Output as _exchange_admin_v1_ManualTopupBalanceAccountResponse__Output } from '../../../exchange/admin/v1/ManualTopupBalanceAccountResponse';
import type { ManualTopupRequest as _exchange_admin_v1_ManualTopupRequest, ManualTopupRequest__Output as _exchange_admin_v1_ManualTopupRequest__Output } from '../../../exchange/admin/v1/ManualTopupRequest';
import type { ManualTopupResponse as _exchange_admin_v1_ManualTopupResponse, ManualTopupResponse__Output as _exchange_admin_v1_ManualTopupResponse__Output } from '../../../exchange/admin/v1/ManualTopupResponse';
import type { ManualWithdrawBalanceAccountRequest as _exchange_admin_v1_ManualWithdrawBalanceAccountRequest, ManualWithdrawBalanceAccountRequest__Output as _exchange_admin_v1_ManualWithdrawBalanceAccountRequest__Output } from '../../../exchange/admin/v1/ManualWithdrawBalanceAccountRequest';
import type { ManualWithdrawBalanceAccountResponse as _exchange_admin_v1_ManualWithdrawBalanceAccountResponse, ManualWithdrawBalanceAccountResponse__Output as _exchange_admin_v1_ManualWithdrawBalanceAccountResponse__Output } from '../../../exchange/admin/v1/ManualWithdrawBalanceAccountResponse';
import type { ManualWithdrawRequest as _exchange_admin_v1_ManualWithdrawRequest, ManualWithdrawRequest__Output as _exchange_admin_v1_ManualWithdrawRequest__Output } from '../../../exchange/admin/v1/ManualWithdrawRequest';
import type { ManualWithdrawResponse as _exchange_admin_v1_ManualWithdrawResponse, ManualWithdrawResponse__Output as _exchange_admin_v1_ManualWithdrawResponse__Output } from '../../../exchange/admin/v1/ManualWithdrawResponse';
import type { TransferBalanceAccountRequest as _exchange_admin_v1_TransferBalanceAccountRequest, TransferBalanceAccountRequest__Output as _exchange_admin_v1_TransferBalanceAccountRequest__Output } from '../../../exchange/admin/v1/TransferBalanceAccountRequest';
import type { TransferBalanceAccountResponse as _exchange_admin_v1_TransferBalanceAccountResponse, TransferBalanceAccountResponse__Output as _exchange_admin_v1_TransferBalanceAccountResponse__Output } from '../../../exchange/admin/v1/TransferBalanceAccountResponse';
import type { TransferRequest as _exchange_admin_v1_TransferRequest, TransferRequest__Output as _exchange_admin_v1_TransferRequest__Output } from '../../../exchange/admin/v1/TransferRequest';
import type { TransferResponse as _exchange_admin_v1_TransferResponse, TransferResponse__Output as _exchange_admin_v1_TransferResponse__Output } from '../../../exchange/admin/v1/TransferResponse';

/**
 * Manual financial operations. Every operation is one double-entry ledger transaction recording
 * the reason and the operator. Account-level operations act on the account's funding balance account.
 */
export interface OperationsServiceClient extends grpc.Client {
  ManualTopup(argument: _exchange_admin_v1_ManualTopupRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ManualTopupResponse__Output>): grpc.ClientUnaryCall;
  ManualTopup(argument: _exchange_admin_v1_ManualTopupRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_ManualTopupResponse__Output>): grpc.ClientUnaryCall;
  ManualTopup(argument: _exchange_admin_v1_ManualTopupRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ManualTopupResponse__Output>): grpc.ClientUnaryCall;
  ManualTopup(argument: _exchange_admin_v1_ManualTopupRequest, callback: grpc.requestCallback<_exchange_admin_v1_ManualTopupResponse__Output>): grpc.ClientUnaryCall;
  manualTopup(argument: _exchange_admin_v1_ManualTopupRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ManualTopupResponse__Output>): grpc.ClientUnaryCall;
  manualTopup(argument: _exchange_admin_v1_ManualTopupRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_ManualTopupResponse__Output>): grpc.ClientUnaryCall;
  manualTopup(argument: _exchange_admin_v1_ManualTopupRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ManualTopupResponse__Output>): grpc.ClientUnaryCall;
  manualTopup(argument: _exchange_admin_v1_ManualTopupRequest, callback: grpc.requestCallback<_exchange_admin_v1_ManualTopupResponse__Output>): grpc.ClientUnaryCall;
  
  ManualTopupBalanceAccount(argument: _exchange_admin_v1_ManualTopupBalanceAccountRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ManualTopupBalanceAccountResponse__Output>): grpc.ClientUnaryCall;
  ManualTopupBalanceAccount(argument: _exchange_admin_v1_ManualTopupBalanceAccountRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_ManualTopupBalanceAccountResponse__Output>): grpc.ClientUnaryCall;
  ManualTopupBalanceAccount(argument: _exchange_admin_v1_ManualTopupBalanceAccountRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ManualTopupBalanceAccountResponse__Output>): grpc.ClientUnaryCall;
  ManualTopupBalanceAccount(argument: _exchange_admin_v1_ManualTopupBalanceAccountRequest, callback: grpc.requestCallback<_exchange_admin_v1_ManualTopupBalanceAccountResponse__Output>): grpc.ClientUnaryCall;
  manualTopupBalanceAccount(argument: _exchange_admin_v1_ManualTopupBalanceAccountRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ManualTopupBalanceAccountResponse__Output>): grpc.ClientUnaryCall;
  manualTopupBalanceAccount(argument: _exchange_admin_v1_ManualTopupBalanceAccountRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_ManualTopupBalanceAccountResponse__Output>): grpc.ClientUnaryCall;
  manualTopupBalanceAccount(argument: _exchange_admin_v1_ManualTopupBalanceAccountRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ManualTopupBalanceAccountResponse__Output>): grpc.ClientUnaryCall;
  manualTopupBalanceAccount(argument: _exchange_admin_v1_ManualTopupBalanceAccountRequest, callback: grpc.requestCallback<_exchange_admin_v1_ManualTopupBalanceAccountResponse__Output>): grpc.ClientUnaryCall;
  
  ManualWithdraw(argument: _exchange_admin_v1_ManualWithdrawRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ManualWithdrawResponse__Output>): grpc.ClientUnaryCall;
  ManualWithdraw(argument: _exchange_admin_v1_ManualWithdrawRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_ManualWithdrawResponse__Output>): grpc.ClientUnaryCall;
  ManualWithdraw(argument: _exchange_admin_v1_ManualWithdrawRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ManualWithdrawResponse__Output>): grpc.ClientUnaryCall;
  ManualWithdraw(argument: _exchange_admin_v1_ManualWithdrawRequest, callback: grpc.requestCallback<_exchange_admin_v1_ManualWithdrawResponse__Output>): grpc.ClientUnaryCall;
  manualWithdraw(argument: _exchange_admin_v1_ManualWithdrawRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ManualWithdrawResponse__Output>): grpc.ClientUnaryCall;
  manualWithdraw(argument: _exchange_admin_v1_ManualWithdrawRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_ManualWithdrawResponse__Output>): grpc.ClientUnaryCall;
  manualWithdraw(argument: _exchange_admin_v1_ManualWithdrawRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ManualWithdrawResponse__Output>): grpc.ClientUnaryCall;
  manualWithdraw(argument: _exchange_admin_v1_ManualWithdrawRequest, callback: grpc.requestCallback<_exchange_admin_v1_ManualWithdrawResponse__Output>): grpc.ClientUnaryCall;
  
  ManualWithdrawBalanceAccount(argument: _exchange_admin_v1_ManualWithdrawBalanceAccountRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ManualWithdrawBalanceAccountResponse__Output>): grpc.ClientUnaryCall;
  ManualWithdrawBalanceAccount(argument: _exchange_admin_v1_ManualWithdrawBalanceAccountRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_ManualWithdrawBalanceAccountResponse__Output>): grpc.ClientUnaryCall;
  ManualWithdrawBalanceAccount(argument: _exchange_admin_v1_ManualWithdrawBalanceAccountRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ManualWithdrawBalanceAccountResponse__Output>): grpc.ClientUnaryCall;
  ManualWithdrawBalanceAccount(argument: _exchange_admin_v1_ManualWithdrawBalanceAccountRequest, callback: grpc.requestCallback<_exchange_admin_v1_ManualWithdrawBalanceAccountResponse__Output>): grpc.ClientUnaryCall;
  manualWithdrawBalanceAccount(argument: _exchange_admin_v1_ManualWithdrawBalanceAccountRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ManualWithdrawBalanceAccountResponse__Output>): grpc.ClientUnaryCall;
  manualWithdrawBalanceAccount(argument: _exchange_admin_v1_ManualWithdrawBalanceAccountRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_ManualWithdrawBalanceAccountResponse__Output>): grpc.ClientUnaryCall;
  manualWithdrawBalanceAccount(argument: _exchange_admin_v1_ManualWithdrawBalanceAccountRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ManualWithdrawBalanceAccountResponse__Output>): grpc.ClientUnaryCall;
  manualWithdrawBalanceAccount(argument: _exchange_admin_v1_ManualWithdrawBalanceAccountRequest, callback: grpc.requestCallback<_exchange_admin_v1_ManualWithdrawBalanceAccountResponse__Output>): grpc.ClientUnaryCall;
  
  Transfer(argument: _exchange_admin_v1_TransferRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_TransferResponse__Output>): grpc.ClientUnaryCall;
  Transfer(argument: _exchange_admin_v1_TransferRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_TransferResponse__Output>): grpc.ClientUnaryCall;
  Transfer(argument: _exchange_admin_v1_TransferRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_TransferResponse__Output>): grpc.ClientUnaryCall;
  Transfer(argument: _exchange_admin_v1_TransferRequest, callback: grpc.requestCallback<_exchange_admin_v1_TransferResponse__Output>): grpc.ClientUnaryCall;
  transfer(argument: _exchange_admin_v1_TransferRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_TransferResponse__Output>): grpc.ClientUnaryCall;
  transfer(argument: _exchange_admin_v1_TransferRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_TransferResponse__Output>): grpc.ClientUnaryCall;
  transfer(argument: _exchange_admin_v1_TransferRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_TransferResponse__Output>): grpc.ClientUnaryCall;
  transfer(argument: _exchange_admin_v1_TransferRequest, callback: grpc.requestCallback<_exchange_admin_v1_TransferResponse__Output>): grpc.ClientUnaryCall;
  
  TransferBalanceAccount(argument: _exchange_admin_v1_TransferBalanceAccountRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_TransferBalanceAccountResponse__Output>): grpc.ClientUnaryCall;
  TransferBalanceAccount(argument: _exchange_admin_v1_TransferBalanceAccountRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_TransferBalanceAccountResponse__Output>): grpc.ClientUnaryCall;
  TransferBalanceAccount(argument: _exchange_admin_v1_TransferBalanceAccountRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_TransferBalanceAccountResponse__Output>): grpc.ClientUnaryCall;
  TransferBalanceAccount(argument: _exchange_admin_v1_TransferBalanceAccountRequest, callback: grpc.requestCallback<_exchange_admin_v1_TransferBalanceAccountResponse__Output>): grpc.ClientUnaryCall;
  transferBalanceAccount(argument: _exchange_admin_v1_TransferBalanceAccountRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_TransferBalanceAccountResponse__Output>): grpc.ClientUnaryCall;
  transferBalanceAccount(argument: _exchange_admin_v1_TransferBalanceAccountRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_TransferBalanceAccountResponse__Output>): grpc.ClientUnaryCall;
  transferBalanceAccount(argument: _exchange_admin_v1_TransferBalanceAccountRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_TransferBalanceAccountResponse__Output>): grpc.ClientUnaryCall;
  transferBalanceAccount(argument: _exchange_admin_v1_TransferBalanceAccountRequest, callback: grpc.requestCallback<_exchange_admin_v1_TransferBalanceAccountResponse__Output>): grpc.ClientUnaryCall;
  
}

/**
 * Manual financial operations. Every operation is one double-entry ledger transaction recording
 * the reason and the operator. Account-level operations act on the account's funding balance account.
 */
export interface OperationsServiceHandlers extends grpc.UntypedServiceImplementation {
  ManualTopup: grpc.handleUnaryCall<_exchange_admin_v1_ManualTopupRequest__Output, _exchange_admin_v1_ManualTopupResponse>;
  
  ManualTopupBalanceAccount: grpc.handleUnaryCall<_exchange_admin_v1_ManualTopupBalanceAccountRequest__Output, _exchange_admin_v1_ManualTopupBalanceAccountResponse>;
  
  ManualWithdraw: grpc.handleUnaryCall<_exchange_admin_v1_ManualWithdrawRequest__Output, _exchange_admin_v1_ManualWithdrawResponse>;
  
  ManualWithdrawBalanceAccount: grpc.handleUnaryCall<_exchange_admin_v1_ManualWithdrawBalanceAccountRequest__Output, _exchange_admin_v1_ManualWithdrawBalanceAccountResponse>;
  
  Transfer: grpc.handleUnaryCall<_exchange_admin_v1_TransferRequest__Output, _exchange_admin_v1_TransferResponse>;
  
  TransferBalanceAccount: grpc.handleUnaryCall<_exchange_admin_v1_TransferBalanceAccountRequest__Output, _exchange_admin_v1_TransferBalanceAccountResponse>;
  
}

export interface OperationsServiceDefinition extends grpc.ServiceDefinition {
  ManualTopup: MethodDefinition<_exchange_admin_v1_ManualTopupRequest, _exchange_admin_v1_ManualTopupResponse, _exchange_admin_v1_ManualTopupRequest__Output, _exchange_admin_v1_ManualTopupResponse__Output>
  ManualTopupBalanceAccount: MethodDefinition<_exchange_admin_v1_ManualTopupBalanceAccountRequest, _exchange_admin_v1_ManualTopupBalanceAccountResponse, _exchange_admin_v1_ManualTopupBalanceAccountRequest__Output, _exchange_admin_v1_ManualTopupBalanceAccountResponse__Output>
  ManualWithdraw: MethodDefinition<_exchange_admin_v1_ManualWithdrawRequest, _exchange_admin_v1_ManualWithdrawResponse, _exchange_admin_v1_ManualWithdrawRequest__Output, _exchange_admin_v1_ManualWithdrawResponse__Output>
  ManualWithdrawBalanceAccount: MethodDefinition<_exchange_admin_v1_ManualWithdrawBalanceAccountRequest, _exchange_admin_v1_ManualWithdrawBalanceAccountResponse, _exchange_admin_v1_ManualWithdrawBalanceAccountRequest__Output, _exchange_admin_v1_ManualWithdrawBalanceAccountResponse__Output>
  Transfer: MethodDefinition<_exchange_admin_v1_TransferRequest, _exchange_admin_v1_TransferResponse, _exchange_admin_v1_TransferRequest__Output, _exchange_admin_v1_TransferResponse__Output>
  TransferBalanceAccount: MethodDefinition<_exchange_admin_v1_TransferBalanceAccountRequest, _exchange_admin_v1_TransferBalanceAccountResponse, _exchange_admin_v1_TransferBalanceAccountRequest__Output, _exchange_admin_v1_TransferBalanceAccountResponse__Output>
}
