import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { AdminTicker as _exchange_admin_v1_AdminTicker, AdminTicker__Output as _exchange_admin_v1_AdminTicker__Output } from './exchange/admin/v1/AdminTicker';
import type { CreateTickerRequest as _exchange_admin_v1_CreateTickerRequest, CreateTickerRequest__Output as _exchange_admin_v1_CreateTickerRequest__Output } from './exchange/admin/v1/CreateTickerRequest';
import type { CreateTickerResponse as _exchange_admin_v1_CreateTickerResponse, CreateTickerResponse__Output as _exchange_admin_v1_CreateTickerResponse__Output } from './exchange/admin/v1/CreateTickerResponse';
import type { ListTickersRequest as _exchange_admin_v1_ListTickersRequest, ListTickersRequest__Output as _exchange_admin_v1_ListTickersRequest__Output } from './exchange/admin/v1/ListTickersRequest';
import type { ListTickersResponse as _exchange_admin_v1_ListTickersResponse, ListTickersResponse__Output as _exchange_admin_v1_ListTickersResponse__Output } from './exchange/admin/v1/ListTickersResponse';
import type { SetTickerActiveRequest as _exchange_admin_v1_SetTickerActiveRequest, SetTickerActiveRequest__Output as _exchange_admin_v1_SetTickerActiveRequest__Output } from './exchange/admin/v1/SetTickerActiveRequest';
import type { SetTickerActiveResponse as _exchange_admin_v1_SetTickerActiveResponse, SetTickerActiveResponse__Output as _exchange_admin_v1_SetTickerActiveResponse__Output } from './exchange/admin/v1/SetTickerActiveResponse';
import type { TickersServiceClient as _exchange_admin_v1_TickersServiceClient, TickersServiceDefinition as _exchange_admin_v1_TickersServiceDefinition } from './exchange/admin/v1/TickersService';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  exchange: {
    admin: {
      v1: {
        AdminTicker: MessageTypeDefinition<_exchange_admin_v1_AdminTicker, _exchange_admin_v1_AdminTicker__Output>
        CreateTickerRequest: MessageTypeDefinition<_exchange_admin_v1_CreateTickerRequest, _exchange_admin_v1_CreateTickerRequest__Output>
        CreateTickerResponse: MessageTypeDefinition<_exchange_admin_v1_CreateTickerResponse, _exchange_admin_v1_CreateTickerResponse__Output>
        ListTickersRequest: MessageTypeDefinition<_exchange_admin_v1_ListTickersRequest, _exchange_admin_v1_ListTickersRequest__Output>
        ListTickersResponse: MessageTypeDefinition<_exchange_admin_v1_ListTickersResponse, _exchange_admin_v1_ListTickersResponse__Output>
        SetTickerActiveRequest: MessageTypeDefinition<_exchange_admin_v1_SetTickerActiveRequest, _exchange_admin_v1_SetTickerActiveRequest__Output>
        SetTickerActiveResponse: MessageTypeDefinition<_exchange_admin_v1_SetTickerActiveResponse, _exchange_admin_v1_SetTickerActiveResponse__Output>
        TickersService: SubtypeConstructor<typeof grpc.Client, _exchange_admin_v1_TickersServiceClient> & { service: _exchange_admin_v1_TickersServiceDefinition }
      }
    }
  }
}

