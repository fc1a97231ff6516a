// Original file: exchange/admin/v1/accounts.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { ChangeAccountStatusRequest as _exchange_admin_v1_ChangeAccountStatusRequest, ChangeAccountStatusRequest__Output as _exchange_admin_v1_ChangeAccountStatusRequest__Output } from '../../../exchange/admin/v1/ChangeAccountStatusRequest';
import type { ChangeAccountStatusResponse as _exchange_admin_v1_ChangeAccountStatusResponse, ChangeAccountStatusResponse__Output as _exchange_admin_v1_ChangeAccountStatusResponse__Output } from '../../../exchange/admin/v1/ChangeAccountStatusResponse';
import type { CreateAccountRequest as _exchange_admin_v1_CreateAccountRequest, CreateAccountRequest__Output as _exchange_admin_v1_CreateAccountRequest__Output } from '../../../exchange/admin/v1/CreateAccountRequest';
import type { CreateAccountResponse as _exchange_admin_v1_CreateAccountResponse, CreateAccountResponse__Output as _exchange_admin_v1_CreateAccountResponse__Output } from '../../../exchange/admin/v1/CreateAccountResponse';
import type { CreateSubAccountRequest as _exchange_admin_v1_CreateSubAccountRequest, CreateSubAccountRequest__Output as _exchange_admin_v1_CreateSubAccountRequest__Output } from '../../../exchange/admin/v1/CreateSubAccountRequest';
import type { CreateSubAccountResponse as _exchange_admin_v1_CreateSubAccountResponse, CreateSubAccountResponse__Output as _exchange_admin_v1_CreateSubAccountResponse__Output } from '../../../exchange/admin/v1/CreateSubAccountResponse';
import type { GetAccountDetailsRequest as _exchange_admin_v1_GetAccountDetailsRequest, GetAccountDetailsRequest__Output as _exchange_admin_v1_GetAccountDetailsRequest__Output } from '../../../exchange/admin/v1/GetAccountDetailsRequest';
import type { GetAccountDetailsResponse as _exchange_admin_v1_GetAccountDetailsResponse, GetAccountDetailsResponse__Output as _exchange_admin_v1_GetAccountDetailsResponse__Output } from '../../../exchange/admin/v1/GetAccountDetailsResponse';
import type { GetBalancesRequest as _exchange_admin_v1_GetBalancesRequest, GetBalancesRequest__Output as _exchange_admin_v1_GetBalancesRequest__Output } from '../../../exchange/admin/v1/GetBalancesRequest';
import type { GetBalancesResponse as _exchange_admin_v1_GetBalancesResponse, GetBalancesResponse__Output as _exchange_admin_v1_GetBalancesResponse__Output } from '../../../exchange/admin/v1/GetBalancesResponse';
import type { ListAccountsRequest as _exchange_admin_v1_ListAccountsRequest, ListAccountsRequest__Output as _exchange_admin_v1_ListAccountsRequest__Output } from '../../../exchange/admin/v1/ListAccountsRequest';
import type { ListAccountsResponse as _exchange_admin_v1_ListAccountsResponse, ListAccountsResponse__Output as _exchange_admin_v1_ListAccountsResponse__Output } from '../../../exchange/admin/v1/ListAccountsResponse';
import type { ListOrdersRequest as _exchange_admin_v1_ListOrdersRequest, ListOrdersRequest__Output as _exchange_admin_v1_ListOrdersRequest__Output } from '../../../exchange/admin/v1/ListOrdersRequest';
import type { ListOrdersResponse as _exchange_admin_v1_ListOrdersResponse, ListOrdersResponse__Output as _exchange_admin_v1_ListOrdersResponse__Output } from '../../../exchange/admin/v1/ListOrdersResponse';
import type { ListTransactionsRequest as _exchange_admin_v1_ListTransactionsRequest, ListTransactionsRequest__Output as _exchange_admin_v1_ListTransactionsRequest__Output } from '../../../exchange/admin/v1/ListTransactionsRequest';
import type { ListTransactionsResponse as _exchange_admin_v1_ListTransactionsResponse, ListTransactionsResponse__Output as _exchange_admin_v1_ListTransactionsResponse__Output } from '../../../exchange/admin/v1/ListTransactionsResponse';
import type { LoginAccountRequest as _exchange_admin_v1_LoginAccountRequest, LoginAccountRequest__Output as _exchange_admin_v1_LoginAccountRequest__Output } from '../../../exchange/admin/v1/LoginAccountRequest';
import type { LoginAccountResponse as _exchange_admin_v1_LoginAccountResponse, LoginAccountResponse__Output as _exchange_admin_v1_LoginAccountResponse__Output } from '../../../exchange/admin/v1/LoginAccountResponse';
import type { SetAccountVIPRequest as _exchange_admin_v1_SetAccountVIPRequest, SetAccountVIPRequest__Output as _exchange_admin_v1_SetAccountVIPRequest__Output } from '../../../exchange/admin/v1/SetAccountVIPRequest';
import type { SetAccountVIPResponse as _exchange_admin_v1_SetAccountVIPResponse, SetAccountVIPResponse__Output as _exchange_admin_v1_SetAccountVIPResponse__Output } from '../../../exchange/admin/v1/SetAccountVIPResponse';
import type { SetTierRequest as _exchange_admin_v1_SetTierRequest, SetTierRequest__Output as _exchange_admin_v1_SetTierRequest__Output } from '../../../exchange/admin/v1/SetTierRequest';
import type { SetTierResponse as _exchange_admin_v1_SetTierResponse, SetTierResponse__Output as _exchange_admin_v1_SetTierResponse__Output } from '../../../exchange/admin/v1/SetTierResponse';

