import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { ManualTopupBalanceAccountRequest as _exchange_admin_v1_ManualTopupBalanceAccountRequest, ManualTopupBalanceAccountRequest__Output as _exchange_admin_v1_ManualTopupBalanceAccountRequest__Output } from './exchange/admin/v1/ManualTopupBalanceAccountRequest';
import type { ManualTopupBalanceAccountResponse as _exchange_admin_v1_ManualTopupBalanceAccountResponse, ManualTopupBalanceAccountResponse__Output as _exchange_admin_v1_ManualTopupBalanceAccountResponse__Output } from './exchange/admin/v1/ManualTopupBalanceAccountResponse';
import type { ManualTopupRequest as _exchange_admin_v1_ManualTopupRequest, ManualTopupRequest__Output as _exchange_admin_v1_ManualTopupRequest__Output } from './exchange/admin/v1/ManualTopupRequest';
import type { ManualTopupResponse as _exchange_admin_v1_ManualTopupResponse, ManualTopupResponse__Output as _exchange_admin_v1_ManualTopupResponse__Output } from './exchange/admin/v1/ManualTopupResponse';
import type { ManualWithdrawBalanceAccountRequest as _exchange_admin_v1_ManualWithdrawBalanceAccountRequest, ManualWithdrawBalanceAccountRequest__Output as _exchange_admin_v1_ManualWithdrawBalanceAccountRequest__Output } from './exchange/admin/v1/ManualWithdrawBalanceAccountRequest';
import type { ManualWithdrawBalanceAccountResponse as _exchange_admin_v1_ManualWithdrawBalanceAccountResponse, ManualWithdrawBalanceAccountResponse__Output as _exchange_admin_v1_ManualWithdrawBalanceAccountResponse__Output } from './exchange/admin/v1/ManualWithdrawBalanceAccountResponse';
import type { ManualWithdrawRequest as _exchange_admin_v1_ManualWithdrawRequest, ManualWithdrawRequest__Output as _exchange_admin_v1_ManualWithdrawRequest__Output } from './exchange/admin/v1/ManualWithdrawRequest';
import type { ManualWithdrawResponse as _exchange_admin_v1_ManualWithdrawResponse, ManualWithdrawResponse__Output as _exchange_admin_v1_ManualWithdrawResponse__Output } from './exchange/admin/v1/ManualWithdrawResponse';
import type { OperationsServiceClient as _exchange_admin_v1_OperationsServiceClient, OperationsServiceDefinition as _exchange_admin_v1_OperationsServiceDefinition } from './exchange/admin/v1/OperationsService';
import type { TransferBalanceAccountRequest as _exchange_admin_v1_TransferBalanceAccountRequest, TransferBalanceAccountRequest__Output as _exchange_admin_v1_TransferBalanceAccountRequest__Output } from './exchange/admin/v1/TransferBalanceAccountRequest';
import type { TransferBalanceAccountResponse as _exchange_admin_v1_TransferBalanceAccountResponse, TransferBalanceAccountResponse__Output as _exchange_admin_v1_TransferBalanceAccountResponse__Output } from './exchange/admin/v1/TransferBalanceAccountResponse';
import type { TransferRequest as _exchange_admin_v1_TransferRequest, TransferRequest__Output as _exchange_admin_v1_TransferRequest__Output } from './exchange/admin/v1/TransferRequest';
import type { TransferResponse as _exchange_admin_v1_TransferResponse, TransferResponse__Output as _exchange_admin_v1_TransferResponse__Output } from './exchange/admin/v1/TransferResponse';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  exchange: {
    admin: {
      v1: {
        ManualTopupBalanceAccountRequest: MessageTypeDefinition<_exchange_admin_v1_ManualTopupBalanceAccountRequest, _exchange_admin_v1_ManualTopupBalanceAccountRequest__Output>
        ManualTopupBalanceAccountResponse: MessageTypeDefinition<_exchange_admin_v1_ManualTopupBalanceAccountResponse, _exchange_admin_v1_ManualTopupBalanceAccountResponse__Output>
        ManualTopupRequest: MessageTypeDefinition<_exchange_admin_v1_ManualTopupRequest, _exchange_admin_v1_ManualTopupRequest__Output>
        ManualTopupResponse: MessageTypeDefinition<_exchange_admin_v1_ManualTopupResponse, _exchange_admin_v1_ManualTopupResponse__Output>
        ManualWithdrawBalanceAccountRequest: MessageTypeDefinition<_exchange_admin_v1_ManualWithdrawBalanceAccountRequest, _exchange_admin_v1_ManualWithdrawBalanceAccountRequest__Output>
        ManualWithdrawBalanceAccountResponse: MessageTypeDefinition<_exchange_admin_v1_ManualWithdrawBalanceAccountResponse, _exchange_admin_v1_ManualWithdrawBalanceAccountResponse__Output>
        ManualWithdrawRequest: MessageTypeDefinition<_exchange_admin_v1_ManualWithdrawRequest, _exchange_admin_v1_ManualWithdrawRequest__Output>
        ManualWithdrawResponse: MessageTypeDefinition<_exchange_admin_v1_ManualWithdrawResponse, _exchange_admin_v1_ManualWithdrawResponse__Output>
        /**
         * Manual financial operations. Every operation is one double-entry ledger transaction recording
         * the reason and the operator. Account-level operations act on the account's funding balance account.
         */
        OperationsService: SubtypeConstructor<typeof grpc.Client, _exchange_admin_v1_OperationsServiceClient> & { service: _exchange_admin_v1_OperationsServiceDefinition }
        TransferBalanceAccountRequest: MessageTypeDefinition<_exchange_admin_v1_TransferBalanceAccountRequest, _exchange_admin_v1_TransferBalanceAccountRequest__Output>
        TransferBalanceAccountResponse: MessageTypeDefinition<_exchange_admin_v1_TransferBalanceAccountResponse, _exchange_admin_v1_TransferBalanceAccountResponse__Output>
        TransferRequest: MessageTypeDefinition<_exchange_admin_v1_TransferRequest, _exchange_admin_v1_TransferRequest__Output>
        TransferResponse: MessageTypeDefinition<_exchange_admin_v1_TransferResponse, _exchange_admin_v1_TransferResponse__Output>
      }
    }
  }
}

