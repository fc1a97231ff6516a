import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { AddPaymentMethodRequest as _exchange_admin_v1_AddPaymentMethodRequest, AddPaymentMethodRequest__Output as _exchange_admin_v1_AddPaymentMethodRequest__Output } from './exchange/admin/v1/AddPaymentMethodRequest';
import type { AddPaymentMethodResponse as _exchange_admin_v1_AddPaymentMethodResponse, AddPaymentMethodResponse__Output as _exchange_admin_v1_AddPaymentMethodResponse__Output } from './exchange/admin/v1/AddPaymentMethodResponse';
import type { DecideDisputeRequest as _exchange_admin_v1_DecideDisputeRequest, DecideDisputeRequest__Output as _exchange_admin_v1_DecideDisputeRequest__Output } from './exchange/admin/v1/DecideDisputeRequest';
import type { DecideDisputeResponse as _exchange_admin_v1_DecideDisputeResponse, DecideDisputeResponse__Output as _exchange_admin_v1_DecideDisputeResponse__Output } from './exchange/admin/v1/DecideDisputeResponse';
import type { GetDisputeRequest as _exchange_admin_v1_GetDisputeRequest, GetDisputeRequest__Output as _exchange_admin_v1_GetDisputeRequest__Output } from './exchange/admin/v1/GetDisputeRequest';
import type { GetDisputeResponse as _exchange_admin_v1_GetDisputeResponse, GetDisputeResponse__Output as _exchange_admin_v1_GetDisputeResponse__Output } from './exchange/admin/v1/GetDisputeResponse';
import type { GetP2POrderRequest as _exchange_admin_v1_GetP2POrderRequest, GetP2POrderRequest__Output as _exchange_admin_v1_GetP2POrderRequest__Output } from './exchange/admin/v1/GetP2POrderRequest';
import type { GetP2POrderResponse as _exchange_admin_v1_GetP2POrderResponse, GetP2POrderResponse__Output as _exchange_admin_v1_GetP2POrderResponse__Output } from './exchange/admin/v1/GetP2POrderResponse';
import type { ListDisputesRequest as _exchange_admin_v1_ListDisputesRequest, ListDisputesRequest__Output as _exchange_admin_v1_ListDisputesRequest__Output } from './exchange/admin/v1/ListDisputesRequest';
import type { ListDisputesResponse as _exchange_admin_v1_ListDisputesResponse, ListDisputesResponse__Output as _exchange_admin_v1_ListDisputesResponse__Output } from './exchange/admin/v1/ListDisputesResponse';
import type { ListP2POrdersRequest as _exchange_admin_v1_ListP2POrdersRequest, ListP2POrdersRequest__Output as _exchange_admin_v1_ListP2POrdersRequest__Output } from './exchange/admin/v1/ListP2POrdersRequest';
import type { ListP2POrdersResponse as _exchange_admin_v1_ListP2POrdersResponse, ListP2POrdersResponse__Output as _exchange_admin_v1_ListP2POrdersResponse__Output } from './exchange/admin/v1/ListP2POrdersResponse';
import type { ListPaymentMethodsRequest as _exchange_admin_v1_ListPaymentMethodsRequest, ListPaymentMethodsRequest__Output as _exchange_admin_v1_ListPaymentMethodsRequest__Output } from './exchange/admin/v1/ListPaymentMethodsRequest';
import type { ListPaymentMethodsResponse as _exchange_admin_v1_ListPaymentMethodsResponse, ListPaymentMethodsResponse__Output as _exchange_admin_v1_ListPaymentMethodsResponse__Output } from './exchange/admin/v1/ListPaymentMethodsResponse';
import type { ListReferenceRatesRequest as _exchange_admin_v1_ListReferenceRatesRequest, ListReferenceRatesRequest__Output as _exchange_admin_v1_ListReferenceRatesRequest__Output } from './exchange/admin/v1/ListReferenceRatesRequest';
import type { ListReferenceRatesResponse as _exchange_admin_v1_ListReferenceRatesResponse, ListReferenceRatesResponse__Output as _exchange_admin_v1_ListReferenceRatesResponse__Output } from './exchange/admin/v1/ListReferenceRatesResponse';
import type { P2PChatMessage as _exchange_admin_v1_P2PChatMessage, P2PChatMessage__Output as _exchange_admin_v1_P2PChatMessage__Output } from './exchange/admin/v1/P2PChatMessage';
import type { P2PDispute as _exchange_admin_v1_P2PDispute, P2PDispute__Output as _exchange_admin_v1_P2PDispute__Output } from './exchange/admin/v1/P2PDispute';
import type { P2PHistoryEntry as _exchange_admin_v1_P2PHistoryEntry, P2PHistoryEntry__Output as _exchange_admin_v1_P2PHistoryEntry__Output } from './exchange/admin/v1/P2PHistoryEntry';
import type { P2POrder as _exchange_admin_v1_P2POrder, P2POrder__Output as _exchange_admin_v1_P2POrder__Output } from './exchange/admin/v1/P2POrder';
import type { P2PServiceClient as _exchange_admin_v1_P2PServiceClient, P2PServiceDefinition as _exchange_admin_v1_P2PServiceDefinition } from './exchange/admin/v1/P2PService';
import type { PaymentMethod as _exchange_admin_v1_PaymentMethod, PaymentMethod__Output as _exchange_admin_v1_PaymentMethod__Output } from './exchange/admin/v1/PaymentMethod';
import type { ReferenceRate as _exchange_admin_v1_ReferenceRate, ReferenceRate__Output as _exchange_admin_v1_ReferenceRate__Output } from './exchange/admin/v1/ReferenceRate';
import type { SetReferenceRateRequest as _exchange_admin_v1_SetReferenceRateRequest, SetReferenceRateRequest__Output as _exchange_admin_v1_SetReferenceRateRequest__Output } from './exchange/admin/v1/SetReferenceRateRequest';
import type { SetReferenceRateResponse as _exchange_admin_v1_SetReferenceRateResponse, SetReferenceRateResponse__Output as _exchange_admin_v1_SetReferenceRateResponse__Output } from './exchange/admin/v1/SetReferenceRateResponse';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  exchange: {
    admin: {
      v1: {
        AddPaymentMethodRequest: MessageTypeDefinition<_exchange_admin_v1_AddPaymentMethodRequest, _exchange_admin_v1_AddPaymentMethodRequest__Output>
        AddPaymentMethodResponse: MessageTypeDefinition<_exchange_admin_v1_AddPaymentMethodResponse, _exchange_admin_v1_AddPaymentMethodResponse__Output>
        DecideDisputeRequest: MessageTypeDefinition<_exchange_admin_v1_DecideDisputeRequest, _exchange_admin_v1_DecideDisputeRequest__Output>
        DecideDisputeResponse: MessageTypeDefinition<_exchange_admin_v1_DecideDisputeResponse, _exchange_admin_v1_DecideDisputeResponse__Output>
        GetDisputeRequest: MessageTypeDefinition<_exchange_admin_v1_GetDisputeRequest, _exchange_admin_v1_GetDisputeRequest__Output>
        GetDisputeResponse: MessageTypeDefinition<_exchange_admin_v1_GetDisputeResponse, _exchange_admin_v1_GetDisputeResponse__Output>
        GetP2POrderRequest: MessageTypeDefinition<_exchange_admin_v1_GetP2POrderRequest, _exchange_admin_v1_GetP2POrderRequest__Output>
        GetP2POrderResponse: MessageTypeDefinition<_exchange_admin_v1_GetP2POrderResponse, _exchange_admin_v1_GetP2POrderResponse__Output>
        ListDisputesRequest: MessageTypeDefinition<_exchange_admin_v1_ListDisputesRequest, _exchange_admin_v1_ListDisputesRequest__Output>
        ListDisputesResponse: MessageTypeDefinition<_exchange_admin_v1_ListDisputesResponse, _exchange_admin_v1_ListDisputesResponse__Output>
        ListP2POrdersRequest: MessageTypeDefinition<_exchange_admin_v1_ListP2POrdersRequest, _exchange_admin_v1_ListP2POrdersRequest__Output>
        ListP2POrdersResponse: MessageTypeDefinition<_exchange_admin_v1_ListP2POrdersResponse, _exchange_admin_v1_ListP2POrdersResponse__Output>
        ListPaymentMethodsRequest: MessageTypeDefinition<_exchange_admin_v1_ListPaymentMethodsRequest, _exchange_admin_v1_ListPaymentMethodsRequest__Output>
        ListPaymentMethodsResponse: MessageTypeDefinition<_exchange_admin_v1_ListPaymentMethodsResponse, _exchange_admin_v1_ListPaymentMethodsResponse__Output>
        ListReferenceRatesRequest: MessageTypeDefinition<_exchange_admin_v1_ListReferenceRatesRequest, _exchange_admin_v1_ListReferenceRatesRequest__Output>
        ListReferenceRatesResponse: MessageTypeDefinition<_exchange_admin_v1_ListReferenceRatesResponse, _exchange_admin_v1_ListReferenceRatesResponse__Output>
        P2PChatMessage: MessageTypeDefinition<_exchange_admin_v1_P2PChatMessage, _exchange_admin_v1_P2PChatMessage__Output>
        P2PDispute: MessageTypeDefinition<_exchange_admin_v1_P2PDispute, _exchange_admin_v1_P2PDispute__Output>
        P2PHistoryEntry: MessageTypeDefinition<_exchange_admin_v1_P2PHistoryEntry, _exchange_admin_v1_P2PHistoryEntry__Output>
        P2POrder: MessageTypeDefinition<_exchange_admin_v1_P2POrder, _exchange_admin_v1_P2POrder__Output>
        /**
         * Extension (issue 10): P2P trading for operators. Orders and disputes (read and decide; the
         * AdminGateway's /p2p/disputes/ endpoints are the arbitrators' way in), the reference rates that
         * floating-price advertisements follow, and the payment-method registry. Money as decimal strings.
         */
        P2PService: SubtypeConstructor<typeof grpc.Client, _exchange_admin_v1_P2PServiceClient> & { service: _exchange_admin_v1_P2PServiceDefinition }
        PaymentMethod: MessageTypeDefinition<_exchange_admin_v1_PaymentMethod, _exchange_admin_v1_PaymentMethod__Output>
        ReferenceRate: MessageTypeDefinition<_exchange_admin_v1_ReferenceRate, _exchange_admin_v1_ReferenceRate__Output>
        SetReferenceRateRequest: MessageTypeDefinition<_exchange_admin_v1_SetReferenceRateRequest, _exchange_admin_v1_SetReferenceRateRequest__Output>
        SetReferenceRateResponse: MessageTypeDefinition<_exchange_admin_v1_SetReferenceRateResponse, _exchange_admin_v1_SetReferenceRateResponse__Output>
      }
    }
  }
}

