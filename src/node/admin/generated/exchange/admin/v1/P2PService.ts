// Original file: exchange/admin/v1/p2p.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { AddPaymentMethodRequest as _exchange_admin_v1_AddPaymentMethodRequest, AddPaymentMethodRequest__Output as _exchange_admin_v1_AddPaymentMethodRequest__Output } from '../../../exchange/admin/v1/AddPaymentMethodRequest';
import type { AddPaymentMethodResponse as _exchange_admin_v1_AddPaymentMethodResponse, AddPaymentMethodResponse__Output as _exchange_admin_v1_AddPaymentMethodResponse__Output } from '../../../exchange/admin/v1/AddPaymentMethodResponse';
import type { DecideDisputeRequest as _exchange_admin_v1_DecideDisputeRequest, DecideDisputeRequest__Output as _exchange_admin_v1_DecideDisputeRequest__Output } from '../../../exchange/admin/v1/DecideDisputeRequest';
import type { DecideDisputeResponse as _exchange_admin_v1_DecideDisputeResponse, DecideDisputeResponse__Output as _exchange_admin_v1_DecideDisputeResponse__Output } from '../../../exchange/admin/v1/DecideDisputeResponse';
import type { GetDisputeRequest as _exchange_admin_v1_GetDisputeRequest, GetDisputeRequest__Output as _exchange_admin_v1_GetDisputeRequest__Output } from '../../../exchange/admin/v1/GetDisputeRequest';
import type { GetDisputeResponse as _exchange_admin_v1_GetDisputeResponse, GetDisputeResponse__Output as _exchange_admin_v1_GetDisputeResponse__Output } from '../../../exchange/admin/v1/GetDisputeResponse';
import type { GetP2POrderRequest as _exchange_admin_v1_GetP2POrderRequest, GetP2POrderRequest__Output as _exchange_admin_v1_GetP2POrderRequest__Output } from '../../../exchange/admin/v1/GetP2POrderRequest';
import type { GetP2POrderResponse as _exchange_admin_v1_GetP2POrderResponse, GetP2POrderResponse__Output as _exchange_admin_v1_GetP2POrderResponse__Output } from '../../../exchange/admin/v1/GetP2POrderResponse';
import type { ListDisputesRequest as _exchange_admin_v1_ListDisputesRequest, ListDisputesRequest__Output as _exchange_admin_v1_ListDisputesRequest__Output } from '../../../exchange/admin/v1/ListDisputesRequest';
import type { ListDisputesResponse as _exchange_admin_v1_ListDisputesResponse, ListDisputesResponse__Output as _exchange_admin_v1_ListDisputesResponse__Output } from '../../../exchange/admin/v1/ListDisputesResponse';
import type { ListP2POrdersRequest as _exchange_admin_v1_ListP2POrdersRequest, ListP2POrdersRequest__Output as _exchange_admin_v1_ListP2POrdersRequest__Output } from '../../../exchange/admin/v1/ListP2POrdersRequest';
import type { ListP2POrdersResponse as _exchange_admin_v1_ListP2POrdersResponse, ListP2POrdersResponse__Output as _exchange_admin_v1_ListP2POrdersResponse__Output } from '../../../exchange/admin/v1/ListP2POrdersResponse';
import type { ListPaymentMethodsRequest as _exchange_admin_v1_ListPaymentMethodsRequest, ListPaymentMethodsRequest__Output as _exchange_admin_v1_ListPaymentMethodsRequest__Output } from '../../../exchange/admin/v1/ListPaymentMethodsRequest';
import type { ListPaymentMethodsResponse as _exchange_admin_v1_ListPaymentMethodsResponse, ListPaymentMethodsResponse__Output as _exchange_admin_v1_ListPaymentMethodsResponse__Output } from '../../../exchange/admin/v1/ListPaymentMethodsResponse';
import type { ListReferenceRatesRequest as _exchange_admin_v1_ListReferenceRatesRequest, ListReferenceRatesRequest__Output as _exchange_admin_v1_ListReferenceRatesRequest__Output } from '../../../exchange/admin/v1/ListReferenceRatesRequest';
import type { ListReferenceRatesResponse as _exchange_admin_v1_ListReferenceRatesResponse, ListReferenceRatesResponse__Output as _exchange_admin_v1_ListReferenceRatesResponse__Output } from '../../../exchange/admin/v1/ListReferenceRatesResponse';
import type { SetReferenceRateRequest as _exchange_admin_v1_SetReferenceRateRequest, SetReferenceRateRequest__Output as _exchange_admin_v1_SetReferenceRateRequest__Output } from '../../../exchange/admin/v1/SetReferenceRateRequest';
import type { SetReferenceRateResponse as _exchange_admin_v1_SetReferenceRateResponse, SetReferenceRateResponse__Output as _exchange_admin_v1_SetReferenceRateResponse__Output } from '../../../exchange/admin/v1/SetReferenceRateResponse';