/**
 * Accounts of the exchange. Used by the internal exchange-integration service and operators.
 */
export interface AccountsServiceClient extends grpc.Client {
  ChangeAccountStatus(argument: _exchange_admin_v1_ChangeAccountStatusRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ChangeAccountStatusResponse__Output>): grpc.ClientUnaryCall;
  ChangeAccountStatus(argument: _exchange_admin_v1_ChangeAccountStatusRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_ChangeAccountStatusResponse__Output>): grpc.ClientUnaryCall;
  ChangeAccountStatus(argument: _exchange_admin_v1_ChangeAccountStatusRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ChangeAccountStatusResponse__Output>): grpc.ClientUnaryCall;
  ChangeAccountStatus(argument: _exchange_admin_v1_ChangeAccountStatusRequest, callback: grpc.requestCallback<_exchange_admin_v1_ChangeAccountStatusResponse__Output>): grpc.ClientUnaryCall;
  changeAccountStatus(argument: _exchange_admin_v1_ChangeAccountStatusRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ChangeAccountStatusResponse__Output>): grpc.ClientUnaryCall;
  changeAccountStatus(argument: _exchange_admin_v1_ChangeAccountStatusRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_ChangeAccountStatusResponse__Output>): grpc.ClientUnaryCall;
  changeAccountStatus(argument: _exchange_admin_v1_ChangeAccountStatusRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ChangeAccountStatusResponse__Output>): grpc.ClientUnaryCall;
  changeAccountStatus(argument: _exchange_admin_v1_ChangeAccountStatusRequest, callback: grpc.requestCallback<_exchange_admin_v1_ChangeAccountStatusResponse__Output>): grpc.ClientUnaryCall;
  
