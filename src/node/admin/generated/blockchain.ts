import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { AddDenyListAddressRequest as _exchange_admin_v1_AddDenyListAddressRequest, AddDenyListAddressRequest__Output as _exchange_admin_v1_AddDenyListAddressRequest__Output } from './exchange/admin/v1/AddDenyListAddressRequest';
import type { AddDenyListAddressResponse as _exchange_admin_v1_AddDenyListAddressResponse, AddDenyListAddressResponse__Output as _exchange_admin_v1_AddDenyListAddressResponse__Output } from './exchange/admin/v1/AddDenyListAddressResponse';
import type { Amount as _exchange_admin_v1_Amount, Amount__Output as _exchange_admin_v1_Amount__Output } from './exchange/admin/v1/Amount';
import type { ApproveWithdrawalRequest as _exchange_admin_v1_ApproveWithdrawalRequest, ApproveWithdrawalRequest__Output as _exchange_admin_v1_ApproveWithdrawalRequest__Output } from './exchange/admin/v1/ApproveWithdrawalRequest';
import type { ApproveWithdrawalResponse as _exchange_admin_v1_ApproveWithdrawalResponse, ApproveWithdrawalResponse__Output as _exchange_admin_v1_ApproveWithdrawalResponse__Output } from './exchange/admin/v1/ApproveWithdrawalResponse';
import type { BlockchainServiceClient as _exchange_admin_v1_BlockchainServiceClient, BlockchainServiceDefinition as _exchange_admin_v1_BlockchainServiceDefinition } from './exchange/admin/v1/BlockchainService';
import type { DenyListEntry as _exchange_admin_v1_DenyListEntry, DenyListEntry__Output as _exchange_admin_v1_DenyListEntry__Output } from './exchange/admin/v1/DenyListEntry';
import type { GetDepositAddressRequest as _exchange_admin_v1_GetDepositAddressRequest, GetDepositAddressRequest__Output as _exchange_admin_v1_GetDepositAddressRequest__Output } from './exchange/admin/v1/GetDepositAddressRequest';
import type { GetDepositAddressResponse as _exchange_admin_v1_GetDepositAddressResponse, GetDepositAddressResponse__Output as _exchange_admin_v1_GetDepositAddressResponse__Output } from './exchange/admin/v1/GetDepositAddressResponse';
import type { GetWalletRequest as _exchange_admin_v1_GetWalletRequest, GetWalletRequest__Output as _exchange_admin_v1_GetWalletRequest__Output } from './exchange/admin/v1/GetWalletRequest';
import type { GetWalletResponse as _exchange_admin_v1_GetWalletResponse, GetWalletResponse__Output as _exchange_admin_v1_GetWalletResponse__Output } from './exchange/admin/v1/GetWalletResponse';
import type { GetWithdrawRequestStatusRequest as _exchange_admin_v1_GetWithdrawRequestStatusRequest, GetWithdrawRequestStatusRequest__Output as _exchange_admin_v1_GetWithdrawRequestStatusRequest__Output } from './exchange/admin/v1/GetWithdrawRequestStatusRequest';
import type { GetWithdrawRequestStatusResponse as _exchange_admin_v1_GetWithdrawRequestStatusResponse, GetWithdrawRequestStatusResponse__Output as _exchange_admin_v1_GetWithdrawRequestStatusResponse__Output } from './exchange/admin/v1/GetWithdrawRequestStatusResponse';
import type { ImportWalletRequest as _exchange_admin_v1_ImportWalletRequest, ImportWalletRequest__Output as _exchange_admin_v1_ImportWalletRequest__Output } from './exchange/admin/v1/ImportWalletRequest';
import type { ImportWalletResponse as _exchange_admin_v1_ImportWalletResponse, ImportWalletResponse__Output as _exchange_admin_v1_ImportWalletResponse__Output } from './exchange/admin/v1/ImportWalletResponse';
import type { ListAllTopUpsRequest as _exchange_admin_v1_ListAllTopUpsRequest, ListAllTopUpsRequest__Output as _exchange_admin_v1_ListAllTopUpsRequest__Output } from './exchange/admin/v1/ListAllTopUpsRequest';
import type { ListAllTopUpsResponse as _exchange_admin_v1_ListAllTopUpsResponse, ListAllTopUpsResponse__Output as _exchange_admin_v1_ListAllTopUpsResponse__Output } from './exchange/admin/v1/ListAllTopUpsResponse';
import type { ListDenyListRequest as _exchange_admin_v1_ListDenyListRequest, ListDenyListRequest__Output as _exchange_admin_v1_ListDenyListRequest__Output } from './exchange/admin/v1/ListDenyListRequest';
import type { ListDenyListResponse as _exchange_admin_v1_ListDenyListResponse, ListDenyListResponse__Output as _exchange_admin_v1_ListDenyListResponse__Output } from './exchange/admin/v1/ListDenyListResponse';
import type { ListTopUpsRequest as _exchange_admin_v1_ListTopUpsRequest, ListTopUpsRequest__Output as _exchange_admin_v1_ListTopUpsRequest__Output } from './exchange/admin/v1/ListTopUpsRequest';
import type { ListTopUpsResponse as _exchange_admin_v1_ListTopUpsResponse, ListTopUpsResponse__Output as _exchange_admin_v1_ListTopUpsResponse__Output } from './exchange/admin/v1/ListTopUpsResponse';
import type { ListWithdrawalsRequest as _exchange_admin_v1_ListWithdrawalsRequest, ListWithdrawalsRequest__Output as _exchange_admin_v1_ListWithdrawalsRequest__Output } from './exchange/admin/v1/ListWithdrawalsRequest';
import type { ListWithdrawalsResponse as _exchange_admin_v1_ListWithdrawalsResponse, ListWithdrawalsResponse__Output as _exchange_admin_v1_ListWithdrawalsResponse__Output } from './exchange/admin/v1/ListWithdrawalsResponse';
import type { PageRequest as _exchange_admin_v1_PageRequest, PageRequest__Output as _exchange_admin_v1_PageRequest__Output } from './exchange/admin/v1/PageRequest';
import type { PageResponse as _exchange_admin_v1_PageResponse, PageResponse__Output as _exchange_admin_v1_PageResponse__Output } from './exchange/admin/v1/PageResponse';
import type { ReconcileRequest as _exchange_admin_v1_ReconcileRequest, ReconcileRequest__Output as _exchange_admin_v1_ReconcileRequest__Output } from './exchange/admin/v1/ReconcileRequest';
import type { ReconcileResponse as _exchange_admin_v1_ReconcileResponse, ReconcileResponse__Output as _exchange_admin_v1_ReconcileResponse__Output } from './exchange/admin/v1/ReconcileResponse';
import type { Reconciliation as _exchange_admin_v1_Reconciliation, Reconciliation__Output as _exchange_admin_v1_Reconciliation__Output } from './exchange/admin/v1/Reconciliation';
import type { RejectWithdrawalRequest as _exchange_admin_v1_RejectWithdrawalRequest, RejectWithdrawalRequest__Output as _exchange_admin_v1_RejectWithdrawalRequest__Output } from './exchange/admin/v1/RejectWithdrawalRequest';
import type { RejectWithdrawalResponse as _exchange_admin_v1_RejectWithdrawalResponse, RejectWithdrawalResponse__Output as _exchange_admin_v1_RejectWithdrawalResponse__Output } from './exchange/admin/v1/RejectWithdrawalResponse';
import type { ReleaseTopUpRequest as _exchange_admin_v1_ReleaseTopUpRequest, ReleaseTopUpRequest__Output as _exchange_admin_v1_ReleaseTopUpRequest__Output } from './exchange/admin/v1/ReleaseTopUpRequest';
import type { ReleaseTopUpResponse as _exchange_admin_v1_ReleaseTopUpResponse, ReleaseTopUpResponse__Output as _exchange_admin_v1_ReleaseTopUpResponse__Output } from './exchange/admin/v1/ReleaseTopUpResponse';
import type { RemoveDenyListAddressRequest as _exchange_admin_v1_RemoveDenyListAddressRequest, RemoveDenyListAddressRequest__Output as _exchange_admin_v1_RemoveDenyListAddressRequest__Output } from './exchange/admin/v1/RemoveDenyListAddressRequest';
import type { RemoveDenyListAddressResponse as _exchange_admin_v1_RemoveDenyListAddressResponse, RemoveDenyListAddressResponse__Output as _exchange_admin_v1_RemoveDenyListAddressResponse__Output } from './exchange/admin/v1/RemoveDenyListAddressResponse';
import type { RescanDepositsRequest as _exchange_admin_v1_RescanDepositsRequest, RescanDepositsRequest__Output as _exchange_admin_v1_RescanDepositsRequest__Output } from './exchange/admin/v1/RescanDepositsRequest';
import type { RescanDepositsResponse as _exchange_admin_v1_RescanDepositsResponse, RescanDepositsResponse__Output as _exchange_admin_v1_RescanDepositsResponse__Output } from './exchange/admin/v1/RescanDepositsResponse';
import type { TopUp as _exchange_admin_v1_TopUp, TopUp__Output as _exchange_admin_v1_TopUp__Output } from './exchange/admin/v1/TopUp';
import type { WalletChain as _exchange_admin_v1_WalletChain, WalletChain__Output as _exchange_admin_v1_WalletChain__Output } from './exchange/admin/v1/WalletChain';
import type { WithdrawToBlockchainRequest as _exchange_admin_v1_WithdrawToBlockchainRequest, WithdrawToBlockchainRequest__Output as _exchange_admin_v1_WithdrawToBlockchainRequest__Output } from './exchange/admin/v1/WithdrawToBlockchainRequest';
import type { WithdrawToBlockchainResponse as _exchange_admin_v1_WithdrawToBlockchainResponse, WithdrawToBlockchainResponse__Output as _exchange_admin_v1_WithdrawToBlockchainResponse__Output } from './exchange/admin/v1/WithdrawToBlockchainResponse';
import type { Withdrawal as _exchange_admin_v1_Withdrawal, Withdrawal__Output as _exchange_admin_v1_Withdrawal__Output } from './exchange/admin/v1/Withdrawal';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  exchange: {
    admin: {
      v1: {
        AddDenyListAddressRequest: MessageTypeDefinition<_exchange_admin_v1_AddDenyListAddressRequest, _exchange_admin_v1_AddDenyListAddressRequest__Output>
        AddDenyListAddressResponse: MessageTypeDefinition<_exchange_admin_v1_AddDenyListAddressResponse, _exchange_admin_v1_AddDenyListAddressResponse__Output>
        Amount: MessageTypeDefinition<_exchange_admin_v1_Amount, _exchange_admin_v1_Amount__Output>
        ApproveWithdrawalRequest: MessageTypeDefinition<_exchange_admin_v1_ApproveWithdrawalRequest, _exchange_admin_v1_ApproveWithdrawalRequest__Output>
        ApproveWithdrawalResponse: MessageTypeDefinition<_exchange_admin_v1_ApproveWithdrawalResponse, _exchange_admin_v1_ApproveWithdrawalResponse__Output>
        /**
         * Blockchain deposits and withdrawals (btc, eth, tron).
         */
        BlockchainService: SubtypeConstructor<typeof grpc.Client, _exchange_admin_v1_BlockchainServiceClient> & { service: _exchange_admin_v1_BlockchainServiceDefinition }
        DenyListEntry: MessageTypeDefinition<_exchange_admin_v1_DenyListEntry, _exchange_admin_v1_DenyListEntry__Output>
        GetDepositAddressRequest: MessageTypeDefinition<_exchange_admin_v1_GetDepositAddressRequest, _exchange_admin_v1_GetDepositAddressRequest__Output>
        GetDepositAddressResponse: MessageTypeDefinition<_exchange_admin_v1_GetDepositAddressResponse, _exchange_admin_v1_GetDepositAddressResponse__Output>
        GetWalletRequest: MessageTypeDefinition<_exchange_admin_v1_GetWalletRequest, _exchange_admin_v1_GetWalletRequest__Output>
        GetWalletResponse: MessageTypeDefinition<_exchange_admin_v1_GetWalletResponse, _exchange_admin_v1_GetWalletResponse__Output>
        GetWithdrawRequestStatusRequest: MessageTypeDefinition<_exchange_admin_v1_GetWithdrawRequestStatusRequest, _exchange_admin_v1_GetWithdrawRequestStatusRequest__Output>
        GetWithdrawRequestStatusResponse: MessageTypeDefinition<_exchange_admin_v1_GetWithdrawRequestStatusResponse, _exchange_admin_v1_GetWithdrawRequestStatusResponse__Output>
        ImportWalletRequest: MessageTypeDefinition<_exchange_admin_v1_ImportWalletRequest, _exchange_admin_v1_ImportWalletRequest__Output>
        ImportWalletResponse: MessageTypeDefinition<_exchange_admin_v1_ImportWalletResponse, _exchange_admin_v1_ImportWalletResponse__Output>
        ListAllTopUpsRequest: MessageTypeDefinition<_exchange_admin_v1_ListAllTopUpsRequest, _exchange_admin_v1_ListAllTopUpsRequest__Output>
        ListAllTopUpsResponse: MessageTypeDefinition<_exchange_admin_v1_ListAllTopUpsResponse, _exchange_admin_v1_ListAllTopUpsResponse__Output>
        ListDenyListRequest: MessageTypeDefinition<_exchange_admin_v1_ListDenyListRequest, _exchange_admin_v1_ListDenyListRequest__Output>
        ListDenyListResponse: MessageTypeDefinition<_exchange_admin_v1_ListDenyListResponse, _exchange_admin_v1_ListDenyListResponse__Output>
        ListTopUpsRequest: MessageTypeDefinition<_exchange_admin_v1_ListTopUpsRequest, _exchange_admin_v1_ListTopUpsRequest__Output>
        ListTopUpsResponse: MessageTypeDefinition<_exchange_admin_v1_ListTopUpsResponse, _exchange_admin_v1_ListTopUpsResponse__Output>
        ListWithdrawalsRequest: MessageTypeDefinition<_exchange_admin_v1_ListWithdrawalsRequest, _exchange_admin_v1_ListWithdrawalsRequest__Output>
        ListWithdrawalsResponse: MessageTypeDefinition<_exchange_admin_v1_ListWithdrawalsResponse, _exchange_admin_v1_ListWithdrawalsResponse__Output>
        PageRequest: MessageTypeDefinition<_exchange_admin_v1_PageRequest, _exchange_admin_v1_PageRequest__Output>
        PageResponse: MessageTypeDefinition<_exchange_admin_v1_PageResponse, _exchange_admin_v1_PageResponse__Output>
        ReconcileRequest: MessageTypeDefinition<_exchange_admin_v1_ReconcileRequest, _exchange_admin_v1_ReconcileRequest__Output>
        ReconcileResponse: MessageTypeDefinition<_exchange_admin_v1_ReconcileResponse, _exchange_admin_v1_ReconcileResponse__Output>
        Reconciliation: MessageTypeDefinition<_exchange_admin_v1_Reconciliation, _exchange_admin_v1_Reconciliation__Output>
        RejectWithdrawalRequest: MessageTypeDefinition<_exchange_admin_v1_RejectWithdrawalRequest, _exchange_admin_v1_RejectWithdrawalRequest__Output>
        RejectWithdrawalResponse: MessageTypeDefinition<_exchange_admin_v1_RejectWithdrawalResponse, _exchange_admin_v1_RejectWithdrawalResponse__Output>
        ReleaseTopUpRequest: MessageTypeDefinition<_exchange_admin_v1_ReleaseTopUpRequest, _exchange_admin_v1_ReleaseTopUpRequest__Output>
        ReleaseTopUpResponse: MessageTypeDefinition<_exchange_admin_v1_ReleaseTopUpResponse, _exchange_admin_v1_ReleaseTopUpResponse__Output>
        RemoveDenyListAddressRequest: MessageTypeDefinition<_exchange_admin_v1_RemoveDenyListAddressRequest, _exchange_admin_v1_RemoveDenyListAddressRequest__Output>
        RemoveDenyListAddressResponse: MessageTypeDefinition<_exchange_admin_v1_RemoveDenyListAddressResponse, _exchange_admin_v1_RemoveDenyListAddressResponse__Output>
        RescanDepositsRequest: MessageTypeDefinition<_exchange_admin_v1_RescanDepositsRequest, _exchange_admin_v1_RescanDepositsRequest__Output>
        RescanDepositsResponse: MessageTypeDefinition<_exchange_admin_v1_RescanDepositsResponse, _exchange_admin_v1_RescanDepositsResponse__Output>
        TopUp: MessageTypeDefinition<_exchange_admin_v1_TopUp, _exchange_admin_v1_TopUp__Output>
        WalletChain: MessageTypeDefinition<_exchange_admin_v1_WalletChain, _exchange_admin_v1_WalletChain__Output>
        WithdrawToBlockchainRequest: MessageTypeDefinition<_exchange_admin_v1_WithdrawToBlockchainRequest, _exchange_admin_v1_WithdrawToBlockchainRequest__Output>
        WithdrawToBlockchainResponse: MessageTypeDefinition<_exchange_admin_v1_WithdrawToBlockchainResponse, _exchange_admin_v1_WithdrawToBlockchainResponse__Output>
        Withdrawal: MessageTypeDefinition<_exchange_admin_v1_Withdrawal, _exchange_admin_v1_Withdrawal__Output>
      }
    }
  }
}

