// Original file: exchange/admin/v1/blockchain.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { AddDenyListAddressRequest as _exchange_admin_v1_AddDenyListAddressRequest, AddDenyListAddressRequest__Output as _exchange_admin_v1_AddDenyListAddressRequest__Output } from '../../../exchange/admin/v1/AddDenyListAddressRequest';
import type { AddDenyListAddressResponse as _exchange_admin_v1_AddDenyListAddressResponse, AddDenyListAddressResponse__Output as _exchange_admin_v1_AddDenyListAddressResponse__Output } from '../../../exchange/admin/v1/AddDenyListAddressResponse';
import type { ApproveWithdrawalRequest as _exchange_admin_v1_ApproveWithdrawalRequest, ApproveWithdrawalRequest__Output as _exchange_admin_v1_ApproveWithdrawalRequest__Output } from '../../../exchange/admin/v1/ApproveWithdrawalRequest';
import type { ApproveWithdrawalResponse as _exchange_admin_v1_ApproveWithdrawalResponse, ApproveWithdrawalResponse__Output as _exchange_admin_v1_ApproveWithdrawalResponse__Output } from '../../../exchange/admin/v1/ApproveWithdrawalResponse';
import type { GetDepositAddressRequest as _exchange_admin_v1_GetDepositAddressRequest, GetDepositAddressRequest__Output as _exchange_admin_v1_GetDepositAddressRequest__Output } from '../../../exchange/admin/v1/GetDepositAddressRequest';
import type { GetDepositAddressResponse as _exchange_admin_v1_GetDepositAddressResponse, GetDepositAddressResponse__Output as _exchange_admin_v1_GetDepositAddressResponse__Output } from '../../../exchange/admin/v1/GetDepositAddressResponse';
import type { GetWalletRequest as _exchange_admin_v1_GetWalletRequest, GetWalletRequest__Output as _exchange_admin_v1_GetWalletRequest__Output } from '../../../exchange/admin/v1/GetWalletRequest';
import type { GetWalletResponse as _exchange_admin_v1_GetWalletResponse, GetWalletResponse__Output as _exchange_admin_v1_GetWalletResponse__Output } from '../../../exchange/admin/v1/GetWalletResponse';
import type { GetWithdrawRequestStatusRequest as _exchange_admin_v1_GetWithdrawRequestStatusRequest, GetWithdrawRequestStatusRequest__Output as _exchange_admin_v1_GetWithdrawRequestStatusRequest__Output } from '../../../exchange/admin/v1/GetWithdrawRequestStatusRequest';
import type { GetWithdrawRequestStatusResponse as _exchange_admin_v1_GetWithdrawRequestStatusResponse, GetWithdrawRequestStatusResponse__Output as _exchange_admin_v1_GetWithdrawRequestStatusResponse__Output } from '../../../exchange/admin/v1/GetWithdrawRequestStatusResponse';
import type { ImportWalletRequest as _exchange_admin_v1_ImportWalletRequest, ImportWalletRequest__Output as _exchange_admin_v1_ImportWalletRequest__Output } from '../../../exchange/admin/v1/ImportWalletRequest';
import type { ImportWalletResponse as _exchange_admin_v1_ImportWalletResponse, ImportWalletResponse__Output as _exchange_admin_v1_ImportWalletResponse__Output } from '../../../exchange/admin/v1/ImportWalletResponse';
import type { ListAllTopUpsRequest as _exchange_admin_v1_ListAllTopUpsRequest, ListAllTopUpsRequest__Output as _exchange_admin_v1_ListAllTopUpsRequest__Output } from '../../../exchange/admin/v1/ListAllTopUpsRequest';
import type { ListAllTopUpsResponse as _exchange_admin_v1_ListAllTopUpsResponse, ListAllTopUpsResponse__Output as _exchange_admin_v1_ListAllTopUpsResponse__Output } from '../../../exchange/admin/v1/ListAllTopUpsResponse';
import type { ListDenyListRequest as _exchange_admin_v1_ListDenyListRequest, ListDenyListRequest__Output as _exchange_admin_v1_ListDenyListRequest__Output } from '../../../exchange/admin/v1/ListDenyListRequest';
import type { ListDenyListResponse as _exchange_admin_v1_ListDenyListResponse, ListDenyListResponse__Output as _exchange_admin_v1_ListDenyListResponse__Output } from '../../../exchange/admin/v1/ListDenyListResponse';
import type { ListTopUpsRequest as _exchange_admin_v1_ListTopUpsRequest, ListTopUpsRequest__Output as _exchange_admin_v1_ListTopUpsRequest__Output } from '../../../exchange/admin/v1/ListTopUpsRequest';
import type { ListTopUpsResponse as _exchange_admin_v1_ListTopUpsResponse, ListTopUpsResponse__Output as _exchange_admin_v1_ListTopUpsResponse__Output } from '../../../exchange/admin/v1/ListTopUpsResponse';
import type { ListWithdrawalsRequest as _exchange_admin_v1_ListWithdrawalsRequest, ListWithdrawalsRequest__Output as _exchange_admin_v1_ListWithdrawalsRequest__Output } from '../../../exchange/admin/v1/ListWithdrawalsRequest';
import type { ListWithdrawalsResponse as _exchange_admin_v1_ListWithdrawalsResponse, ListWithdrawalsResponse__Output as _exchange_admin_v1_ListWithdrawalsResponse__Output } from '../../../exchange/admin/v1/ListWithdrawalsResponse';
import type { ReconcileRequest as _exchange_admin_v1_ReconcileRequest, ReconcileRequest__Output as _exchange_admin_v1_ReconcileRequest__Output } from '../../../exchange/admin/v1/ReconcileRequest';
import type { ReconcileResponse as _exchange_admin_v1_ReconcileResponse, ReconcileResponse__Output as _exchange_admin_v1_ReconcileResponse__Output } from '../../../exchange/admin/v1/ReconcileResponse';
import type { RejectWithdrawalRequest as _exchange_admin_v1_RejectWithdrawalRequest, RejectWithdrawalRequest__Output as _exchange_admin_v1_RejectWithdrawalRequest__Output } from '../../../exchange/admin/v1/RejectWithdrawalRequest';
import type { RejectWithdrawalResponse as _exchange_admin_v1_RejectWithdrawalResponse, RejectWithdrawalResponse__Output as _exchange_admin_v1_RejectWithdrawalResponse__Output } from '../../../exchange/admin/v1/RejectWithdrawalResponse';
import type { ReleaseTopUpRequest as _exchange_admin_v1_ReleaseTopUpRequest, ReleaseTopUpRequest__Output as _exchange_admin_v1_ReleaseTopUpRequest__Output } from '../../../exchange/admin/v1/ReleaseTopUpRequest';
import type { ReleaseTopUpResponse as _exchange_admin_v1_ReleaseTopUpResponse, ReleaseTopUpResponse__Output as _exchange_admin_v1_ReleaseTopUpResponse__Output } from '../../../exchange/admin/v1/ReleaseTopUpResponse';
import type { RemoveDenyListAddressRequest as _exchange_admin_v1_RemoveDenyListAddressRequest, RemoveDenyListAddressRequest__Output as _exchange_admin_v1_RemoveDenyListAddressRequest__Output } from '../../../exchange/admin/v1/RemoveDenyListAddressRequest';
import type { RemoveDenyListAddressResponse as _exchange_admin_v1_RemoveDenyListAddressResponse, RemoveDenyListAddressResponse__Output as _exchange_admin_v1_RemoveDenyListAddressResponse__Output } from '../../../exchange/admin/v1/RemoveDenyListAddressResponse';
import type { RescanDepositsRequest as _exchange_admin_v1_RescanDepositsRequest, RescanDepositsRequest__Output as _exchange_admin_v1_RescanDepositsRequest__Output } from '../../../exchange/admin/v1/RescanDepositsRequest';
import type { RescanDepositsResponse as _exchange_admin_v1_RescanDepositsResponse, RescanDepositsResponse__Output as _exchange_admin_v1_RescanDepositsResponse__Output } from '../../../exchange/admin/v1/RescanDepositsResponse';
import type { WithdrawToBlockchainRequest as _exchange_admin_v1_WithdrawToBlockchainRequest, WithdrawToBlockchainRequest__Output as _exchange_admin_v1_WithdrawToBlockchainRequest__Output } from '../../../exchange/admin/v1/WithdrawToBlockchainRequest';
import type { WithdrawToBlockchainResponse as _exchange_admin_v1_WithdrawToBlockchainResponse, WithdrawToBlockchainResponse__Output as _exchange_admin_v1_WithdrawToBlockchainResponse__Output } from '../../../exchange/admin/v1/WithdrawToBlockchainResponse';

