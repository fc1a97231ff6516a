// Original file: exchange/admin/v1/blockchain.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { GetDepositAddressRequest as _exchange_admin_v1_GetDepositAddressRequest, GetDepositAddressRequest__Output as _exchange_admin_v1_GetDepositAddressRequest__Output } from '../../../exchange/admin/v1/GetDepositAddressRequest';
import type { GetDepositAddressResponse as _exchange_admin_v1_GetDepositAddressResponse, GetDepositAddressResponse__Output as _exchange_admin_v1_GetDepositAddressResponse__Output } from '../../../exchange/admin/v1/GetDepositAddressResponse';
import type { GetWithdrawRequestStatusRequest as _exchange_admin_v1_GetWithdrawRequestStatusRequest, GetWithdrawRequestStatusRequest__Output as _exchange_admin_v1_GetWithdrawRequestStatusRequest__Output } from '../../../exchange/admin/v1/GetWithdrawRequestStatusRequest';
import type { GetWithdrawRequestStatusResponse as _exchange_admin_v1_GetWithdrawRequestStatusResponse, GetWithdrawRequestStatusResponse__Output as _exchange_admin_v1_GetWithdrawRequestStatusResponse__Output } from '../../../exchange/admin/v1/GetWithdrawRequestStatusResponse';
import type { ListAllTopUpsRequest as _exchange_admin_v1_ListAllTopUpsRequest, ListAllTopUpsRequest__Output as _exchange_admin_v1_ListAllTopUpsRequest__Output } from '../../../exchange/admin/v1/ListAllTopUpsRequest';
import type { ListAllTopUpsResponse as _exchange_admin_v1_ListAllTopUpsResponse, ListAllTopUpsResponse__Output as _exchange_admin_v1_ListAllTopUpsResponse__Output } from '../../../exchange/admin/v1/ListAllTopUpsResponse';
import type { ListTopUpsRequest as _exchange_admin_v1_ListTopUpsRequest, ListTopUpsRequest__Output as _exchange_admin_v1_ListTopUpsRequest__Output } from '../../../exchange/admin/v1/ListTopUpsRequest';
import type { ListTopUpsResponse as _exchange_admin_v1_ListTopUpsResponse, ListTopUpsResponse__Output as _exchange_admin_v1_ListTopUpsResponse__Output } from '../../../exchange/admin/v1/ListTopUpsResponse';
import type { ListWithdrawalsRequest as _exchange_admin_v1_ListWithdrawalsRequest, ListWithdrawalsRequest__Output as _exchange_admin_v1_ListWithdrawalsRequest__Output } from '../../../exchange/admin/v1/ListWithdrawalsRequest';
import type { ListWithdrawalsResponse as _exchange_admin_v1_ListWithdrawalsResponse, ListWithdrawalsResponse__Output as _exchange_admin_v1_ListWithdrawalsResponse__Output } from '../../../exchange/admin/v1/ListWithdrawalsResponse';
import type { WithdrawToBlockchainRequest as _exchange_admin_v1_WithdrawToBlockchainRequest, WithdrawToBlockchainRequest__Output as _exchange_admin_v1_WithdrawToBlockchainRequest__Output } from '../../../exchange/admin/v1/WithdrawToBlockchainRequest';
import type { WithdrawToBlockchainResponse as _exchange_admin_v1_WithdrawToBlockchainResponse, WithdrawToBlockchainResponse__Output as _exchange_admin_v1_WithdrawToBlockchainResponse__Output } from '../../../exchange/admin/v1/WithdrawToBlockchainResponse';

/**
 * Blockchain deposits and withdrawals (btc, eth, tron).
 */
