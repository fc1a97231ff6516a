// Original file: exchange/admin/v1/hotwallets.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { GetTransferAssetStatusRequest as _exchange_admin_v1_GetTransferAssetStatusRequest, GetTransferAssetStatusRequest__Output as _exchange_admin_v1_GetTransferAssetStatusRequest__Output } from '../../../exchange/admin/v1/GetTransferAssetStatusRequest';
import type { GetTransferAssetStatusResponse as _exchange_admin_v1_GetTransferAssetStatusResponse, GetTransferAssetStatusResponse__Output as _exchange_admin_v1_GetTransferAssetStatusResponse__Output } from '../../../exchange/admin/v1/GetTransferAssetStatusResponse';
import type { ListHotWalletsRequest as _exchange_admin_v1_ListHotWalletsRequest, ListHotWalletsRequest__Output as _exchange_admin_v1_ListHotWalletsRequest__Output } from '../../../exchange/admin/v1/ListHotWalletsRequest';
import type { ListHotWalletsResponse as _exchange_admin_v1_ListHotWalletsResponse, ListHotWalletsResponse__Output as _exchange_admin_v1_ListHotWalletsResponse__Output } from '../../../exchange/admin/v1/ListHotWalletsResponse';
import type { TransferAssetRequest as _exchange_admin_v1_TransferAssetRequest, TransferAssetRequest__Output as _exchange_admin_v1_TransferAssetRequest__Output } from '../../../exchange/admin/v1/TransferAssetRequest';
import type { TransferAssetResponse as _exchange_admin_v1_TransferAssetResponse, TransferAssetResponse__Output as _exchange_admin_v1_TransferAssetResponse__Output } from '../../../exchange/admin/v1/TransferAssetResponse';

export interface HotWalletsServiceClient extends grpc.Client {
  GetTransferAssetStatus(argument: _exchange_admin_v1_GetTransferAssetStatusRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_GetTransferAssetStatusResponse__Output>): grpc.ClientUnaryCall;
  GetTransferAssetStatus(argument: _exchange_admin_v1_GetTransferAssetStatusRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_GetTransferAssetStatusResponse__Output>): grpc.ClientUnaryCall;
  GetTransferAssetStatus(argument: _exchange_admin_v1_GetTransferAssetStatusRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_GetTransferAssetStatusResponse__Output>): grpc.ClientUnaryCall;
  GetTransferAssetStatus(argument: _exchange_admin_v1_GetTransferAssetStatusRequest, callback: grpc.requestCallback<_exchange_admin_v1_GetTransferAssetStatusResponse__Output>): grpc.ClientUnaryCall;
  getTransferAssetStatus(argument: _exchange_admin_v1_GetTransferAssetStatusRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_GetTransferAssetStatusResponse__Output>): grpc.ClientUnaryCall;
  getTransferAssetStatus(argument: _exchange_admin_v1_GetTransferAssetStatusRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_GetTransferAssetStatusResponse__Output>): grpc.ClientUnaryCall;
  getTransferAssetStatus(argument: _exchange_admin_v1_GetTransferAssetStatusRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_GetTransferAssetStatusResponse__Output>): grpc.ClientUnaryCall;
  getTransferAssetStatus(argument: _exchange_admin_v1_GetTransferAssetStatusRequest, callback: grpc.requestCallback<_exchange_admin_v1_GetTransferAssetStatusResponse__Output>): grpc.ClientUnaryCall;
  
