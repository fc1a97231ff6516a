import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { GetStatusRequest as _exchange_admin_v1_GetStatusRequest, GetStatusRequest__Output as _exchange_admin_v1_GetStatusRequest__Output } from './exchange/admin/v1/GetStatusRequest';
import type { GetStatusResponse as _exchange_admin_v1_GetStatusResponse, GetStatusResponse__Output as _exchange_admin_v1_GetStatusResponse__Output } from './exchange/admin/v1/GetStatusResponse';
import type { InfoServiceClient as _exchange_admin_v1_InfoServiceClient, InfoServiceDefinition as _exchange_admin_v1_InfoServiceDefinition } from './exchange/admin/v1/InfoService';
import type { ListNetworksRequest as _exchange_admin_v1_ListNetworksRequest, ListNetworksRequest__Output as _exchange_admin_v1_ListNetworksRequest__Output } from './exchange/admin/v1/ListNetworksRequest';
import type { ListNetworksResponse as _exchange_admin_v1_ListNetworksResponse, ListNetworksResponse__Output as _exchange_admin_v1_ListNetworksResponse__Output } from './exchange/admin/v1/ListNetworksResponse';
import type { ListTiersRequest as _exchange_admin_v1_ListTiersRequest, ListTiersRequest__Output as _exchange_admin_v1_ListTiersRequest__Output } from './exchange/admin/v1/ListTiersRequest';
import type { ListTiersResponse as _exchange_admin_v1_ListTiersResponse, ListTiersResponse__Output as _exchange_admin_v1_ListTiersResponse__Output } from './exchange/admin/v1/ListTiersResponse';
import type { Listener as _exchange_admin_v1_Listener, Listener__Output as _exchange_admin_v1_Listener__Output } from './exchange/admin/v1/Listener';
import type { Network as _exchange_admin_v1_Network, Network__Output as _exchange_admin_v1_Network__Output } from './exchange/admin/v1/Network';
import type { Tier as _exchange_admin_v1_Tier, Tier__Output as _exchange_admin_v1_Tier__Output } from './exchange/admin/v1/Tier';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  exchange: {
    admin: {
      v1: {
        GetStatusRequest: MessageTypeDefinition<_exchange_admin_v1_GetStatusRequest, _exchange_admin_v1_GetStatusRequest__Output>
        GetStatusResponse: MessageTypeDefinition<_exchange_admin_v1_GetStatusResponse, _exchange_admin_v1_GetStatusResponse__Output>
        InfoService: SubtypeConstructor<typeof grpc.Client, _exchange_admin_v1_InfoServiceClient> & { service: _exchange_admin_v1_InfoServiceDefinition }
        ListNetworksRequest: MessageTypeDefinition<_exchange_admin_v1_ListNetworksRequest, _exchange_admin_v1_ListNetworksRequest__Output>
        ListNetworksResponse: MessageTypeDefinition<_exchange_admin_v1_ListNetworksResponse, _exchange_admin_v1_ListNetworksResponse__Output>
        ListTiersRequest: MessageTypeDefinition<_exchange_admin_v1_ListTiersRequest, _exchange_admin_v1_ListTiersRequest__Output>
        ListTiersResponse: MessageTypeDefinition<_exchange_admin_v1_ListTiersResponse, _exchange_admin_v1_ListTiersResponse__Output>
        Listener: MessageTypeDefinition<_exchange_admin_v1_Listener, _exchange_admin_v1_Listener__Output>
        Network: MessageTypeDefinition<_exchange_admin_v1_Network, _exchange_admin_v1_Network__Output>
        Tier: MessageTypeDefinition<_exchange_admin_v1_Tier, _exchange_admin_v1_Tier__Output>
      }
    }
  }
}