export interface BlockchainServiceClient extends grpc.Client {
  GetDepositAddress(argument: _exchange_admin_v1_GetDepositAddressRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_GetDepositAddressResponse__Output>): grpc.ClientUnaryCall;
  GetDepositAddress(argument: _exchange_admin_v1_GetDepositAddressRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_GetDepositAddressResponse__Output>): grpc.ClientUnaryCall;
  GetDepositAddress(argument: _exchange_admin_v1_GetDepositAddressRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_GetDepositAddressResponse__Output>): grpc.ClientUnaryCall;
  GetDepositAddress(argument: _exchange_admin_v1_GetDepositAddressRequest, callback: grpc.requestCallback<_exchange_admin_v1_GetDepositAddressResponse__Output>): grpc.ClientUnaryCall;
  getDepositAddress(argument: _exchange_admin_v1_GetDepositAddressRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_GetDepositAddressResponse__Output>): grpc.ClientUnaryCall;
  getDepositAddress(argument: _exchange_admin_v1_GetDepositAddressRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_GetDepositAddressResponse__Output>): grpc.ClientUnaryCall;
  getDepositAddress(argument: _exchange_admin_v1_GetDepositAddressRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_GetDepositAddressResponse__Output>): grpc.ClientUnaryCall;
  getDepositAddress(argument: _exchange_admin_v1_GetDepositAddressRequest, callback: grpc.requestCallback<_exchange_admin_v1_GetDepositAddressResponse__Output>): grpc.ClientUnaryCall;
  
  GetWithdrawRequestStatus(argument: _exchange_admin_v1_GetWithdrawRequestStatusRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_GetWithdrawRequestStatusResponse__Output>): grpc.ClientUnaryCall;
  GetWithdrawRequestStatus(argument: _exchange_admin_v1_GetWithdrawRequestStatusRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_GetWithdrawRequestStatusResponse__Output>): grpc.ClientUnaryCall;
  GetWithdrawRequestStatus(argument: _exchange_admin_v1_GetWithdrawRequestStatusRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_GetWithdrawRequestStatusResponse__Output>): grpc.ClientUnaryCall;
  GetWithdrawRequestStatus(argument: _exchange_admin_v1_GetWithdrawRequestStatusRequest, callback: grpc.requestCallback<_exchange_admin_v1_GetWithdrawRequestStatusResponse__Output>): grpc.ClientUnaryCall;
  getWithdrawRequestStatus(argument: _exchange_admin_v1_GetWithdrawRequestStatusRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_GetWithdrawRequestStatusResponse__Output>): grpc.ClientUnaryCall;
  getWithdrawRequestStatus(argument: _exchange_admin_v1_GetWithdrawRequestStatusRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_GetWithdrawRequestStatusResponse__Output>): grpc.ClientUnaryCall;
  getWithdrawRequestStatus(argument: _exchange_admin_v1_GetWithdrawRequestStatusRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_GetWithdrawRequestStatusResponse__Output>): grpc.ClientUnaryCall;
  getWithdrawRequestStatus(argument: _exchange_admin_v1_GetWithdrawRequestStatusRequest, callback: grpc.requestCallback<_exchange_admin_v1_GetWithdrawRequestStatusResponse__Output>): grpc.ClientUnaryCall;
  
  ListAllTopUps(argument: _exchange_admin_v1_ListAllTopUpsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListAllTopUpsResponse__Output>): grpc.ClientUnaryCall;
  ListAllTopUps(argument: _exchange_admin_v1_ListAllTopUpsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_ListAllTopUpsResponse__Output>): grpc.ClientUnaryCall;
  ListAllTopUps(argument: _exchange_admin_v1_ListAllTopUpsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListAllTopUpsResponse__Output>): grpc.ClientUnaryCall;
  ListAllTopUps(argument: _exchange_admin_v1_ListAllTopUpsRequest, callback: grpc.requestCallback<_exchange_admin_v1_ListAllTopUpsResponse__Output>): grpc.ClientUnaryCall;
  listAllTopUps(argument: _exchange_admin_v1_ListAllTopUpsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListAllTopUpsResponse__Output>): grpc.ClientUnaryCall;
  listAllTopUps(argument: _exchange_admin_v1_ListAllTopUpsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_ListAllTopUpsResponse__Output>): grpc.ClientUnaryCall;
  listAllTopUps(argument: _exchange_admin_v1_ListAllTopUpsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListAllTopUpsResponse__Output>): grpc.ClientUnaryCall;
  listAllTopUps(argument: _exchange_admin_v1_ListAllTopUpsRequest, callback: grpc.requestCallback<_exchange_admin_v1_ListAllTopUpsResponse__Output>): grpc.ClientUnaryCall;
  