/**
 * Extension (issue 10): P2P trading for operators. Orders and disputes (read and decide; the
 * AdminGateway's /p2p/disputes/ endpoints are the arbitrators' way in), the reference rates that
 * floating-price advertisements follow, and the payment-method registry. Money as decimal strings.
 */
export interface P2PServiceClient extends grpc.Client {
  AddPaymentMethod(argument: _exchange_admin_v1_AddPaymentMethodRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_AddPaymentMethodResponse__Output>): grpc.ClientUnaryCall;
  AddPaymentMethod(argument: _exchange_admin_v1_AddPaymentMethodRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_AddPaymentMethodResponse__Output>): grpc.ClientUnaryCall;
  AddPaymentMethod(argument: _exchange_admin_v1_AddPaymentMethodRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_AddPaymentMethodResponse__Output>): grpc.ClientUnaryCall;
  AddPaymentMethod(argument: _exchange_admin_v1_AddPaymentMethodRequest, callback: grpc.requestCallback<_exchange_admin_v1_AddPaymentMethodResponse__Output>): grpc.ClientUnaryCall;
  addPaymentMethod(argument: _exchange_admin_v1_AddPaymentMethodRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_AddPaymentMethodResponse__Output>): grpc.ClientUnaryCall;
  addPaymentMethod(argument: _exchange_admin_v1_AddPaymentMethodRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_AddPaymentMethodResponse__Output>): grpc.ClientUnaryCall;
  addPaymentMethod(argument: _exchange_admin_v1_AddPaymentMethodRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_AddPaymentMethodResponse__Output>): grpc.ClientUnaryCall;
  addPaymentMethod(argument: _exchange_admin_v1_AddPaymentMethodRequest, callback: grpc.requestCallback<_exchange_admin_v1_AddPaymentMethodResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Decides as the operator (superadmin authority): DISPUTE_DECIDED then SUCCESS (buyer) or
   * CANCELLED (seller), with the ledger effect, in one transaction.
   */
  DecideDispute(argument: _exchange_admin_v1_DecideDisputeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_DecideDisputeResponse__Output>): grpc.ClientUnaryCall;
  DecideDispute(argument: _exchange_admin_v1_DecideDisputeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_DecideDisputeResponse__Output>): grpc.ClientUnaryCall;
  DecideDispute(argument: _exchange_admin_v1_DecideDisputeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_DecideDisputeResponse__Output>): grpc.ClientUnaryCall;
  DecideDispute(argument: _exchange_admin_v1_DecideDisputeRequest, callback: grpc.requestCallback<_exchange_admin_v1_DecideDisputeResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Decides as the operator (superadmin authority): DISPUTE_DECIDED then SUCCESS (buyer) or
   * CANCELLED (seller), with the ledger effect, in one transaction.
   */
  decideDispute(argument: _exchange_admin_v1_DecideDisputeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_DecideDisputeResponse__Output>): grpc.ClientUnaryCall;
  decideDispute(argument: _exchange_admin_v1_DecideDisputeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_DecideDisputeResponse__Output>): grpc.ClientUnaryCall;
  decideDispute(argument: _exchange_admin_v1_DecideDisputeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_DecideDisputeResponse__Output>): grpc.ClientUnaryCall;
  decideDispute(argument: _exchange_admin_v1_DecideDisputeRequest, callback: grpc.requestCallback<_exchange_admin_v1_DecideDisputeResponse__Output>): grpc.ClientUnaryCall;
  
  GetDispute(argument: _exchange_admin_v1_GetDisputeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_GetDisputeResponse__Output>): grpc.ClientUnaryCall;
  GetDispute(argument: _exchange_admin_v1_GetDisputeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_GetDisputeResponse__Output>): grpc.ClientUnaryCall;
  GetDispute(argument: _exchange_admin_v1_GetDisputeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_GetDisputeResponse__Output>): grpc.ClientUnaryCall;
  GetDispute(argument: _exchange_admin_v1_GetDisputeRequest, callback: grpc.requestCallback<_exchange_admin_v1_GetDisputeResponse__Output>): grpc.ClientUnaryCall;
  getDispute(argument: _exchange_admin_v1_GetDisputeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_GetDisputeResponse__Output>): grpc.ClientUnaryCall;
  getDispute(argument: _exchange_admin_v1_GetDisputeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_GetDisputeResponse__Output>): grpc.ClientUnaryCall;
  getDispute(argument: _exchange_admin_v1_GetDisputeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_GetDisputeResponse__Output>): grpc.ClientUnaryCall;
  getDispute(argument: _exchange_admin_v1_GetDisputeRequest, callback: grpc.requestCallback<_exchange_admin_v1_GetDisputeResponse__Output>): grpc.ClientUnaryCall;
  
  GetP2POrder(argument: _exchange_admin_v1_GetP2POrderRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_GetP2POrderResponse__Output>): grpc.ClientUnaryCall;
  GetP2POrder(argument: _exchange_admin_v1_GetP2POrderRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_GetP2POrderResponse__Output>): grpc.ClientUnaryCall;
  GetP2POrder(argument: _exchange_admin_v1_GetP2POrderRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_GetP2POrderResponse__Output>): grpc.ClientUnaryCall;
  GetP2POrder(argument: _exchange_admin_v1_GetP2POrderRequest, callback: grpc.requestCallback<_exchange_admin_v1_GetP2POrderResponse__Output>): grpc.ClientUnaryCall;
  getP2POrder(argument: _exchange_admin_v1_GetP2POrderRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_GetP2POrderResponse__Output>): grpc.ClientUnaryCall;
  getP2POrder(argument: _exchange_admin_v1_GetP2POrderRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_GetP2POrderResponse__Output>): grpc.ClientUnaryCall;
  getP2POrder(argument: _exchange_admin_v1_GetP2POrderRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_GetP2POrderResponse__Output>): grpc.ClientUnaryCall;
  getP2POrder(argument: _exchange_admin_v1_GetP2POrderRequest, callback: grpc.requestCallback<_exchange_admin_v1_GetP2POrderResponse__Output>): grpc.ClientUnaryCall;
  
  ListDisputes(argument: _exchange_admin_v1_ListDisputesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListDisputesResponse__Output>): grpc.ClientUnaryCall;
  ListDisputes(argument: _exchange_admin_v1_ListDisputesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_ListDisputesResponse__Output>): grpc.ClientUnaryCall;
  ListDisputes(argument: _exchange_admin_v1_ListDisputesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListDisputesResponse__Output>): grpc.ClientUnaryCall;
  ListDisputes(argument: _exchange_admin_v1_ListDisputesRequest, callback: grpc.requestCallback<_exchange_admin_v1_ListDisputesResponse__Output>): grpc.ClientUnaryCall;
  listDisputes(argument: _exchange_admin_v1_ListDisputesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListDisputesResponse__Output>): grpc.ClientUnaryCall;
  listDisputes(argument: _exchange_admin_v1_ListDisputesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_ListDisputesResponse__Output>): grpc.ClientUnaryCall;
  listDisputes(argument: _exchange_admin_v1_ListDisputesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListDisputesResponse__Output>): grpc.ClientUnaryCall;
  listDisputes(argument: _exchange_admin_v1_ListDisputesRequest, callback: grpc.requestCallback<_exchange_admin_v1_ListDisputesResponse__Output>): grpc.ClientUnaryCall;
  
  ListP2POrders(argument: _exchange_admin_v1_ListP2POrdersRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListP2POrdersResponse__Output>): grpc.ClientUnaryCall;
  ListP2POrders(argument: _exchange_admin_v1_ListP2POrdersRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_ListP2POrdersResponse__Output>): grpc.ClientUnaryCall;
  ListP2POrders(argument: _exchange_admin_v1_ListP2POrdersRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListP2POrdersResponse__Output>): grpc.ClientUnaryCall;
  ListP2POrders(argument: _exchange_admin_v1_ListP2POrdersRequest, callback: grpc.requestCallback<_exchange_admin_v1_ListP2POrdersResponse__Output>): grpc.ClientUnaryCall;
  listP2POrders(argument: _exchange_admin_v1_ListP2POrdersRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListP2POrdersResponse__Output>): grpc.ClientUnaryCall;
  listP2POrders(argument: _exchange_admin_v1_ListP2POrdersRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_ListP2POrdersResponse__Output>): grpc.ClientUnaryCall;
  listP2POrders(argument: _exchange_admin_v1_ListP2POrdersRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListP2POrdersResponse__Output>): grpc.ClientUnaryCall;
  listP2POrders(argument: _exchange_admin_v1_ListP2POrdersRequest, callback: grpc.requestCallback<_exchange_admin_v1_ListP2POrdersResponse__Output>): grpc.ClientUnaryCall;
  
  ListPaymentMethods(argument: _exchange_admin_v1_ListPaymentMethodsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListPaymentMethodsResponse__Output>): grpc.ClientUnaryCall;
  ListPaymentMethods(argument: _exchange_admin_v1_ListPaymentMethodsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_ListPaymentMethodsResponse__Output>): grpc.ClientUnaryCall;
  ListPaymentMethods(argument: _exchange_admin_v1_ListPaymentMethodsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListPaymentMethodsResponse__Output>): grpc.ClientUnaryCall;
  ListPaymentMethods(argument: _exchange_admin_v1_ListPaymentMethodsRequest, callback: grpc.requestCallback<_exchange_admin_v1_ListPaymentMethodsResponse__Output>): grpc.ClientUnaryCall;
  listPaymentMethods(argument: _exchange_admin_v1_ListPaymentMethodsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListPaymentMethodsResponse__Output>): grpc.ClientUnaryCall;
  listPaymentMethods(argument: _exchange_admin_v1_ListPaymentMethodsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_ListPaymentMethodsResponse__Output>): grpc.ClientUnaryCall;
  listPaymentMethods(argument: _exchange_admin_v1_ListPaymentMethodsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListPaymentMethodsResponse__Output>): grpc.ClientUnaryCall;
  listPaymentMethods(argument: _exchange_admin_v1_ListPaymentMethodsRequest, callback: grpc.requestCallback<_exchange_admin_v1_ListPaymentMethodsResponse__Output>): grpc.ClientUnaryCall;
  
  ListReferenceRates(argument: _exchange_admin_v1_ListReferenceRatesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListReferenceRatesResponse__Output>): grpc.ClientUnaryCall;
  ListReferenceRates(argument: _exchange_admin_v1_ListReferenceRatesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_ListReferenceRatesResponse__Output>): grpc.ClientUnaryCall;
  ListReferenceRates(argument: _exchange_admin_v1_ListReferenceRatesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListReferenceRatesResponse__Output>): grpc.ClientUnaryCall;
  ListReferenceRates(argument: _exchange_admin_v1_ListReferenceRatesRequest, callback: grpc.requestCallback<_exchange_admin_v1_ListReferenceRatesResponse__Output>): grpc.ClientUnaryCall;
  listReferenceRates(argument: _exchange_admin_v1_ListReferenceRatesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListReferenceRatesResponse__Output>): grpc.ClientUnaryCall;
  listReferenceRates(argument: _exchange_admin_v1_ListReferenceRatesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_ListReferenceRatesResponse__Output>): grpc.ClientUnaryCall;
  listReferenceRates(argument: _exchange_admin_v1_ListReferenceRatesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListReferenceRatesResponse__Output>): grpc.ClientUnaryCall;
  listReferenceRates(argument: _exchange_admin_v1_ListReferenceRatesRequest, callback: grpc.requestCallback<_exchange_admin_v1_ListReferenceRatesResponse__Output>): grpc.ClientUnaryCall;
  
  SetReferenceRate(argument: _exchange_admin_v1_SetReferenceRateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_SetReferenceRateResponse__Output>): grpc.ClientUnaryCall;
  SetReferenceRate(argument: _exchange_admin_v1_SetReferenceRateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_SetReferenceRateResponse__Output>): grpc.ClientUnaryCall;
  SetReferenceRate(argument: _exchange_admin_v1_SetReferenceRateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_SetReferenceRateResponse__Output>): grpc.ClientUnaryCall;
  SetReferenceRate(argument: _exchange_admin_v1_SetReferenceRateRequest, callback: grpc.requestCallback<_exchange_admin_v1_SetReferenceRateResponse__Output>): grpc.ClientUnaryCall;
  setReferenceRate(argument: _exchange_admin_v1_SetReferenceRateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_SetReferenceRateResponse__Output>): grpc.ClientUnaryCall;
  setReferenceRate(argument: _exchange_admin_v1_SetReferenceRateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_SetReferenceRateResponse__Output>): grpc.ClientUnaryCall;
  setReferenceRate(argument: _exchange_admin_v1_SetReferenceRateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_SetReferenceRateResponse__Output>): grpc.ClientUnaryCall;
  setReferenceRate(argument: _exchange_admin_v1_SetReferenceRateRequest, callback: grpc.requestCallback<_exchange_admin_v1_SetReferenceRateResponse__Output>): grpc.ClientUnaryCall;
  
}

/**
 * Extension (issue 10): P2P trading for operators. Orders and disputes (read and decide; the
 * AdminGateway's /p2p/disputes/ endpoints are the arbitrators' way in), the reference rates that
 * floating-price advertisements follow, and the payment-method registry. Money as decimal strings.
 */
export interface P2PServiceHandlers extends grpc.UntypedServiceImplementation {
  AddPaymentMethod: grpc.handleUnaryCall<_exchange_admin_v1_AddPaymentMethodRequest__Output, _exchange_admin_v1_AddPaymentMethodResponse>;
  
  /**
   * Decides as the operator (superadmin authority): DISPUTE_DECIDED then SUCCESS (buyer) or
   * CANCELLED (seller), with the ledger effect, in one transaction.
   */
  DecideDispute: grpc.handleUnaryCall<_exchange_admin_v1_DecideDisputeRequest__Output, _exchange_admin_v1_DecideDisputeResponse>;
  
  GetDispute: grpc.handleUnaryCall<_exchange_admin_v1_GetDisputeRequest__Output, _exchange_admin_v1_GetDisputeResponse>;
  
  GetP2POrder: grpc.handleUnaryCall<_exchange_admin_v1_GetP2POrderRequest__Output, _exchange_admin_v1_GetP2POrderResponse>;
  
  ListDisputes: grpc.handleUnaryCall<_exchange_admin_v1_ListDisputesRequest__Output, _exchange_admin_v1_ListDisputesResponse>;
  
  ListP2POrders: grpc.handleUnaryCall<_exchange_admin_v1_ListP2POrdersRequest__Output, _exchange_admin_v1_ListP2POrdersResponse>;
  
  ListPaymentMethods: grpc.handleUnaryCall<_exchange_admin_v1_ListPaymentMethodsRequest__Output, _exchange_admin_v1_ListPaymentMethodsResponse>;
  
  ListReferenceRates: grpc.handleUnaryCall<_exchange_admin_v1_ListReferenceRatesRequest__Output, _exchange_admin_v1_ListReferenceRatesResponse>;
  
  SetReferenceRate: grpc.handleUnaryCall<_exchange_admin_v1_SetReferenceRateRequest__Output, _exchange_admin_v1_SetReferenceRateResponse>;
  
}

export interface P2PServiceDefinition extends grpc.ServiceDefinition {
  AddPaymentMethod: MethodDefinition<_exchange_admin_v1_AddPaymentMethodRequest, _exchange_admin_v1_AddPaymentMethodResponse, _exchange_admin_v1_AddPaymentMethodRequest__Output, _exchange_admin_v1_AddPaymentMethodResponse__Output>
  DecideDispute: MethodDefinition<_exchange_admin_v1_DecideDisputeRequest, _exchange_admin_v1_DecideDisputeResponse, _exchange_admin_v1_DecideDisputeRequest__Output, _exchange_admin_v1_DecideDisputeResponse__Output>
  GetDispute: MethodDefinition<_exchange_admin_v1_GetDisputeRequest, _exchange_admin_v1_GetDisputeResponse, _exchange_admin_v1_GetDisputeRequest__Output, _exchange_admin_v1_GetDisputeResponse__Output>
  GetP2POrder: MethodDefinition<_exchange_admin_v1_GetP2POrderRequest, _exchange_admin_v1_GetP2POrderResponse, _exchange_admin_v1_GetP2POrderRequest__Output, _exchange_admin_v1_GetP2POrderResponse__Output>
  ListDisputes: MethodDefinition<_exchange_admin_v1_ListDisputesRequest, _exchange_admin_v1_ListDisputesResponse, _exchange_admin_v1_ListDisputesRequest__Output, _exchange_admin_v1_ListDisputesResponse__Output>
  ListP2POrders: MethodDefinition<_exchange_admin_v1_ListP2POrdersRequest, _exchange_admin_v1_ListP2POrdersResponse, _exchange_admin_v1_ListP2POrdersRequest__Output, _exchange_admin_v1_ListP2POrdersResponse__Output>
  ListPaymentMethods: MethodDefinition<_exchange_admin_v1_ListPaymentMethodsRequest, _exchange_admin_v1_ListPaymentMethodsResponse, _exchange_admin_v1_ListPaymentMethodsRequest__Output, _exchange_admin_v1_ListPaymentMethodsResponse__Output>
  ListReferenceRates: MethodDefinition<_exchange_admin_v1_ListReferenceRatesRequest, _exchange_admin_v1_ListReferenceRatesResponse, _exchange_admin_v1_ListReferenceRatesRequest__Output, _exchange_admin_v1_ListReferenceRatesResponse__Output>
  SetReferenceRate: MethodDefinition<_exchange_admin_v1_SetReferenceRateRequest, _exchange_admin_v1_SetReferenceRateResponse, _exchange_admin_v1_SetReferenceRateRequest__Output, _exchange_admin_v1_SetReferenceRateResponse__Output>
}
