import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { AddAssetNetworkRequest as _exchange_admin_v1_AddAssetNetworkRequest, AddAssetNetworkRequest__Output as _exchange_admin_v1_AddAssetNetworkRequest__Output } from './exchange/admin/v1/AddAssetNetworkRequest';
import type { AddAssetNetworkResponse as _exchange_admin_v1_AddAssetNetworkResponse, AddAssetNetworkResponse__Output as _exchange_admin_v1_AddAssetNetworkResponse__Output } from './exchange/admin/v1/AddAssetNetworkResponse';
import type { AssetInfo as _exchange_admin_v1_AssetInfo, AssetInfo__Output as _exchange_admin_v1_AssetInfo__Output } from './exchange/admin/v1/AssetInfo';
import type { AssetNetwork as _exchange_admin_v1_AssetNetwork, AssetNetwork__Output as _exchange_admin_v1_AssetNetwork__Output } from './exchange/admin/v1/AssetNetwork';
import type { AssetsServiceClient as _exchange_admin_v1_AssetsServiceClient, AssetsServiceDefinition as _exchange_admin_v1_AssetsServiceDefinition } from './exchange/admin/v1/AssetsService';
import type { CreateAssetRequest as _exchange_admin_v1_CreateAssetRequest, CreateAssetRequest__Output as _exchange_admin_v1_CreateAssetRequest__Output } from './exchange/admin/v1/CreateAssetRequest';
import type { CreateAssetResponse as _exchange_admin_v1_CreateAssetResponse, CreateAssetResponse__Output as _exchange_admin_v1_CreateAssetResponse__Output } from './exchange/admin/v1/CreateAssetResponse';
import type { ListAssetsRequest as _exchange_admin_v1_ListAssetsRequest, ListAssetsRequest__Output as _exchange_admin_v1_ListAssetsRequest__Output } from './exchange/admin/v1/ListAssetsRequest';
import type { ListAssetsResponse as _exchange_admin_v1_ListAssetsResponse, ListAssetsResponse__Output as _exchange_admin_v1_ListAssetsResponse__Output } from './exchange/admin/v1/ListAssetsResponse';
import type { SetAssetActiveRequest as _exchange_admin_v1_SetAssetActiveRequest, SetAssetActiveRequest__Output as _exchange_admin_v1_SetAssetActiveRequest__Output } from './exchange/admin/v1/SetAssetActiveRequest';
import type { SetAssetActiveResponse as _exchange_admin_v1_SetAssetActiveResponse, SetAssetActiveResponse__Output as _exchange_admin_v1_SetAssetActiveResponse__Output } from './exchange/admin/v1/SetAssetActiveResponse';
import type { UpdateAssetNetworkRequest as _exchange_admin_v1_UpdateAssetNetworkRequest, UpdateAssetNetworkRequest__Output as _exchange_admin_v1_UpdateAssetNetworkRequest__Output } from './exchange/admin/v1/UpdateAssetNetworkRequest';
import type { UpdateAssetNetworkResponse as _exchange_admin_v1_UpdateAssetNetworkResponse, UpdateAssetNetworkResponse__Output as _exchange_admin_v1_UpdateAssetNetworkResponse__Output } from './exchange/admin/v1/UpdateAssetNetworkResponse';
import type { UpdateAssetRequest as _exchange_admin_v1_UpdateAssetRequest, UpdateAssetRequest__Output as _exchange_admin_v1_UpdateAssetRequest__Output } from './exchange/admin/v1/UpdateAssetRequest';
import type { UpdateAssetResponse as _exchange_admin_v1_UpdateAssetResponse, UpdateAssetResponse__Output as _exchange_admin_v1_UpdateAssetResponse__Output } from './exchange/admin/v1/UpdateAssetResponse';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  exchange: {
    admin: {
      v1: {
        AddAssetNetworkRequest: MessageTypeDefinition<_exchange_admin_v1_AddAssetNetworkRequest, _exchange_admin_v1_AddAssetNetworkRequest__Output>
        AddAssetNetworkResponse: MessageTypeDefinition<_exchange_admin_v1_AddAssetNetworkResponse, _exchange_admin_v1_AddAssetNetworkResponse__Output>
        AssetInfo: MessageTypeDefinition<_exchange_admin_v1_AssetInfo, _exchange_admin_v1_AssetInfo__Output>
        AssetNetwork: MessageTypeDefinition<_exchange_admin_v1_AssetNetwork, _exchange_admin_v1_AssetNetwork__Output>
        AssetsService: SubtypeConstructor<typeof grpc.Client, _exchange_admin_v1_AssetsServiceClient> & { service: _exchange_admin_v1_AssetsServiceDefinition }
        CreateAssetRequest: MessageTypeDefinition<_exchange_admin_v1_CreateAssetRequest, _exchange_admin_v1_CreateAssetRequest__Output>
        CreateAssetResponse: MessageTypeDefinition<_exchange_admin_v1_CreateAssetResponse, _exchange_admin_v1_CreateAssetResponse__Output>
        ListAssetsRequest: MessageTypeDefinition<_exchange_admin_v1_ListAssetsRequest, _exchange_admin_v1_ListAssetsRequest__Output>
        ListAssetsResponse: MessageTypeDefinition<_exchange_admin_v1_ListAssetsResponse, _exchange_admin_v1_ListAssetsResponse__Output>
        SetAssetActiveRequest: MessageTypeDefinition<_exchange_admin_v1_SetAssetActiveRequest, _exchange_admin_v1_SetAssetActiveRequest__Output>
        SetAssetActiveResponse: MessageTypeDefinition<_exchange_admin_v1_SetAssetActiveResponse, _exchange_admin_v1_SetAssetActiveResponse__Output>
        UpdateAssetNetworkRequest: MessageTypeDefinition<_exchange_admin_v1_UpdateAssetNetworkRequest, _exchange_admin_v1_UpdateAssetNetworkRequest__Output>
        UpdateAssetNetworkResponse: MessageTypeDefinition<_exchange_admin_v1_UpdateAssetNetworkResponse, _exchange_admin_v1_UpdateAssetNetworkResponse__Output>
        UpdateAssetRequest: MessageTypeDefinition<_exchange_admin_v1_UpdateAssetRequest, _exchange_admin_v1_UpdateAssetRequest__Output>
        UpdateAssetResponse: MessageTypeDefinition<_exchange_admin_v1_UpdateAssetResponse, _exchange_admin_v1_UpdateAssetResponse__Output>
      }
    }
  }
}