  ListTopUps(argument: _exchange_admin_v1_ListTopUpsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListTopUpsResponse__Output>): grpc.ClientUnaryCall;
  ListTopUps(argument: _exchange_admin_v1_ListTopUpsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_ListTopUpsResponse__Output>): grpc.ClientUnaryCall;
  ListTopUps(argument: _exchange_admin_v1_ListTopUpsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListTopUpsResponse__Output>): grpc.ClientUnaryCall;
  ListTopUps(argument: _exchange_admin_v1_ListTopUpsRequest, callback: grpc.requestCallback<_exchange_admin_v1_ListTopUpsResponse__Output>): grpc.ClientUnaryCall;
  listTopUps(argument: _exchange_admin_v1_ListTopUpsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListTopUpsResponse__Output>): grpc.ClientUnaryCall;
  listTopUps(argument: _exchange_admin_v1_ListTopUpsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_ListTopUpsResponse__Output>): grpc.ClientUnaryCall;
  listTopUps(argument: _exchange_admin_v1_ListTopUpsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListTopUpsResponse__Output>): grpc.ClientUnaryCall;
  listTopUps(argument: _exchange_admin_v1_ListTopUpsRequest, callback: grpc.requestCallback<_exchange_admin_v1_ListTopUpsResponse__Output>): grpc.ClientUnaryCall;
  
  ListWithdrawals(argument: _exchange_admin_v1_ListWithdrawalsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListWithdrawalsResponse__Output>): grpc.ClientUnaryCall;
  ListWithdrawals(argument: _exchange_admin_v1_ListWithdrawalsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_ListWithdrawalsResponse__Output>): grpc.ClientUnaryCall;
  ListWithdrawals(argument: _exchange_admin_v1_ListWithdrawalsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListWithdrawalsResponse__Output>): grpc.ClientUnaryCall;
  ListWithdrawals(argument: _exchange_admin_v1_ListWithdrawalsRequest, callback: grpc.requestCallback<_exchange_admin_v1_ListWithdrawalsResponse__Output>): grpc.ClientUnaryCall;
  listWithdrawals(argument: _exchange_admin_v1_ListWithdrawalsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListWithdrawalsResponse__Output>): grpc.ClientUnaryCall;
  listWithdrawals(argument: _exchange_admin_v1_ListWithdrawalsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_ListWithdrawalsResponse__Output>): grpc.ClientUnaryCall;
  listWithdrawals(argument: _exchange_admin_v1_ListWithdrawalsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListWithdrawalsResponse__Output>): grpc.ClientUnaryCall;
  listWithdrawals(argument: _exchange_admin_v1_ListWithdrawalsRequest, callback: grpc.requestCallback<_exchange_admin_v1_ListWithdrawalsResponse__Output>): grpc.ClientUnaryCall;
  
  WithdrawToBlockchain(argument: _exchange_admin_v1_WithdrawToBlockchainRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_WithdrawToBlockchainResponse__Output>): grpc.ClientUnaryCall;
  WithdrawToBlockchain(argument: _exchange_admin_v1_WithdrawToBlockchainRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_WithdrawToBlockchainResponse__Output>): grpc.ClientUnaryCall;
  WithdrawToBlockchain(argument: _exchange_admin_v1_WithdrawToBlockchainRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_WithdrawToBlockchainResponse__Output>): grpc.ClientUnaryCall;
  WithdrawToBlockchain(argument: _exchange_admin_v1_WithdrawToBlockchainRequest, callback: grpc.requestCallback<_exchange_admin_v1_WithdrawToBlockchainResponse__Output>): grpc.ClientUnaryCall;
  withdrawToBlockchain(argument: _exchange_admin_v1_WithdrawToBlockchainRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_WithdrawToBlockchainResponse__Output>): grpc.ClientUnaryCall;
  withdrawToBlockchain(argument: _exchange_admin_v1_WithdrawToBlockchainRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_WithdrawToBlockchainResponse__Output>): grpc.ClientUnaryCall;
  withdrawToBlockchain(argument: _exchange_admin_v1_WithdrawToBlockchainRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_WithdrawToBlockchainResponse__Output>): grpc.ClientUnaryCall;
  withdrawToBlockchain(argument: _exchange_admin_v1_WithdrawToBlockchainRequest, callback: grpc.requestCallback<_exchange_admin_v1_WithdrawToBlockchainResponse__Output>): grpc.ClientUnaryCall;
  
}

