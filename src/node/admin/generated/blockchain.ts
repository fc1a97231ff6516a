import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { Amount as _exchange_admin_v1_Amount, Amount__Output as _exchange_admin_v1_Amount__Output } from './exchange/admin/v1/Amount';
import type { BlockchainServiceClient as _exchange_admin_v1_BlockchainServiceClient, BlockchainServiceDefinition as _exchange_admin_v1_BlockchainServiceDefinition } from './exchange/admin/v1/BlockchainService';
import type { GetDepositAddressRequest as _exchange_admin_v1_GetDepositAddressRequest, GetDepositAddressRequest__Output as _exchange_admin_v1_GetDepositAddressRequest__Output } from './exchange/admin/v1/GetDepositAddressRequest';
import type { GetDepositAddressResponse as _exchange_admin_v1_GetDepositAddressResponse, GetDepositAddressResponse__Output as _exchange_admin_v1_GetDepositAddressResponse__Output } from './exchange/admin/v1/GetDepositAddressResponse';
import type { GetWithdrawRequestStatusRequest as _exchange_admin_v1_GetWithdrawRequestStatusRequest, GetWithdrawRequestStatusRequest__Output as _exchange_admin_v1_GetWithdrawRequestStatusRequest__Output } from './exchange/admin/v1/GetWithdrawRequestStatusRequest';
import type { GetWithdrawRequestStatusResponse as _exchange_admin_v1_GetWithdrawRequestStatusResponse, GetWithdrawRequestStatusResponse__Output as _exchange_admin_v1_GetWithdrawRequestStatusResponse__Output } from './exchange/admin/v1/GetWithdrawRequestStatusResponse';
import type { ListAllTopUpsRequest as _exchange_admin_v1_ListAllTopUpsRequest, ListAllTopUpsRequest__Output as _exchange_admin_v1_ListAllTopUpsRequest__Output } from './exchange/admin/v1/ListAllTopUpsRequest';
import type { ListAllTopUpsResponse as _exchange_admin_v1_ListAllTopUpsResponse, ListAllTopUpsResponse__Output as _exchange_admin_v1_ListAllTopUpsResponse__Output } from './exchange/admin/v1/ListAllTopUpsResponse';
import type { ListTopUpsRequest as _exchange_admin_v1_ListTopUpsRequest, ListTopUpsRequest__Output as _exchange_admin_v1_ListTopUpsRequest__Output } from './exchange/admin/v1/ListTopUpsRequest';
import type { ListTopUpsResponse as _exchange_admin_v1_ListTopUpsResponse, ListTopUpsResponse__Output as _exchange_admin_v1_ListTopUpsResponse__Output } from './exchange/admin/v1/ListTopUpsResponse';
import type { ListWithdrawalsRequest as _exchange_admin_v1_ListWithdrawalsRequest, ListWithdrawalsRequest__Output as _exchange_admin_v1_ListWithdrawalsRequest__Output } from './exchange/admin/v1/ListWithdrawalsRequest';
import type { ListWithdrawalsResponse as _exchange_admin_v1_ListWithdrawalsResponse, ListWithdrawalsResponse__Output as _exchange_admin_v1_ListWithdrawalsResponse__Output } from './exchange/admin/v1/ListWithdrawalsResponse';
import type { PageRequest as _exchange_admin_v1_PageRequest, PageRequest__Output as _exchange_admin_v1_PageRequest__Output } from './exchange/admin/v1/PageRequest';
import type { PageResponse as _exchange_admin_v1_PageResponse, PageResponse__Output as _exchange_admin_v1_PageResponse__Output } from './exchange/admin/v1/PageResponse';
import type { TopUp as _exchange_admin_v1_TopUp, TopUp__Output as _exchange_admin_v1_TopUp__Output } from './exchange/admin/v1/TopUp';
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
        Amount: MessageTypeDefinition<_exchange_admin_v1_Amount, _exchange_admin_v1_Amount__Output>
        /**
         * Blockchain deposits and withdrawals (btc, eth, tron).
         */
        BlockchainService: SubtypeConstructor<typeof grpc.Client, _exchange_admin_v1_BlockchainServiceClient> & { service: _exchange_admin_v1_BlockchainServiceDefinition }
        GetDepositAddressRequest: MessageTypeDefinition<_exchange_admin_v1_GetDepositAddressRequest, _exchange_admin_v1_GetDepositAddressRequest__Output>
        GetDepositAddressResponse: MessageTypeDefinition<_exchange_admin_v1_GetDepositAddressResponse, _exchange_admin_v1_GetDepositAddressResponse__Output>
        GetWithdrawRequestStatusRequest: MessageTypeDefinition<_exchange_admin_v1_GetWithdrawRequestStatusRequest, _exchange_admin_v1_GetWithdrawRequestStatusRequest__Output>
        GetWithdrawRequestStatusResponse: MessageTypeDefinition<_exchange_admin_v1_GetWithdrawRequestStatusResponse, _exchange_admin_v1_GetWithdrawRequestStatusResponse__Output>
        ListAllTopUpsRequest: MessageTypeDefinition<_exchange_admin_v1_ListAllTopUpsRequest, _exchange_admin_v1_ListAllTopUpsRequest__Output>
        ListAllTopUpsResponse: MessageTypeDefinition<_exchange_admin_v1_ListAllTopUpsResponse, _exchange_admin_v1_ListAllTopUpsResponse__Output>
        ListTopUpsRequest: MessageTypeDefinition<_exchange_admin_v1_ListTopUpsRequest, _exchange_admin_v1_ListTopUpsRequest__Output>
        ListTopUpsResponse: MessageTypeDefinition<_exchange_admin_v1_ListTopUpsResponse, _exchange_admin_v1_ListTopUpsResponse__Output>
        ListWithdrawalsRequest: MessageTypeDefinition<_exchange_admin_v1_ListWithdrawalsRequest, _exchange_admin_v1_ListWithdrawalsRequest__Output>
        ListWithdrawalsResponse: MessageTypeDefinition<_exchange_admin_v1_ListWithdrawalsResponse, _exchange_admin_v1_ListWithdrawalsResponse__Output>
        PageRequest: MessageTypeDefinition<_exchange_admin_v1_PageRequest, _exchange_admin_v1_PageRequest__Output>
        PageResponse: MessageTypeDefinition<_exchange_admin_v1_PageResponse, _exchange_admin_v1_PageResponse__Output>
        TopUp: MessageTypeDefinition<_exchange_admin_v1_TopUp, _exchange_admin_v1_TopUp__Output>
        WithdrawToBlockchainRequest: MessageTypeDefinition<_exchange_admin_v1_WithdrawToBlockchainRequest, _exchange_admin_v1_WithdrawToBlockchainRequest__Output>
        WithdrawToBlockchainResponse: MessageTypeDefinition<_exchange_admin_v1_WithdrawToBlockchainResponse, _exchange_admin_v1_WithdrawToBlockchainResponse__Output>
        Withdrawal: MessageTypeDefinition<_exchange_admin_v1_Withdrawal, _exchange_admin_v1_Withdrawal__Output>
      }
    }
  }
}