/**
 * Blockchain deposits and withdrawals (btc, eth, tron).
 */
export interface BlockchainServiceClient extends grpc.Client {
  /**
   * Extension: the AML deny-list of source addresses.
   */
  AddDenyListAddress(argument: _exchange_admin_v1_AddDenyListAddressRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_AddDenyListAddressResponse__Output>): grpc.ClientUnaryCall;
  AddDenyListAddress(argument: _exchange_admin_v1_AddDenyListAddressRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_AddDenyListAddressResponse__Output>): grpc.ClientUnaryCall;
  AddDenyListAddress(argument: _exchange_admin_v1_AddDenyListAddressRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_AddDenyListAddressResponse__Output>): grpc.ClientUnaryCall;
  AddDenyListAddress(argument: _exchange_admin_v1_AddDenyListAddressRequest, callback: grpc.requestCallback<_exchange_admin_v1_AddDenyListAddressResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Extension: the AML deny-list of source addresses.
   */
  addDenyListAddress(argument: _exchange_admin_v1_AddDenyListAddressRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_AddDenyListAddressResponse__Output>): grpc.ClientUnaryCall;
  addDenyListAddress(argument: _exchange_admin_v1_AddDenyListAddressRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_AddDenyListAddressResponse__Output>): grpc.ClientUnaryCall;
  addDenyListAddress(argument: _exchange_admin_v1_AddDenyListAddressRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_AddDenyListAddressResponse__Output>): grpc.ClientUnaryCall;
  addDenyListAddress(argument: _exchange_admin_v1_AddDenyListAddressRequest, callback: grpc.requestCallback<_exchange_admin_v1_AddDenyListAddressResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Extension: a large withdrawal waiting in pending is sent (roles finance, superadmin).
   */
  ApproveWithdrawal(argument: _exchange_admin_v1_ApproveWithdrawalRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ApproveWithdrawalResponse__Output>): grpc.ClientUnaryCall;
  ApproveWithdrawal(argument: _exchange_admin_v1_ApproveWithdrawalRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_ApproveWithdrawalResponse__Output>): grpc.ClientUnaryCall;
  ApproveWithdrawal(argument: _exchange_admin_v1_ApproveWithdrawalRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ApproveWithdrawalResponse__Output>): grpc.ClientUnaryCall;
  ApproveWithdrawal(argument: _exchange_admin_v1_ApproveWithdrawalRequest, callback: grpc.requestCallback<_exchange_admin_v1_ApproveWithdrawalResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Extension: a large withdrawal waiting in pending is sent (roles finance, superadmin).
   */
  approveWithdrawal(argument: _exchange_admin_v1_ApproveWithdrawalRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ApproveWithdrawalResponse__Output>): grpc.ClientUnaryCall;
  approveWithdrawal(argument: _exchange_admin_v1_ApproveWithdrawalRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_ApproveWithdrawalResponse__Output>): grpc.ClientUnaryCall;
  approveWithdrawal(argument: _exchange_admin_v1_ApproveWithdrawalRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ApproveWithdrawalResponse__Output>): grpc.ClientUnaryCall;
  approveWithdrawal(argument: _exchange_admin_v1_ApproveWithdrawalRequest, callback: grpc.requestCallback<_exchange_admin_v1_ApproveWithdrawalResponse__Output>): grpc.ClientUnaryCall;
  
  GetDepositAddress(argument: _exchange_admin_v1_GetDepositAddressRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_GetDepositAddressResponse__Output>): grpc.ClientUnaryCall;
  GetDepositAddress(argument: _exchange_admin_v1_GetDepositAddressRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_GetDepositAddressResponse__Output>): grpc.ClientUnaryCall;
  GetDepositAddress(argument: _exchange_admin_v1_GetDepositAddressRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_GetDepositAddressResponse__Output>): grpc.ClientUnaryCall;
  GetDepositAddress(argument: _exchange_admin_v1_GetDepositAddressRequest, callback: grpc.requestCallback<_exchange_admin_v1_GetDepositAddressResponse__Output>): grpc.ClientUnaryCall;
  getDepositAddress(argument: _exchange_admin_v1_GetDepositAddressRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_GetDepositAddressResponse__Output>): grpc.ClientUnaryCall;
  getDepositAddress(argument: _exchange_admin_v1_GetDepositAddressRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_GetDepositAddressResponse__Output>): grpc.ClientUnaryCall;
  getDepositAddress(argument: _exchange_admin_v1_GetDepositAddressRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_GetDepositAddressResponse__Output>): grpc.ClientUnaryCall;
  getDepositAddress(argument: _exchange_admin_v1_GetDepositAddressRequest, callback: grpc.requestCallback<_exchange_admin_v1_GetDepositAddressResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Extension: the wallet seed's public side (account xpubs, hot-wallet addresses); never the seed.
   */
  GetWallet(argument: _exchange_admin_v1_GetWalletRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_GetWalletResponse__Output>): grpc.ClientUnaryCall;
  GetWallet(argument: _exchange_admin_v1_GetWalletRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_GetWalletResponse__Output>): grpc.ClientUnaryCall;
  GetWallet(argument: _exchange_admin_v1_GetWalletRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_GetWalletResponse__Output>): grpc.ClientUnaryCall;
  GetWallet(argument: _exchange_admin_v1_GetWalletRequest, callback: grpc.requestCallback<_exchange_admin_v1_GetWalletResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Extension: the wallet seed's public side (account xpubs, hot-wallet addresses); never the seed.
   */
  getWallet(argument: _exchange_admin_v1_GetWalletRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_GetWalletResponse__Output>): grpc.ClientUnaryCall;
  getWallet(argument: _exchange_admin_v1_GetWalletRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_GetWalletResponse__Output>): grpc.ClientUnaryCall;
  getWallet(argument: _exchange_admin_v1_GetWalletRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_GetWalletResponse__Output>): grpc.ClientUnaryCall;
  getWallet(argument: _exchange_admin_v1_GetWalletRequest, callback: grpc.requestCallback<_exchange_admin_v1_GetWalletResponse__Output>): grpc.ClientUnaryCall;
  
  GetWithdrawRequestStatus(argument: _exchange_admin_v1_GetWithdrawRequestStatusRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_GetWithdrawRequestStatusResponse__Output>): grpc.ClientUnaryCall;
  GetWithdrawRequestStatus(argument: _exchange_admin_v1_GetWithdrawRequestStatusRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_GetWithdrawRequestStatusResponse__Output>): grpc.ClientUnaryCall;
  GetWithdrawRequestStatus(argument: _exchange_admin_v1_GetWithdrawRequestStatusRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_GetWithdrawRequestStatusResponse__Output>): grpc.ClientUnaryCall;
  GetWithdrawRequestStatus(argument: _exchange_admin_v1_GetWithdrawRequestStatusRequest, callback: grpc.requestCallback<_exchange_admin_v1_GetWithdrawRequestStatusResponse__Output>): grpc.ClientUnaryCall;
  getWithdrawRequestStatus(argument: _exchange_admin_v1_GetWithdrawRequestStatusRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_GetWithdrawRequestStatusResponse__Output>): grpc.ClientUnaryCall;
  getWithdrawRequestStatus(argument: _exchange_admin_v1_GetWithdrawRequestStatusRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_GetWithdrawRequestStatusResponse__Output>): grpc.ClientUnaryCall;
  getWithdrawRequestStatus(argument: _exchange_admin_v1_GetWithdrawRequestStatusRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_GetWithdrawRequestStatusResponse__Output>): grpc.ClientUnaryCall;
  getWithdrawRequestStatus(argument: _exchange_admin_v1_GetWithdrawRequestStatusRequest, callback: grpc.requestCallback<_exchange_admin_v1_GetWithdrawRequestStatusResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Extension: replaces the generated seed with the operator's BIP39 mnemonic, before any use.
   */
  ImportWallet(argument: _exchange_admin_v1_ImportWalletRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ImportWalletResponse__Output>): grpc.ClientUnaryCall;
  ImportWallet(argument: _exchange_admin_v1_ImportWalletRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_ImportWalletResponse__Output>): grpc.ClientUnaryCall;
  ImportWallet(argument: _exchange_admin_v1_ImportWalletRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ImportWalletResponse__Output>): grpc.ClientUnaryCall;
  ImportWallet(argument: _exchange_admin_v1_ImportWalletRequest, callback: grpc.requestCallback<_exchange_admin_v1_ImportWalletResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Extension: replaces the generated seed with the operator's BIP39 mnemonic, before any use.
   */
  importWallet(argument: _exchange_admin_v1_ImportWalletRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ImportWalletResponse__Output>): grpc.ClientUnaryCall;
  importWallet(argument: _exchange_admin_v1_ImportWalletRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_ImportWalletResponse__Output>): grpc.ClientUnaryCall;
  importWallet(argument: _exchange_admin_v1_ImportWalletRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ImportWalletResponse__Output>): grpc.ClientUnaryCall;
  importWallet(argument: _exchange_admin_v1_ImportWalletRequest, callback: grpc.requestCallback<_exchange_admin_v1_ImportWalletResponse__Output>): grpc.ClientUnaryCall;
  
  ListAllTopUps(argument: _exchange_admin_v1_ListAllTopUpsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListAllTopUpsResponse__Output>): grpc.ClientUnaryCall;
  ListAllTopUps(argument: _exchange_admin_v1_ListAllTopUpsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_ListAllTopUpsResponse__Output>): grpc.ClientUnaryCall;
  ListAllTopUps(argument: _exchange_admin_v1_ListAllTopUpsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListAllTopUpsResponse__Output>): grpc.ClientUnaryCall;
  ListAllTopUps(argument: _exchange_admin_v1_ListAllTopUpsRequest, callback: grpc.requestCallback<_exchange_admin_v1_ListAllTopUpsResponse__Output>): grpc.ClientUnaryCall;
  listAllTopUps(argument: _exchange_admin_v1_ListAllTopUpsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListAllTopUpsResponse__Output>): grpc.ClientUnaryCall;
  listAllTopUps(argument: _exchange_admin_v1_ListAllTopUpsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_ListAllTopUpsResponse__Output>): grpc.ClientUnaryCall;
  listAllTopUps(argument: _exchange_admin_v1_ListAllTopUpsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListAllTopUpsResponse__Output>): grpc.ClientUnaryCall;
  listAllTopUps(argument: _exchange_admin_v1_ListAllTopUpsRequest, callback: grpc.requestCallback<_exchange_admin_v1_ListAllTopUpsResponse__Output>): grpc.ClientUnaryCall;
  
  ListDenyList(argument: _exchange_admin_v1_ListDenyListRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListDenyListResponse__Output>): grpc.ClientUnaryCall;
  ListDenyList(argument: _exchange_admin_v1_ListDenyListRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_ListDenyListResponse__Output>): grpc.ClientUnaryCall;
  ListDenyList(argument: _exchange_admin_v1_ListDenyListRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListDenyListResponse__Output>): grpc.ClientUnaryCall;
  ListDenyList(argument: _exchange_admin_v1_ListDenyListRequest, callback: grpc.requestCallback<_exchange_admin_v1_ListDenyListResponse__Output>): grpc.ClientUnaryCall;
  listDenyList(argument: _exchange_admin_v1_ListDenyListRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListDenyListResponse__Output>): grpc.ClientUnaryCall;
  listDenyList(argument: _exchange_admin_v1_ListDenyListRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_ListDenyListResponse__Output>): grpc.ClientUnaryCall;
  listDenyList(argument: _exchange_admin_v1_ListDenyListRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListDenyListResponse__Output>): grpc.ClientUnaryCall;
  listDenyList(argument: _exchange_admin_v1_ListDenyListRequest, callback: grpc.requestCallback<_exchange_admin_v1_ListDenyListResponse__Output>): grpc.ClientUnaryCall;
  
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
  
  /**
   * Extension: per connected chain and asset, on-chain holdings (hot wallet, deposit addresses, in
   * flight) against the ledger's liabilities; a deficit raises the alert reconcile_deficit.
   */
  Reconcile(argument: _exchange_admin_v1_ReconcileRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ReconcileResponse__Output>): grpc.ClientUnaryCall;
  Reconcile(argument: _exchange_admin_v1_ReconcileRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_ReconcileResponse__Output>): grpc.ClientUnaryCall;
  Reconcile(argument: _exchange_admin_v1_ReconcileRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ReconcileResponse__Output>): grpc.ClientUnaryCall;
  Reconcile(argument: _exchange_admin_v1_ReconcileRequest, callback: grpc.requestCallback<_exchange_admin_v1_ReconcileResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Extension: per connected chain and asset, on-chain holdings (hot wallet, deposit addresses, in
   * flight) against the ledger's liabilities; a deficit raises the alert reconcile_deficit.
   */
  reconcile(argument: _exchange_admin_v1_ReconcileRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ReconcileResponse__Output>): grpc.ClientUnaryCall;
  reconcile(argument: _exchange_admin_v1_ReconcileRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_ReconcileResponse__Output>): grpc.ClientUnaryCall;
  reconcile(argument: _exchange_admin_v1_ReconcileRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ReconcileResponse__Output>): grpc.ClientUnaryCall;
  reconcile(argument: _exchange_admin_v1_ReconcileRequest, callback: grpc.requestCallback<_exchange_admin_v1_ReconcileResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Extension: a large withdrawal waiting in pending fails and its hold is released.
   */
  RejectWithdrawal(argument: _exchange_admin_v1_RejectWithdrawalRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_RejectWithdrawalResponse__Output>): grpc.ClientUnaryCall;
  RejectWithdrawal(argument: _exchange_admin_v1_RejectWithdrawalRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_RejectWithdrawalResponse__Output>): grpc.ClientUnaryCall;
  RejectWithdrawal(argument: _exchange_admin_v1_RejectWithdrawalRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_RejectWithdrawalResponse__Output>): grpc.ClientUnaryCall;
  RejectWithdrawal(argument: _exchange_admin_v1_RejectWithdrawalRequest, callback: grpc.requestCallback<_exchange_admin_v1_RejectWithdrawalResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Extension: a large withdrawal waiting in pending fails and its hold is released.
   */
  rejectWithdrawal(argument: _exchange_admin_v1_RejectWithdrawalRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_RejectWithdrawalResponse__Output>): grpc.ClientUnaryCall;
  rejectWithdrawal(argument: _exchange_admin_v1_RejectWithdrawalRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_RejectWithdrawalResponse__Output>): grpc.ClientUnaryCall;
  rejectWithdrawal(argument: _exchange_admin_v1_RejectWithdrawalRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_RejectWithdrawalResponse__Output>): grpc.ClientUnaryCall;
  rejectWithdrawal(argument: _exchange_admin_v1_RejectWithdrawalRequest, callback: grpc.requestCallback<_exchange_admin_v1_RejectWithdrawalResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Extension: a top-up held by the AML deny-list is credited (or waits for its confirmations).
   */
  ReleaseTopUp(argument: _exchange_admin_v1_ReleaseTopUpRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ReleaseTopUpResponse__Output>): grpc.ClientUnaryCall;
  ReleaseTopUp(argument: _exchange_admin_v1_ReleaseTopUpRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_ReleaseTopUpResponse__Output>): grpc.ClientUnaryCall;
  ReleaseTopUp(argument: _exchange_admin_v1_ReleaseTopUpRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ReleaseTopUpResponse__Output>): grpc.ClientUnaryCall;
  ReleaseTopUp(argument: _exchange_admin_v1_ReleaseTopUpRequest, callback: grpc.requestCallback<_exchange_admin_v1_ReleaseTopUpResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Extension: a top-up held by the AML deny-list is credited (or waits for its confirmations).
   */
  releaseTopUp(argument: _exchange_admin_v1_ReleaseTopUpRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ReleaseTopUpResponse__Output>): grpc.ClientUnaryCall;
  releaseTopUp(argument: _exchange_admin_v1_ReleaseTopUpRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_ReleaseTopUpResponse__Output>): grpc.ClientUnaryCall;
  releaseTopUp(argument: _exchange_admin_v1_ReleaseTopUpRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ReleaseTopUpResponse__Output>): grpc.ClientUnaryCall;
  releaseTopUp(argument: _exchange_admin_v1_ReleaseTopUpRequest, callback: grpc.requestCallback<_exchange_admin_v1_ReleaseTopUpResponse__Output>): grpc.ClientUnaryCall;
  
  RemoveDenyListAddress(argument: _exchange_admin_v1_RemoveDenyListAddressRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_RemoveDenyListAddressResponse__Output>): grpc.ClientUnaryCall;
  RemoveDenyListAddress(argument: _exchange_admin_v1_RemoveDenyListAddressRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_RemoveDenyListAddressResponse__Output>): grpc.ClientUnaryCall;
  RemoveDenyListAddress(argument: _exchange_admin_v1_RemoveDenyListAddressRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_RemoveDenyListAddressResponse__Output>): grpc.ClientUnaryCall;
  RemoveDenyListAddress(argument: _exchange_admin_v1_RemoveDenyListAddressRequest, callback: grpc.requestCallback<_exchange_admin_v1_RemoveDenyListAddressResponse__Output>): grpc.ClientUnaryCall;
  removeDenyListAddress(argument: _exchange_admin_v1_RemoveDenyListAddressRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_RemoveDenyListAddressResponse__Output>): grpc.ClientUnaryCall;
  removeDenyListAddress(argument: _exchange_admin_v1_RemoveDenyListAddressRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_RemoveDenyListAddressResponse__Output>): grpc.ClientUnaryCall;
  removeDenyListAddress(argument: _exchange_admin_v1_RemoveDenyListAddressRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_RemoveDenyListAddressResponse__Output>): grpc.ClientUnaryCall;
  removeDenyListAddress(argument: _exchange_admin_v1_RemoveDenyListAddressRequest, callback: grpc.requestCallback<_exchange_admin_v1_RemoveDenyListAddressResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Extension: the chain's blocks from from_height up to the last scanned are read again by the
   * scanner's next passes; deposits found again stay credited once, missed ones are credited.
   */
  RescanDeposits(argument: _exchange_admin_v1_RescanDepositsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_RescanDepositsResponse__Output>): grpc.ClientUnaryCall;
  RescanDeposits(argument: _exchange_admin_v1_RescanDepositsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_RescanDepositsResponse__Output>): grpc.ClientUnaryCall;
  RescanDeposits(argument: _exchange_admin_v1_RescanDepositsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_RescanDepositsResponse__Output>): grpc.ClientUnaryCall;
  RescanDeposits(argument: _exchange_admin_v1_RescanDepositsRequest, callback: grpc.requestCallback<_exchange_admin_v1_RescanDepositsResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Extension: the chain's blocks from from_height up to the last scanned are read again by the
   * scanner's next passes; deposits found again stay credited once, missed ones are credited.
   */
  rescanDeposits(argument: _exchange_admin_v1_RescanDepositsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_RescanDepositsResponse__Output>): grpc.ClientUnaryCall;
  rescanDeposits(argument: _exchange_admin_v1_RescanDepositsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_RescanDepositsResponse__Output>): grpc.ClientUnaryCall;
  rescanDeposits(argument: _exchange_admin_v1_RescanDepositsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_RescanDepositsResponse__Output>): grpc.ClientUnaryCall;
  rescanDeposits(argument: _exchange_admin_v1_RescanDepositsRequest, callback: grpc.requestCallback<_exchange_admin_v1_RescanDepositsResponse__Output>): grpc.ClientUnaryCall;
  
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
  /**
   * Extension: the AML deny-list of source addresses.
   */
  AddDenyListAddress: grpc.handleUnaryCall<_exchange_admin_v1_AddDenyListAddressRequest__Output, _exchange_admin_v1_AddDenyListAddressResponse>;
  
  /**
   * Extension: a large withdrawal waiting in pending is sent (roles finance, superadmin).
   */
  ApproveWithdrawal: grpc.handleUnaryCall<_exchange_admin_v1_ApproveWithdrawalRequest__Output, _exchange_admin_v1_ApproveWithdrawalResponse>;
  
  GetDepositAddress: grpc.handleUnaryCall<_exchange_admin_v1_GetDepositAddressRequest__Output, _exchange_admin_v1_GetDepositAddressResponse>;
  
  /**
   * Extension: the wallet seed's public side (account xpubs, hot-wallet addresses); never the seed.
   */
  GetWallet: grpc.handleUnaryCall<_exchange_admin_v1_GetWalletRequest__Output, _exchange_admin_v1_GetWalletResponse>;
  
  GetWithdrawRequestStatus: grpc.handleUnaryCall<_exchange_admin_v1_GetWithdrawRequestStatusRequest__Output, _exchange_admin_v1_GetWithdrawRequestStatusResponse>;
  
  /**
   * Extension: replaces the generated seed with the operator's BIP39 mnemonic, before any use.
   */
  ImportWallet: grpc.handleUnaryCall<_exchange_admin_v1_ImportWalletRequest__Output, _exchange_admin_v1_ImportWalletResponse>;
  
  ListAllTopUps: grpc.handleUnaryCall<_exchange_admin_v1_ListAllTopUpsRequest__Output, _exchange_admin_v1_ListAllTopUpsResponse>;
  
  ListDenyList: grpc.handleUnaryCall<_exchange_admin_v1_ListDenyListRequest__Output, _exchange_admin_v1_ListDenyListResponse>;
  
  ListTopUps: grpc.handleUnaryCall<_exchange_admin_v1_ListTopUpsRequest__Output, _exchange_admin_v1_ListTopUpsResponse>;
  
  ListWithdrawals: grpc.handleUnaryCall<_exchange_admin_v1_ListWithdrawalsRequest__Output, _exchange_admin_v1_ListWithdrawalsResponse>;
  
  /**
   * Extension: per connected chain and asset, on-chain holdings (hot wallet, deposit addresses, in
   * flight) against the ledger's liabilities; a deficit raises the alert reconcile_deficit.
   */
  Reconcile: grpc.handleUnaryCall<_exchange_admin_v1_ReconcileRequest__Output, _exchange_admin_v1_ReconcileResponse>;
  
  /**
   * Extension: a large withdrawal waiting in pending fails and its hold is released.
   */
  RejectWithdrawal: grpc.handleUnaryCall<_exchange_admin_v1_RejectWithdrawalRequest__Output, _exchange_admin_v1_RejectWithdrawalResponse>;
  
  /**
   * Extension: a top-up held by the AML deny-list is credited (or waits for its confirmations).
   */
  ReleaseTopUp: grpc.handleUnaryCall<_exchange_admin_v1_ReleaseTopUpRequest__Output, _exchange_admin_v1_ReleaseTopUpResponse>;
  
  RemoveDenyListAddress: grpc.handleUnaryCall<_exchange_admin_v1_RemoveDenyListAddressRequest__Output, _exchange_admin_v1_RemoveDenyListAddressResponse>;
  
  /**
   * Extension: the chain's blocks from from_height up to the last scanned are read again by the
   * scanner's next passes; deposits found again stay credited once, missed ones are credited.
   */
  RescanDeposits: grpc.handleUnaryCall<_exchange_admin_v1_RescanDepositsRequest__Output, _exchange_admin_v1_RescanDepositsResponse>;
  
  WithdrawToBlockchain: grpc.handleUnaryCall<_exchange_admin_v1_WithdrawToBlockchainRequest__Output, _exchange_admin_v1_WithdrawToBlockchainResponse>;
  
}

export interface BlockchainServiceDefinition extends grpc.ServiceDefinition {
  AddDenyListAddress: MethodDefinition<_exchange_admin_v1_AddDenyListAddressRequest, _exchange_admin_v1_AddDenyListAddressResponse, _exchange_admin_v1_AddDenyListAddressRequest__Output, _exchange_admin_v1_AddDenyListAddressResponse__Output>
  ApproveWithdrawal: MethodDefinition<_exchange_admin_v1_ApproveWithdrawalRequest, _exchange_admin_v1_ApproveWithdrawalResponse, _exchange_admin_v1_ApproveWithdrawalRequest__Output, _exchange_admin_v1_ApproveWithdrawalResponse__Output>
  GetDepositAddress: MethodDefinition<_exchange_admin_v1_GetDepositAddressRequest, _exchange_admin_v1_GetDepositAddressResponse, _exchange_admin_v1_GetDepositAddressRequest__Output, _exchange_admin_v1_GetDepositAddressResponse__Output>
  GetWallet: MethodDefinition<_exchange_admin_v1_GetWalletRequest, _exchange_admin_v1_GetWalletResponse, _exchange_admin_v1_GetWalletRequest__Output, _exchange_admin_v1_GetWalletResponse__Output>
  GetWithdrawRequestStatus: MethodDefinition<_exchange_admin_v1_GetWithdrawRequestStatusRequest, _exchange_admin_v1_GetWithdrawRequestStatusResponse, _exchange_admin_v1_GetWithdrawRequestStatusRequest__Output, _exchange_admin_v1_GetWithdrawRequestStatusResponse__Output>
  ImportWallet: MethodDefinition<_exchange_admin_v1_ImportWalletRequest, _exchange_admin_v1_ImportWalletResponse, _exchange_admin_v1_ImportWalletRequest__Output, _exchange_admin_v1_ImportWalletResponse__Output>
  ListAllTopUps: MethodDefinition<_exchange_admin_v1_ListAllTopUpsRequest, _exchange_admin_v1_ListAllTopUpsResponse, _exchange_admin_v1_ListAllTopUpsRequest__Output, _exchange_admin_v1_ListAllTopUpsResponse__Output>
  ListDenyList: MethodDefinition<_exchange_admin_v1_ListDenyListRequest, _exchange_admin_v1_ListDenyListResponse, _exchange_admin_v1_ListDenyListRequest__Output, _exchange_admin_v1_ListDenyListResponse__Output>
  ListTopUps: MethodDefinition<_exchange_admin_v1_ListTopUpsRequest, _exchange_admin_v1_ListTopUpsResponse, _exchange_admin_v1_ListTopUpsRequest__Output, _exchange_admin_v1_ListTopUpsResponse__Output>
  ListWithdrawals: MethodDefinition<_exchange_admin_v1_ListWithdrawalsRequest, _exchange_admin_v1_ListWithdrawalsResponse, _exchange_admin_v1_ListWithdrawalsRequest__Output, _exchange_admin_v1_ListWithdrawalsResponse__Output>
  Reconcile: MethodDefinition<_exchange_admin_v1_ReconcileRequest, _exchange_admin_v1_ReconcileResponse, _exchange_admin_v1_ReconcileRequest__Output, _exchange_admin_v1_ReconcileResponse__Output>
  RejectWithdrawal: MethodDefinition<_exchange_admin_v1_RejectWithdrawalRequest, _exchange_admin_v1_RejectWithdrawalResponse, _exchange_admin_v1_RejectWithdrawalRequest__Output, _exchange_admin_v1_RejectWithdrawalResponse__Output>
  ReleaseTopUp: MethodDefinition<_exchange_admin_v1_ReleaseTopUpRequest, _exchange_admin_v1_ReleaseTopUpResponse, _exchange_admin_v1_ReleaseTopUpRequest__Output, _exchange_admin_v1_ReleaseTopUpResponse__Output>
  RemoveDenyListAddress: MethodDefinition<_exchange_admin_v1_RemoveDenyListAddressRequest, _exchange_admin_v1_RemoveDenyListAddressResponse, _exchange_admin_v1_RemoveDenyListAddressRequest__Output, _exchange_admin_v1_RemoveDenyListAddressResponse__Output>
  RescanDeposits: MethodDefinition<_exchange_admin_v1_RescanDepositsRequest, _exchange_admin_v1_RescanDepositsResponse, _exchange_admin_v1_RescanDepositsRequest__Output, _exchange_admin_v1_RescanDepositsResponse__Output>
  WithdrawToBlockchain: MethodDefinition<_exchange_admin_v1_WithdrawToBlockchainRequest, _exchange_admin_v1_WithdrawToBlockchainResponse, _exchange_admin_v1_WithdrawToBlockchainRequest__Output, _exchange_admin_v1_WithdrawToBlockchainResponse__Output>
}