/**
 * Blockchain deposits and withdrawals (btc, eth, tron).
 */
export interface BlockchainServiceHandlers extends grpc.UntypedServiceImplementation {
  GetDepositAddress: grpc.handleUnaryCall<_exchange_admin_v1_GetDepositAddressRequest__Output, _exchange_admin_v1_GetDepositAddressResponse>;
  
  GetWithdrawRequestStatus: grpc.handleUnaryCall<_exchange_admin_v1_GetWithdrawRequestStatusRequest__Output, _exchange_admin_v1_GetWithdrawRequestStatusResponse>;
  
  ListAllTopUps: grpc.handleUnaryCall<_exchange_admin_v1_ListAllTopUpsRequest__Output, _exchange_admin_v1_ListAllTopUpsResponse>;
  
  ListTopUps: grpc.handleUnaryCall<_exchange_admin_v1_ListTopUpsRequest__Output, _exchange_admin_v1_ListTopUpsResponse>;
  
  ListWithdrawals: grpc.handleUnaryCall<_exchange_admin_v1_ListWithdrawalsRequest__Output, _exchange_admin_v1_ListWithdrawalsResponse>;
  
  WithdrawToBlockchain: grpc.handleUnaryCall<_exchange_admin_v1_WithdrawToBlockchainRequest__Output, _exchange_admin_v1_WithdrawToBlockchainResponse>;
  
}

export interface BlockchainServiceDefinition extends grpc.ServiceDefinition {
  GetDepositAddress: MethodDefinition<_exchange_admin_v1_GetDepositAddressRequest, _exchange_admin_v1_GetDepositAddressResponse, _exchange_admin_v1_GetDepositAddressRequest__Output, _exchange_admin_v1_GetDepositAddressResponse__Output>
  GetWithdrawRequestStatus: MethodDefinition<_exchange_admin_v1_GetWithdrawRequestStatusRequest, _exchange_admin_v1_GetWithdrawRequestStatusResponse, _exchange_admin_v1_GetWithdrawRequestStatusRequest__Output, _exchange_admin_v1_GetWithdrawRequestStatusResponse__Output>
  ListAllTopUps: MethodDefinition<_exchange_admin_v1_ListAllTopUpsRequest, _exchange_admin_v1_ListAllTopUpsResponse, _exchange_admin_v1_ListAllTopUpsRequest__Output, _exchange_admin_v1_ListAllTopUpsResponse__Output>
  ListTopUps: MethodDefinition<_exchange_admin_v1_ListTopUpsRequest, _exchange_admin_v1_ListTopUpsResponse, _exchange_admin_v1_ListTopUpsRequest__Output, _exchange_admin_v1_ListTopUpsResponse__Output>
  ListWithdrawals: MethodDefinition<_exchange_admin_v1_ListWithdrawalsRequest, _exchange_admin_v1_ListWithdrawalsResponse, _exchange_admin_v1_ListWithdrawalsRequest__Output, _exchange_admin_v1_ListWithdrawalsResponse__Output>
  WithdrawToBlockchain: MethodDefinition<_exchange_admin_v1_WithdrawToBlockchainRequest, _exchange_admin_v1_WithdrawToBlockchainResponse, _exchange_admin_v1_WithdrawToBlockchainRequest__Output, _exchange_admin_v1_WithdrawToBlockchainResponse__Output>
}