  CreateAccount(argument: _exchange_admin_v1_CreateAccountRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_CreateAccountResponse__Output>): grpc.ClientUnaryCall;
  CreateAccount(argument: _exchange_admin_v1_CreateAccountRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_CreateAccountResponse__Output>): grpc.ClientUnaryCall;
  CreateAccount(argument: _exchange_admin_v1_CreateAccountRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_CreateAccountResponse__Output>): grpc.ClientUnaryCall;
  CreateAccount(argument: _exchange_admin_v1_CreateAccountRequest, callback: grpc.requestCallback<_exchange_admin_v1_CreateAccountResponse__Output>): grpc.ClientUnaryCall;
  createAccount(argument: _exchange_admin_v1_CreateAccountRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_CreateAccountResponse__Output>): grpc.ClientUnaryCall;
  createAccount(argument: _exchange_admin_v1_CreateAccountRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_CreateAccountResponse__Output>): grpc.ClientUnaryCall;
  createAccount(argument: _exchange_admin_v1_CreateAccountRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_CreateAccountResponse__Output>): grpc.ClientUnaryCall;
  createAccount(argument: _exchange_admin_v1_CreateAccountRequest, callback: grpc.requestCallback<_exchange_admin_v1_CreateAccountResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Extension (not in the spec): a sub-account of master_email or master_account_id (exactly one,
   * INVALID_ARGUMENT otherwise), on the master's tier, with its own funding and trading balance
   * accounts and no password (it cannot sign in; its master acts for it). NOT_FOUND unknown master,
   * ALREADY_EXISTS e-mail taken, FAILED_PRECONDITION when the master is itself a sub-account or has
   * the maximum number of sub-accounts.
   */
  CreateSubAccount(argument: _exchange_admin_v1_CreateSubAccountRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_CreateSubAccountResponse__Output>): grpc.ClientUnaryCall;
  CreateSubAccount(argument: _exchange_admin_v1_CreateSubAccountRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_CreateSubAccountResponse__Output>): grpc.ClientUnaryCall;
  CreateSubAccount(argument: _exchange_admin_v1_CreateSubAccountRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_CreateSubAccountResponse__Output>): grpc.ClientUnaryCall;
  CreateSubAccount(argument: _exchange_admin_v1_CreateSubAccountRequest, callback: grpc.requestCallback<_exchange_admin_v1_CreateSubAccountResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Extension (not in the spec): a sub-account of master_email or master_account_id (exactly one,
   * INVALID_ARGUMENT otherwise), on the master's tier, with its own funding and trading balance
   * accounts and no password (it cannot sign in; its master acts for it). NOT_FOUND unknown master,
   * ALREADY_EXISTS e-mail taken, FAILED_PRECONDITION when the master is itself a sub-account or has
   * the maximum number of sub-accounts.
   */
  createSubAccount(argument: _exchange_admin_v1_CreateSubAccountRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_CreateSubAccountResponse__Output>): grpc.ClientUnaryCall;
  createSubAccount(argument: _exchange_admin_v1_CreateSubAccountRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_CreateSubAccountResponse__Output>): grpc.ClientUnaryCall;
  createSubAccount(argument: _exchange_admin_v1_CreateSubAccountRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_CreateSubAccountResponse__Output>): grpc.ClientUnaryCall;
  createSubAccount(argument: _exchange_admin_v1_CreateSubAccountRequest, callback: grpc.requestCallback<_exchange_admin_v1_CreateSubAccountResponse__Output>): grpc.ClientUnaryCall;
  
  GetAccountDetails(argument: _exchange_admin_v1_GetAccountDetailsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_GetAccountDetailsResponse__Output>): grpc.ClientUnaryCall;
  GetAccountDetails(argument: _exchange_admin_v1_GetAccountDetailsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_GetAccountDetailsResponse__Output>): grpc.ClientUnaryCall;
  GetAccountDetails(argument: _exchange_admin_v1_GetAccountDetailsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_GetAccountDetailsResponse__Output>): grpc.ClientUnaryCall;
  GetAccountDetails(argument: _exchange_admin_v1_GetAccountDetailsRequest, callback: grpc.requestCallback<_exchange_admin_v1_GetAccountDetailsResponse__Output>): grpc.ClientUnaryCall;
  getAccountDetails(argument: _exchange_admin_v1_GetAccountDetailsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_GetAccountDetailsResponse__Output>): grpc.ClientUnaryCall;
  getAccountDetails(argument: _exchange_admin_v1_GetAccountDetailsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_GetAccountDetailsResponse__Output>): grpc.ClientUnaryCall;
  getAccountDetails(argument: _exchange_admin_v1_GetAccountDetailsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_GetAccountDetailsResponse__Output>): grpc.ClientUnaryCall;
  getAccountDetails(argument: _exchange_admin_v1_GetAccountDetailsRequest, callback: grpc.requestCallback<_exchange_admin_v1_GetAccountDetailsResponse__Output>): grpc.ClientUnaryCall;
  
  GetBalances(argument: _exchange_admin_v1_GetBalancesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_GetBalancesResponse__Output>): grpc.ClientUnaryCall;
  GetBalances(argument: _exchange_admin_v1_GetBalancesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_GetBalancesResponse__Output>): grpc.ClientUnaryCall;
  GetBalances(argument: _exchange_admin_v1_GetBalancesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_GetBalancesResponse__Output>): grpc.ClientUnaryCall;
  GetBalances(argument: _exchange_admin_v1_GetBalancesRequest, callback: grpc.requestCallback<_exchange_admin_v1_GetBalancesResponse__Output>): grpc.ClientUnaryCall;
  getBalances(argument: _exchange_admin_v1_GetBalancesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_GetBalancesResponse__Output>): grpc.ClientUnaryCall;
  getBalances(argument: _exchange_admin_v1_GetBalancesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_GetBalancesResponse__Output>): grpc.ClientUnaryCall;
  getBalances(argument: _exchange_admin_v1_GetBalancesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_GetBalancesResponse__Output>): grpc.ClientUnaryCall;
  getBalances(argument: _exchange_admin_v1_GetBalancesRequest, callback: grpc.requestCallback<_exchange_admin_v1_GetBalancesResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Extension (issue 14): find accounts by e-mail substring or id, newest first, paged.
   */
  ListAccounts(argument: _exchange_admin_v1_ListAccountsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListAccountsResponse__Output>): grpc.ClientUnaryCall;
  ListAccounts(argument: _exchange_admin_v1_ListAccountsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_ListAccountsResponse__Output>): grpc.ClientUnaryCall;
  ListAccounts(argument: _exchange_admin_v1_ListAccountsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListAccountsResponse__Output>): grpc.ClientUnaryCall;
  ListAccounts(argument: _exchange_admin_v1_ListAccountsRequest, callback: grpc.requestCallback<_exchange_admin_v1_ListAccountsResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Extension (issue 14): find accounts by e-mail substring or id, newest first, paged.
   */
  listAccounts(argument: _exchange_admin_v1_ListAccountsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListAccountsResponse__Output>): grpc.ClientUnaryCall;
  listAccounts(argument: _exchange_admin_v1_ListAccountsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_ListAccountsResponse__Output>): grpc.ClientUnaryCall;
  listAccounts(argument: _exchange_admin_v1_ListAccountsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListAccountsResponse__Output>): grpc.ClientUnaryCall;
  listAccounts(argument: _exchange_admin_v1_ListAccountsRequest, callback: grpc.requestCallback<_exchange_admin_v1_ListAccountsResponse__Output>): grpc.ClientUnaryCall;
  
  ListOrders(argument: _exchange_admin_v1_ListOrdersRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListOrdersResponse__Output>): grpc.ClientUnaryCall;
  ListOrders(argument: _exchange_admin_v1_ListOrdersRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_ListOrdersResponse__Output>): grpc.ClientUnaryCall;
  ListOrders(argument: _exchange_admin_v1_ListOrdersRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListOrdersResponse__Output>): grpc.ClientUnaryCall;
  ListOrders(argument: _exchange_admin_v1_ListOrdersRequest, callback: grpc.requestCallback<_exchange_admin_v1_ListOrdersResponse__Output>): grpc.ClientUnaryCall;
  listOrders(argument: _exchange_admin_v1_ListOrdersRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListOrdersResponse__Output>): grpc.ClientUnaryCall;
  listOrders(argument: _exchange_admin_v1_ListOrdersRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_ListOrdersResponse__Output>): grpc.ClientUnaryCall;
  listOrders(argument: _exchange_admin_v1_ListOrdersRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListOrdersResponse__Output>): grpc.ClientUnaryCall;
  listOrders(argument: _exchange_admin_v1_ListOrdersRequest, callback: grpc.requestCallback<_exchange_admin_v1_ListOrdersResponse__Output>): grpc.ClientUnaryCall;
  
  ListTransactions(argument: _exchange_admin_v1_ListTransactionsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListTransactionsResponse__Output>): grpc.ClientUnaryCall;
  ListTransactions(argument: _exchange_admin_v1_ListTransactionsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_ListTransactionsResponse__Output>): grpc.ClientUnaryCall;
  ListTransactions(argument: _exchange_admin_v1_ListTransactionsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListTransactionsResponse__Output>): grpc.ClientUnaryCall;
  ListTransactions(argument: _exchange_admin_v1_ListTransactionsRequest, callback: grpc.requestCallback<_exchange_admin_v1_ListTransactionsResponse__Output>): grpc.ClientUnaryCall;
  listTransactions(argument: _exchange_admin_v1_ListTransactionsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListTransactionsResponse__Output>): grpc.ClientUnaryCall;
  listTransactions(argument: _exchange_admin_v1_ListTransactionsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_ListTransactionsResponse__Output>): grpc.ClientUnaryCall;
  listTransactions(argument: _exchange_admin_v1_ListTransactionsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListTransactionsResponse__Output>): grpc.ClientUnaryCall;
  listTransactions(argument: _exchange_admin_v1_ListTransactionsRequest, callback: grpc.requestCallback<_exchange_admin_v1_ListTransactionsResponse__Output>): grpc.ClientUnaryCall;
  
  LoginAccount(argument: _exchange_admin_v1_LoginAccountRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_LoginAccountResponse__Output>): grpc.ClientUnaryCall;
  LoginAccount(argument: _exchange_admin_v1_LoginAccountRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_LoginAccountResponse__Output>): grpc.ClientUnaryCall;
  LoginAccount(argument: _exchange_admin_v1_LoginAccountRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_LoginAccountResponse__Output>): grpc.ClientUnaryCall;
  LoginAccount(argument: _exchange_admin_v1_LoginAccountRequest, callback: grpc.requestCallback<_exchange_admin_v1_LoginAccountResponse__Output>): grpc.ClientUnaryCall;
  loginAccount(argument: _exchange_admin_v1_LoginAccountRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_LoginAccountResponse__Output>): grpc.ClientUnaryCall;
  loginAccount(argument: _exchange_admin_v1_LoginAccountRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_LoginAccountResponse__Output>): grpc.ClientUnaryCall;
  loginAccount(argument: _exchange_admin_v1_LoginAccountRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_LoginAccountResponse__Output>): grpc.ClientUnaryCall;
  loginAccount(argument: _exchange_admin_v1_LoginAccountRequest, callback: grpc.requestCallback<_exchange_admin_v1_LoginAccountResponse__Output>): grpc.ClientUnaryCall;
  
  SetAccountVIP(argument: _exchange_admin_v1_SetAccountVIPRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_SetAccountVIPResponse__Output>): grpc.ClientUnaryCall;
  SetAccountVIP(argument: _exchange_admin_v1_SetAccountVIPRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_SetAccountVIPResponse__Output>): grpc.ClientUnaryCall;
  SetAccountVIP(argument: _exchange_admin_v1_SetAccountVIPRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_SetAccountVIPResponse__Output>): grpc.ClientUnaryCall;
  SetAccountVIP(argument: _exchange_admin_v1_SetAccountVIPRequest, callback: grpc.requestCallback<_exchange_admin_v1_SetAccountVIPResponse__Output>): grpc.ClientUnaryCall;
  setAccountVip(argument: _exchange_admin_v1_SetAccountVIPRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_SetAccountVIPResponse__Output>): grpc.ClientUnaryCall;
  setAccountVip(argument: _exchange_admin_v1_SetAccountVIPRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_SetAccountVIPResponse__Output>): grpc.ClientUnaryCall;
  setAccountVip(argument: _exchange_admin_v1_SetAccountVIPRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_SetAccountVIPResponse__Output>): grpc.ClientUnaryCall;
  setAccountVip(argument: _exchange_admin_v1_SetAccountVIPRequest, callback: grpc.requestCallback<_exchange_admin_v1_SetAccountVIPResponse__Output>): grpc.ClientUnaryCall;
  
  SetTier(argument: _exchange_admin_v1_SetTierRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_SetTierResponse__Output>): grpc.ClientUnaryCall;
  SetTier(argument: _exchange_admin_v1_SetTierRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_SetTierResponse__Output>): grpc.ClientUnaryCall;
  SetTier(argument: _exchange_admin_v1_SetTierRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_SetTierResponse__Output>): grpc.ClientUnaryCall;
  SetTier(argument: _exchange_admin_v1_SetTierRequest, callback: grpc.requestCallback<_exchange_admin_v1_SetTierResponse__Output>): grpc.ClientUnaryCall;
  setTier(argument: _exchange_admin_v1_SetTierRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_SetTierResponse__Output>): grpc.ClientUnaryCall;
  setTier(argument: _exchange_admin_v1_SetTierRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_SetTierResponse__Output>): grpc.ClientUnaryCall;
  setTier(argument: _exchange_admin_v1_SetTierRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_SetTierResponse__Output>): grpc.ClientUnaryCall;
  setTier(argument: _exchange_admin_v1_SetTierRequest, callback: grpc.requestCallback<_exchange_admin_v1_SetTierResponse__Output>): grpc.ClientUnaryCall;
  
}

/**
 * Accounts of the exchange. Used by the internal exchange-integration service and operators.
 */
export interface AccountsServiceHandlers extends grpc.UntypedServiceImplementation {
  ChangeAccountStatus: grpc.handleUnaryCall<_exchange_admin_v1_ChangeAccountStatusRequest__Output, _exchange_admin_v1_ChangeAccountStatusResponse>;
  
  CreateAccount: grpc.handleUnaryCall<_exchange_admin_v1_CreateAccountRequest__Output, _exchange_admin_v1_CreateAccountResponse>;
  
  /**
   * Extension (not in the spec): a sub-account of master_email or master_account_id (exactly one,
   * INVALID_ARGUMENT otherwise), on the master's tier, with its own funding and trading balance
   * accounts and no password (it cannot sign in; its master acts for it). NOT_FOUND unknown master,
   * ALREADY_EXISTS e-mail taken, FAILED_PRECONDITION when the master is itself a sub-account or has
   * the maximum number of sub-accounts.
   */
  CreateSubAccount: grpc.handleUnaryCall<_exchange_admin_v1_CreateSubAccountRequest__Output, _exchange_admin_v1_CreateSubAccountResponse>;
  
  GetAccountDetails: grpc.handleUnaryCall<_exchange_admin_v1_GetAccountDetailsRequest__Output, _exchange_admin_v1_GetAccountDetailsResponse>;
  
  GetBalances: grpc.handleUnaryCall<_exchange_admin_v1_GetBalancesRequest__Output, _exchange_admin_v1_GetBalancesResponse>;
  
  /**
   * Extension (issue 14): find accounts by e-mail substring or id, newest first, paged.
   */
  ListAccounts: grpc.handleUnaryCall<_exchange_admin_v1_ListAccountsRequest__Output, _exchange_admin_v1_ListAccountsResponse>;
  
  ListOrders: grpc.handleUnaryCall<_exchange_admin_v1_ListOrdersRequest__Output, _exchange_admin_v1_ListOrdersResponse>;
  
  ListTransactions: grpc.handleUnaryCall<_exchange_admin_v1_ListTransactionsRequest__Output, _exchange_admin_v1_ListTransactionsResponse>;
  
  LoginAccount: grpc.handleUnaryCall<_exchange_admin_v1_LoginAccountRequest__Output, _exchange_admin_v1_LoginAccountResponse>;
  
  SetAccountVIP: grpc.handleUnaryCall<_exchange_admin_v1_SetAccountVIPRequest__Output, _exchange_admin_v1_SetAccountVIPResponse>;
  
  SetTier: grpc.handleUnaryCall<_exchange_admin_v1_SetTierRequest__Output, _exchange_admin_v1_SetTierResponse>;
  
}

export interface AccountsServiceDefinition extends grpc.ServiceDefinition {
  ChangeAccountStatus: MethodDefinition<_exchange_admin_v1_ChangeAccountStatusRequest, _exchange_admin_v1_ChangeAccountStatusResponse, _exchange_admin_v1_ChangeAccountStatusRequest__Output, _exchange_admin_v1_ChangeAccountStatusResponse__Output>
  CreateAccount: MethodDefinition<_exchange_admin_v1_CreateAccountRequest, _exchange_admin_v1_CreateAccountResponse, _exchange_admin_v1_CreateAccountRequest__Output, _exchange_admin_v1_CreateAccountResponse__Output>
  CreateSubAccount: MethodDefinition<_exchange_admin_v1_CreateSubAccountRequest, _exchange_admin_v1_CreateSubAccountResponse, _exchange_admin_v1_CreateSubAccountRequest__Output, _exchange_admin_v1_CreateSubAccountResponse__Output>
  GetAccountDetails: MethodDefinition<_exchange_admin_v1_GetAccountDetailsRequest, _exchange_admin_v1_GetAccountDetailsResponse, _exchange_admin_v1_GetAccountDetailsRequest__Output, _exchange_admin_v1_GetAccountDetailsResponse__Output>
  GetBalances: MethodDefinition<_exchange_admin_v1_GetBalancesRequest, _exchange_admin_v1_GetBalancesResponse, _exchange_admin_v1_GetBalancesRequest__Output, _exchange_admin_v1_GetBalancesResponse__Output>
  ListAccounts: MethodDefinition<_exchange_admin_v1_ListAccountsRequest, _exchange_admin_v1_ListAccountsResponse, _exchange_admin_v1_ListAccountsRequest__Output, _exchange_admin_v1_ListAccountsResponse__Output>
  ListOrders: MethodDefinition<_exchange_admin_v1_ListOrdersRequest, _exchange_admin_v1_ListOrdersResponse, _exchange_admin_v1_ListOrdersRequest__Output, _exchange_admin_v1_ListOrdersResponse__Output>
  ListTransactions: MethodDefinition<_exchange_admin_v1_ListTransactionsRequest, _exchange_admin_v1_ListTransactionsResponse, _exchange_admin_v1_ListTransactionsRequest__Output, _exchange_admin_v1_ListTransactionsResponse__Output>
  LoginAccount: MethodDefinition<_exchange_admin_v1_LoginAccountRequest, _exchange_admin_v1_LoginAccountResponse, _exchange_admin_v1_LoginAccountRequest__Output, _exchange_admin_v1_LoginAccountResponse__Output>
  SetAccountVIP: MethodDefinition<_exchange_admin_v1_SetAccountVIPRequest, _exchange_admin_v1_SetAccountVIPResponse, _exchange_admin_v1_SetAccountVIPRequest__Output, _exchange_admin_v1_SetAccountVIPResponse__Output>
  SetTier: MethodDefinition<_exchange_admin_v1_SetTierRequest, _exchange_admin_v1_SetTierResponse, _exchange_admin_v1_SetTierRequest__Output, _exchange_admin_v1_SetTierResponse__Output>
}
