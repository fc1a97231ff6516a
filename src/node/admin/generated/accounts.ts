import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { AccountSummary as _exchange_admin_v1_AccountSummary, AccountSummary__Output as _exchange_admin_v1_AccountSummary__Output } from './exchange/admin/v1/AccountSummary';
import type { AccountsServiceClient as _exchange_admin_v1_AccountsServiceClient, AccountsServiceDefinition as _exchange_admin_v1_AccountsServiceDefinition } from './exchange/admin/v1/AccountsService';
import type { AdminOrder as _exchange_admin_v1_AdminOrder, AdminOrder__Output as _exchange_admin_v1_AdminOrder__Output } from './exchange/admin/v1/AdminOrder';
import type { Amount as _exchange_admin_v1_Amount, Amount__Output as _exchange_admin_v1_Amount__Output } from './exchange/admin/v1/Amount';
import type { Balance as _exchange_admin_v1_Balance, Balance__Output as _exchange_admin_v1_Balance__Output } from './exchange/admin/v1/Balance';
import type { ChangeAccountStatusRequest as _exchange_admin_v1_ChangeAccountStatusRequest, ChangeAccountStatusRequest__Output as _exchange_admin_v1_ChangeAccountStatusRequest__Output } from './exchange/admin/v1/ChangeAccountStatusRequest';
import type { ChangeAccountStatusResponse as _exchange_admin_v1_ChangeAccountStatusResponse, ChangeAccountStatusResponse__Output as _exchange_admin_v1_ChangeAccountStatusResponse__Output } from './exchange/admin/v1/ChangeAccountStatusResponse';
import type { CreateAccountRequest as _exchange_admin_v1_CreateAccountRequest, CreateAccountRequest__Output as _exchange_admin_v1_CreateAccountRequest__Output } from './exchange/admin/v1/CreateAccountRequest';
import type { CreateAccountResponse as _exchange_admin_v1_CreateAccountResponse, CreateAccountResponse__Output as _exchange_admin_v1_CreateAccountResponse__Output } from './exchange/admin/v1/CreateAccountResponse';
import type { CreateSubAccountRequest as _exchange_admin_v1_CreateSubAccountRequest, CreateSubAccountRequest__Output as _exchange_admin_v1_CreateSubAccountRequest__Output } from './exchange/admin/v1/CreateSubAccountRequest';
import type { CreateSubAccountResponse as _exchange_admin_v1_CreateSubAccountResponse, CreateSubAccountResponse__Output as _exchange_admin_v1_CreateSubAccountResponse__Output } from './exchange/admin/v1/CreateSubAccountResponse';
import type { GetAccountDetailsRequest as _exchange_admin_v1_GetAccountDetailsRequest, GetAccountDetailsRequest__Output as _exchange_admin_v1_GetAccountDetailsRequest__Output } from './exchange/admin/v1/GetAccountDetailsRequest';
import type { GetAccountDetailsResponse as _exchange_admin_v1_GetAccountDetailsResponse, GetAccountDetailsResponse__Output as _exchange_admin_v1_GetAccountDetailsResponse__Output } from './exchange/admin/v1/GetAccountDetailsResponse';
import type { GetBalancesRequest as _exchange_admin_v1_GetBalancesRequest, GetBalancesRequest__Output as _exchange_admin_v1_GetBalancesRequest__Output } from './exchange/admin/v1/GetBalancesRequest';
import type { GetBalancesResponse as _exchange_admin_v1_GetBalancesResponse, GetBalancesResponse__Output as _exchange_admin_v1_GetBalancesResponse__Output } from './exchange/admin/v1/GetBalancesResponse';
import type { ListAccountsRequest as _exchange_admin_v1_ListAccountsRequest, ListAccountsRequest__Output as _exchange_admin_v1_ListAccountsRequest__Output } from './exchange/admin/v1/ListAccountsRequest';
import type { ListAccountsResponse as _exchange_admin_v1_ListAccountsResponse, ListAccountsResponse__Output as _exchange_admin_v1_ListAccountsResponse__Output } from './exchange/admin/v1/ListAccountsResponse';
import type { ListOrdersRequest as _exchange_admin_v1_ListOrdersRequest, ListOrdersRequest__Output as _exchange_admin_v1_ListOrdersRequest__Output } from './exchange/admin/v1/ListOrdersRequest';
import type { ListOrdersResponse as _exchange_admin_v1_ListOrdersResponse, ListOrdersResponse__Output as _exchange_admin_v1_ListOrdersResponse__Output } from './exchange/admin/v1/ListOrdersResponse';
import type { ListTransactionsRequest as _exchange_admin_v1_ListTransactionsRequest, ListTransactionsRequest__Output as _exchange_admin_v1_ListTransactionsRequest__Output } from './exchange/admin/v1/ListTransactionsRequest';
import type { ListTransactionsResponse as _exchange_admin_v1_ListTransactionsResponse, ListTransactionsResponse__Output as _exchange_admin_v1_ListTransactionsResponse__Output } from './exchange/admin/v1/ListTransactionsResponse';
import type { LoginAccountRequest as _exchange_admin_v1_LoginAccountRequest, LoginAccountRequest__Output as _exchange_admin_v1_LoginAccountRequest__Output } from './exchange/admin/v1/LoginAccountRequest';
import type { LoginAccountResponse as _exchange_admin_v1_LoginAccountResponse, LoginAccountResponse__Output as _exchange_admin_v1_LoginAccountResponse__Output } from './exchange/admin/v1/LoginAccountResponse';
import type { PageRequest as _exchange_admin_v1_PageRequest, PageRequest__Output as _exchange_admin_v1_PageRequest__Output } from './exchange/admin/v1/PageRequest';
import type { PageResponse as _exchange_admin_v1_PageResponse, PageResponse__Output as _exchange_admin_v1_PageResponse__Output } from './exchange/admin/v1/PageResponse';
import type { SetAccountVIPRequest as _exchange_admin_v1_SetAccountVIPRequest, SetAccountVIPRequest__Output as _exchange_admin_v1_SetAccountVIPRequest__Output } from './exchange/admin/v1/SetAccountVIPRequest';
import type { SetAccountVIPResponse as _exchange_admin_v1_SetAccountVIPResponse, SetAccountVIPResponse__Output as _exchange_admin_v1_SetAccountVIPResponse__Output } from './exchange/admin/v1/SetAccountVIPResponse';
import type { SetTierRequest as _exchange_admin_v1_SetTierRequest, SetTierRequest__Output as _exchange_admin_v1_SetTierRequest__Output } from './exchange/admin/v1/SetTierRequest';
import type { SetTierResponse as _exchange_admin_v1_SetTierResponse, SetTierResponse__Output as _exchange_admin_v1_SetTierResponse__Output } from './exchange/admin/v1/SetTierResponse';
import type { Transaction as _exchange_admin_v1_Transaction, Transaction__Output as _exchange_admin_v1_Transaction__Output } from './exchange/admin/v1/Transaction';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  exchange: {
    admin: {
      v1: {
        AccountSummary: MessageTypeDefinition<_exchange_admin_v1_AccountSummary, _exchange_admin_v1_AccountSummary__Output>
        /**
         * Accounts of the exchange. Used by the internal exchange-integration service and operators.
         */
        AccountsService: SubtypeConstructor<typeof grpc.Client, _exchange_admin_v1_AccountsServiceClient> & { service: _exchange_admin_v1_AccountsServiceDefinition }
        AdminOrder: MessageTypeDefinition<_exchange_admin_v1_AdminOrder, _exchange_admin_v1_AdminOrder__Output>
        Amount: MessageTypeDefinition<_exchange_admin_v1_Amount, _exchange_admin_v1_Amount__Output>
        Balance: MessageTypeDefinition<_exchange_admin_v1_Balance, _exchange_admin_v1_Balance__Output>
        ChangeAccountStatusRequest: MessageTypeDefinition<_exchange_admin_v1_ChangeAccountStatusRequest, _exchange_admin_v1_ChangeAccountStatusRequest__Output>
        ChangeAccountStatusResponse: MessageTypeDefinition<_exchange_admin_v1_ChangeAccountStatusResponse, _exchange_admin_v1_ChangeAccountStatusResponse__Output>
        CreateAccountRequest: MessageTypeDefinition<_exchange_admin_v1_CreateAccountRequest, _exchange_admin_v1_CreateAccountRequest__Output>
        CreateAccountResponse: MessageTypeDefinition<_exchange_admin_v1_CreateAccountResponse, _exchange_admin_v1_CreateAccountResponse__Output>
        CreateSubAccountRequest: MessageTypeDefinition<_exchange_admin_v1_CreateSubAccountRequest, _exchange_admin_v1_CreateSubAccountRequest__Output>
        CreateSubAccountResponse: MessageTypeDefinition<_exchange_admin_v1_CreateSubAccountResponse, _exchange_admin_v1_CreateSubAccountResponse__Output>
        GetAccountDetailsRequest: MessageTypeDefinition<_exchange_admin_v1_GetAccountDetailsRequest, _exchange_admin_v1_GetAccountDetailsRequest__Output>
        GetAccountDetailsResponse: MessageTypeDefinition<_exchange_admin_v1_GetAccountDetailsResponse, _exchange_admin_v1_GetAccountDetailsResponse__Output>
        GetBalancesRequest: MessageTypeDefinition<_exchange_admin_v1_GetBalancesRequest, _exchange_admin_v1_GetBalancesRequest__Output>
        GetBalancesResponse: MessageTypeDefinition<_exchange_admin_v1_GetBalancesResponse, _exchange_admin_v1_GetBalancesResponse__Output>
        ListAccountsRequest: MessageTypeDefinition<_exchange_admin_v1_ListAccountsRequest, _exchange_admin_v1_ListAccountsRequest__Output>
        ListAccountsResponse: MessageTypeDefinition<_exchange_admin_v1_ListAccountsResponse, _exchange_admin_v1_ListAccountsResponse__Output>
        ListOrdersRequest: MessageTypeDefinition<_exchange_admin_v1_ListOrdersRequest, _exchange_admin_v1_ListOrdersRequest__Output>
        ListOrdersResponse: MessageTypeDefinition<_exchange_admin_v1_ListOrdersResponse, _exchange_admin_v1_ListOrdersResponse__Output>
        ListTransactionsRequest: MessageTypeDefinition<_exchange_admin_v1_ListTransactionsRequest, _exchange_admin_v1_ListTransactionsRequest__Output>
        ListTransactionsResponse: MessageTypeDefinition<_exchange_admin_v1_ListTransactionsResponse, _exchange_admin_v1_ListTransactionsResponse__Output>
        LoginAccountRequest: MessageTypeDefinition<_exchange_admin_v1_LoginAccountRequest, _exchange_admin_v1_LoginAccountRequest__Output>
        LoginAccountResponse: MessageTypeDefinition<_exchange_admin_v1_LoginAccountResponse, _exchange_admin_v1_LoginAccountResponse__Output>
        PageRequest: MessageTypeDefinition<_exchange_admin_v1_PageRequest, _exchange_admin_v1_PageRequest__Output>
        PageResponse: MessageTypeDefinition<_exchange_admin_v1_PageResponse, _exchange_admin_v1_PageResponse__Output>
        SetAccountVIPRequest: MessageTypeDefinition<_exchange_admin_v1_SetAccountVIPRequest, _exchange_admin_v1_SetAccountVIPRequest__Output>
        SetAccountVIPResponse: MessageTypeDefinition<_exchange_admin_v1_SetAccountVIPResponse, _exchange_admin_v1_SetAccountVIPResponse__Output>
        SetTierRequest: MessageTypeDefinition<_exchange_admin_v1_SetTierRequest, _exchange_admin_v1_SetTierRequest__Output>
        SetTierResponse: MessageTypeDefinition<_exchange_admin_v1_SetTierResponse, _exchange_admin_v1_SetTierResponse__Output>
        Transaction: MessageTypeDefinition<_exchange_admin_v1_Transaction, _exchange_admin_v1_Transaction__Output>
      }
    }
  }
}