  ListHotWallets(argument: _exchange_admin_v1_ListHotWalletsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListHotWalletsResponse__Output>): grpc.ClientUnaryCall;
  ListHotWallets(argument: _exchange_admin_v1_ListHotWalletsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_ListHotWalletsResponse__Output>): grpc.ClientUnaryCall;
  ListHotWallets(argument: _exchange_admin_v1_ListHotWalletsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListHotWalletsResponse__Output>): grpc.ClientUnaryCall;
  ListHotWallets(argument: _exchange_admin_v1_ListHotWalletsRequest, callback: grpc.requestCallback<_exchange_admin_v1_ListHotWalletsResponse__Output>): grpc.ClientUnaryCall;
  listHotWallets(argument: _exchange_admin_v1_ListHotWalletsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListHotWalletsResponse__Output>): grpc.ClientUnaryCall;
  listHotWallets(argument: _exchange_admin_v1_ListHotWalletsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_ListHotWalletsResponse__Output>): grpc.ClientUnaryCall;
  listHotWallets(argument: _exchange_admin_v1_ListHotWalletsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListHotWalletsResponse__Output>): grpc.ClientUnaryCall;
  listHotWallets(argument: _exchange_admin_v1_ListHotWalletsRequest, callback: grpc.requestCallback<_exchange_admin_v1_ListHotWalletsResponse__Output>): grpc.ClientUnaryCall;
  
  TransferAsset(argument: _exchange_admin_v1_TransferAssetRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_TransferAssetResponse__Output>): grpc.ClientUnaryCall;
  TransferAsset(argument: _exchange_admin_v1_TransferAssetRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_TransferAssetResponse__Output>): grpc.ClientUnaryCall;
  TransferAsset(argument: _exchange_admin_v1_TransferAssetRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_TransferAssetResponse__Output>): grpc.ClientUnaryCall;
  TransferAsset(argument: _exchange_admin_v1_TransferAssetRequest, callback: grpc.requestCallback<_exchange_admin_v1_TransferAssetResponse__Output>): grpc.ClientUnaryCall;
  transferAsset(argument: _exchange_admin_v1_TransferAssetRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_TransferAssetResponse__Output>): grpc.ClientUnaryCall;
  transferAsset(argument: _exchange_admin_v1_TransferAssetRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_TransferAssetResponse__Output>): grpc.ClientUnaryCall;
  transferAsset(argument: _exchange_admin_v1_TransferAssetRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_TransferAssetResponse__Output>): grpc.ClientUnaryCall;
  transferAsset(argument: _exchange_admin_v1_TransferAssetRequest, callback: grpc.requestCallback<_exchange_admin_v1_TransferAssetResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface HotWalletsServiceHandlers extends grpc.UntypedServiceImplementation {
  GetTransferAssetStatus: grpc.handleUnaryCall<_exchange_admin_v1_GetTransferAssetStatusRequest__Output, _exchange_admin_v1_GetTransferAssetStatusResponse>;
  
  ListHotWallets: grpc.handleUnaryCall<_exchange_admin_v1_ListHotWalletsRequest__Output, _exchange_admin_v1_ListHotWalletsResponse>;
  
  TransferAsset: grpc.handleUnaryCall<_exchange_admin_v1_TransferAssetRequest__Output, _exchange_admin_v1_TransferAssetResponse>;
  
}

export interface HotWalletsServiceDefinition extends grpc.ServiceDefinition {
  GetTransferAssetStatus: MethodDefinition<_exchange_admin_v1_GetTransferAssetStatusRequest, _exchange_admin_v1_GetTransferAssetStatusResponse, _exchange_admin_v1_GetTransferAssetStatusRequest__Output, _exchange_admin_v1_GetTransferAssetStatusResponse__Output>
  ListHotWallets: MethodDefinition<_exchange_admin_v1_ListHotWalletsRequest, _exchange_admin_v1_ListHotWalletsResponse, _exchange_admin_v1_ListHotWalletsRequest__Output, _exchange_admin_v1_ListHotWalletsResponse__Output>
  TransferAsset: MethodDefinition<_exchange_admin_v1_TransferAssetRequest, _exchange_admin_v1_TransferAssetResponse, _exchange_admin_v1_TransferAssetRequest__Output, _exchange_admin_v1_TransferAssetResponse__Output>
}
