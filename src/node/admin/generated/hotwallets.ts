import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { GetTransferAssetStatusRequest as _exchange_admin_v1_GetTransferAssetStatusRequest, GetTransferAssetStatusRequest__Output as _exchange_admin_v1_GetTransferAssetStatusRequest__Output } from './exchange/admin/v1/GetTransferAssetStatusRequest';
import type { GetTransferAssetStatusResponse as _exchange_admin_v1_GetTransferAssetStatusResponse, GetTransferAssetStatusResponse__Output as _exchange_admin_v1_GetTransferAssetStatusResponse__Output } from './exchange/admin/v1/GetTransferAssetStatusResponse';
import type { HotWallet as _exchange_admin_v1_HotWallet, HotWallet__Output as _exchange_admin_v1_HotWallet__Output } from './exchange/admin/v1/HotWallet';
import type { HotWalletsServiceClient as _exchange_admin_v1_HotWalletsServiceClient, HotWalletsServiceDefinition as _exchange_admin_v1_HotWalletsServiceDefinition } from './exchange/admin/v1/HotWalletsService';
import type { ListHotWalletsRequest as _exchange_admin_v1_ListHotWalletsRequest, ListHotWalletsRequest__Output as _exchange_admin_v1_ListHotWalletsRequest__Output } from './exchange/admin/v1/ListHotWalletsRequest';
import type { ListHotWalletsResponse as _exchange_admin_v1_ListHotWalletsResponse, ListHotWalletsResponse__Output as _exchange_admin_v1_ListHotWalletsResponse__Output } from './exchange/admin/v1/ListHotWalletsResponse';
import type { TransferAssetRequest as _exchange_admin_v1_TransferAssetRequest, TransferAssetRequest__Output as _exchange_admin_v1_TransferAssetRequest__Output } from './exchange/admin/v1/TransferAssetRequest';
import type { TransferAssetResponse as _exchange_admin_v1_TransferAssetResponse, TransferAssetResponse__Output as _exchange_admin_v1_TransferAssetResponse__Output } from './exchange/admin/v1/TransferAssetResponse';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  exchange: {
    admin: {
      v1: {
        GetTransferAssetStatusRequest: MessageTypeDefinition<_exchange_admin_v1_GetTransferAssetStatusRequest, _exchange_admin_v1_GetTransferAssetStatusRequest__Output>
        GetTransferAssetStatusResponse: MessageTypeDefinition<_exchange_admin_v1_GetTransferAssetStatusResponse, _exchange_admin_v1_GetTransferAssetStatusResponse__Output>
        HotWallet: MessageTypeDefinition<_exchange_admin_v1_HotWallet, _exchange_admin_v1_HotWallet__Output>
        HotWalletsService: SubtypeConstructor<typeof grpc.Client, _exchange_admin_v1_HotWalletsServiceClient> & { service: _exchange_admin_v1_HotWalletsServiceDefinition }
        ListHotWalletsRequest: MessageTypeDefinition<_exchange_admin_v1_ListHotWalletsRequest, _exchange_admin_v1_ListHotWalletsRequest__Output>
        ListHotWalletsResponse: MessageTypeDefinition<_exchange_admin_v1_ListHotWalletsResponse, _exchange_admin_v1_ListHotWalletsResponse__Output>
        TransferAssetRequest: MessageTypeDefinition<_exchange_admin_v1_TransferAssetRequest, _exchange_admin_v1_TransferAssetRequest__Output>
        TransferAssetResponse: MessageTypeDefinition<_exchange_admin_v1_TransferAssetResponse, _exchange_admin_v1_TransferAssetResponse__Output>
      }
    }
  }
}

