// Original file: exchange/admin/v1/assets.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { AddAssetNetworkRequest as _exchange_admin_v1_AddAssetNetworkRequest, AddAssetNetworkRequest__Output as _exchange_admin_v1_AddAssetNetworkRequest__Output } from '../../../exchange/admin/v1/AddAssetNetworkRequest';
import type { AddAssetNetworkResponse as _exchange_admin_v1_AddAssetNetworkResponse, AddAssetNetworkResponse__Output as _exchange_admin_v1_AddAssetNetworkResponse__Output } from '../../../exchange/admin/v1/AddAssetNetworkResponse';
import type { CreateAssetRequest as _exchange_admin_v1_CreateAssetRequest, CreateAssetRequest__Output as _exchange_admin_v1_CreateAssetRequest__Output } from '../../../exchange/admin/v1/CreateAssetRequest';
import type { CreateAssetResponse as _exchange_admin_v1_CreateAssetResponse, CreateAssetResponse__Output as _exchange_admin_v1_CreateAssetResponse__Output } from '../../../exchange/admin/v1/CreateAssetResponse';
import type { ListAssetsRequest as _exchange_admin_v1_ListAssetsRequest, ListAssetsRequest__Output as _exchange_admin_v1_ListAssetsRequest__Output } from '../../../exchange/admin/v1/ListAssetsRequest';
import type { ListAssetsResponse as _exchange_admin_v1_ListAssetsResponse, ListAssetsResponse__Output as _exchange_admin_v1_ListAssetsResponse__Output } from '../../../exchange/admin/v1/ListAssetsResponse';
import type { SetAssetActiveRequest as _exchange_admin_v1_SetAssetActiveRequest, SetAssetActiveRequest__Output as _exchange_admin_v1_SetAssetActiveRequest__Output } from '../../../exchange/admin/v1/SetAssetActiveRequest';
import type { SetAssetActiveResponse as _exchange_admin_v1_SetAssetActiveResponse, SetAssetActiveResponse__Output as _exchange_admin_v1_SetAssetActiveResponse__Output } from '../../../exchange/admin/v1/SetAssetActiveResponse';
import type { UpdateAssetNetworkRequest as _exchange_admin_v1_UpdateAssetNetworkRequest, UpdateAssetNetworkRequest__Output as _exchange_admin_v1_UpdateAssetNetworkRequest__Output } from '../../../exchange/admin/v1/UpdateAssetNetworkRequest';
import type { UpdateAssetNetworkResponse as _exchange_admin_v1_UpdateAssetNetworkResponse, UpdateAssetNetworkResponse__Output as _exchange_admin_v1_UpdateAssetNetworkResponse__Output } from '../../../exchange/admin/v1/UpdateAssetNetworkResponse';
import type { UpdateAssetRequest as _exchange_admin_v1_UpdateAssetRequest, UpdateAssetRequest__Output as _exchange_admin_v1_UpdateAssetRequest__Output } from '../../../exchange/admin/v1/UpdateAssetRequest';
import type { UpdateAssetResponse as _exchange_admin_v1_UpdateAssetResponse, UpdateAssetResponse__Output as _exchange_admin_v1_UpdateAssetResponse__Output } from '../../../exchange/admin/v1/UpdateAssetResponse';

export interface AssetsServiceClient extends grpc.Client {
  AddAssetNetwork(argument: _exchange_admin_v1_AddAssetNetworkRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_AddAssetNetworkResponse__Output>): grpc.ClientUnaryCall;
  AddAssetNetwork(argument: _exchange_admin_v1_AddAssetNetworkRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_AddAssetNetworkResponse__Output>): grpc.ClientUnaryCall;
  AddAssetNetwork(argument: _exchange_admin_v1_AddAssetNetworkRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_AddAssetNetworkResponse__Output>): grpc.ClientUnaryCall;
  AddAssetNetwork(argument: _exchange_admin_v1_AddAssetNetworkRequest, callback: grpc.requestCallback<_exchange_admin_v1_AddAssetNetworkResponse__Output>): grpc.ClientUnaryCall;
  addAssetNetwork(argument: _exchange_admin_v1_AddAssetNetworkRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_AddAssetNetworkResponse__Output>): grpc.ClientUnaryCall;
  addAssetNetwork(argument: _exchange_admin_v1_AddAssetNetworkRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_AddAssetNetworkResponse__Output>): grpc.ClientUnaryCall;
  addAssetNetwork(argument: _exchange_admin_v1_AddAssetNetworkRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_AddAssetNetworkResponse__Output>): grpc.ClientUnaryCall;
  addAssetNetwork(argument: _exchange_admin_v1_AddAssetNetworkRequest, callback: grpc.requestCallback<_exchange_admin_v1_AddAssetNetworkResponse__Output>): grpc.ClientUnaryCall;
  
  CreateAsset(argument: _exchange_admin_v1_CreateAssetRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_CreateAssetResponse__Output>): grpc.ClientUnaryCall;
  CreateAsset(argument: _exchange_admin_v1_CreateAssetRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_CreateAssetResponse__Output>): grpc.ClientUnaryCall;
  CreateAsset(argument: _exchange_admin_v1_CreateAssetRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_CreateAssetResponse__Output>): grpc.ClientUnaryCall;
  CreateAsset(argument: _exchange_admin_v1_CreateAssetRequest, callback: grpc.requestCallback<_exchange_admin_v1_CreateAssetResponse__Output>): grpc.ClientUnaryCall;
  createAsset(argument: _exchange_admin_v1_CreateAssetRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_CreateAssetResponse__Output>): grpc.ClientUnaryCall;
  createAsset(argument: _exchange_admin_v1_CreateAssetRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_CreateAssetResponse__Output>): grpc.ClientUnaryCall;
  createAsset(argument: _exchange_admin_v1_CreateAssetRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_CreateAssetResponse__Output>): grpc.ClientUnaryCall;
  createAsset(argument: _exchange_admin_v1_CreateAssetRequest, callback: grpc.requestCallback<_exchange_admin_v1_CreateAssetResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Extension: every asset with its state and networks.
   */
  ListAssets(argument: _exchange_admin_v1_ListAssetsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListAssetsResponse__Output>): grpc.ClientUnaryCall;
  ListAssets(argument: _exchange_admin_v1_ListAssetsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_ListAssetsResponse__Output>): grpc.ClientUnaryCall;
  ListAssets(argument: _exchange_admin_v1_ListAssetsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListAssetsResponse__Output>): grpc.ClientUnaryCall;
  ListAssets(argument: _exchange_admin_v1_ListAssetsRequest, callback: grpc.requestCallback<_exchange_admin_v1_ListAssetsResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Extension: every asset with its state and networks.
   */
  listAssets(argument: _exchange_admin_v1_ListAssetsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListAssetsResponse__Output>): grpc.ClientUnaryCall;
  listAssets(argument: _exchange_admin_v1_ListAssetsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_ListAssetsResponse__Output>): grpc.ClientUnaryCall;
  listAssets(argument: _exchange_admin_v1_ListAssetsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListAssetsResponse__Output>): grpc.ClientUnaryCall;
  listAssets(argument: _exchange_admin_v1_ListAssetsRequest, callback: grpc.requestCallback<_exchange_admin_v1_ListAssetsResponse__Output>): grpc.ClientUnaryCall;
  
  SetAssetActive(argument: _exchange_admin_v1_SetAssetActiveRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_SetAssetActiveResponse__Output>): grpc.ClientUnaryCall;
  SetAssetActive(argument: _exchange_admin_v1_SetAssetActiveRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_SetAssetActiveResponse__Output>): grpc.ClientUnaryCall;
  SetAssetActive(argument: _exchange_admin_v1_SetAssetActiveRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_SetAssetActiveResponse__Output>): grpc.ClientUnaryCall;
  SetAssetActive(argument: _exchange_admin_v1_SetAssetActiveRequest, callback: grpc.requestCallback<_exchange_admin_v1_SetAssetActiveResponse__Output>): grpc.ClientUnaryCall;
  setAssetActive(argument: _exchange_admin_v1_SetAssetActiveRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_SetAssetActiveResponse__Output>): grpc.ClientUnaryCall;
  setAssetActive(argument: _exchange_admin_v1_SetAssetActiveRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_SetAssetActiveResponse__Output>): grpc.ClientUnaryCall;
  setAssetActive(argument: _exchange_admin_v1_SetAssetActiveRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_SetAssetActiveResponse__Output>): grpc.ClientUnaryCall;
  setAssetActive(argument: _exchange_admin_v1_SetAssetActiveRequest, callback: grpc.requestCallback<_exchange_admin_v1_SetAssetActiveResponse__Output>): grpc.ClientUnaryCall;
  
  UpdateAsset(argument: _exchange_admin_v1_UpdateAssetRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_UpdateAssetResponse__Output>): grpc.ClientUnaryCall;
  UpdateAsset(argument: _exchange_admin_v1_UpdateAssetRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_UpdateAssetResponse__Output>): grpc.ClientUnaryCall;
  UpdateAsset(argument: _exchange_admin_v1_UpdateAssetRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_UpdateAssetResponse__Output>): grpc.ClientUnaryCall;
  UpdateAsset(argument: _exchange_admin_v1_UpdateAssetRequest, callback: grpc.requestCallback<_exchange_admin_v1_UpdateAssetResponse__Output>): grpc.ClientUnaryCall;
  updateAsset(argument: _exchange_admin_v1_UpdateAssetRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_UpdateAssetResponse__Output>): grpc.ClientUnaryCall;
  updateAsset(argument: _exchange_admin_v1_UpdateAssetRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_UpdateAssetResponse__Output>): grpc.ClientUnaryCall;
  updateAsset(argument: _exchange_admin_v1_UpdateAssetRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_UpdateAssetResponse__Output>): grpc.ClientUnaryCall;
  updateAsset(argument: _exchange_admin_v1_UpdateAssetRequest, callback: grpc.requestCallback<_exchange_admin_v1_UpdateAssetResponse__Output>): grpc.ClientUnaryCall;
  
  UpdateAssetNetwork(argument: _exchange_admin_v1_UpdateAssetNetworkRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_UpdateAssetNetworkResponse__Output>): grpc.ClientUnaryCall;
  UpdateAssetNetwork(argument: _exchange_admin_v1_UpdateAssetNetworkRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_UpdateAssetNetworkResponse__Output>): grpc.ClientUnaryCall;
  UpdateAssetNetwork(argument: _exchange_admin_v1_UpdateAssetNetworkRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_UpdateAssetNetworkResponse__Output>): grpc.ClientUnaryCall;
  UpdateAssetNetwork(argument: _exchange_admin_v1_UpdateAssetNetworkRequest, callback: grpc.requestCallback<_exchange_admin_v1_UpdateAssetNetworkResponse__Output>): grpc.ClientUnaryCall;
  updateAssetNetwork(argument: _exchange_admin_v1_UpdateAssetNetworkRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_UpdateAssetNetworkResponse__Output>): grpc.ClientUnaryCall;
  updateAssetNetwork(argument: _exchange_admin_v1_UpdateAssetNetworkRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_UpdateAssetNetworkResponse__Output>): grpc.ClientUnaryCall;
  updateAssetNetwork(argument: _exchange_admin_v1_UpdateAssetNetworkRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_UpdateAssetNetworkResponse__Output>): grpc.ClientUnaryCall;
  updateAssetNetwork(argument: _exchange_admin_v1_UpdateAssetNetworkRequest, callback: grpc.requestCallback<_exchange_admin_v1_UpdateAssetNetworkResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface AssetsServiceHandlers extends grpc.UntypedServiceImplementation {
  AddAssetNetwork: grpc.handleUnaryCall<_exchange_admin_v1_AddAssetNetworkRequest__Output, _exchange_admin_v1_AddAssetNetworkResponse>;
  
  CreateAsset: grpc.handleUnaryCall<_exchange_admin_v1_CreateAssetRequest__Output, _exchange_admin_v1_CreateAssetResponse>;
  
  /**
   * Extension: every asset with its state and networks.
   */
  ListAssets: grpc.handleUnaryCall<_exchange_admin_v1_ListAssetsRequest__Output, _exchange_admin_v1_ListAssetsResponse>;
  
  SetAssetActive: grpc.handleUnaryCall<_exchange_admin_v1_SetAssetActiveRequest__Output, _exchange_admin_v1_SetAssetActiveResponse>;
  
  UpdateAsset: grpc.handleUnaryCall<_exchange_admin_v1_UpdateAssetRequest__Output, _exchange_admin_v1_UpdateAssetResponse>;
  
  UpdateAssetNetwork: grpc.handleUnaryCall<_exchange_admin_v1_UpdateAssetNetworkRequest__Output, _exchange_admin_v1_UpdateAssetNetworkResponse>;
  
}

export interface AssetsServiceDefinition extends grpc.ServiceDefinition {
  AddAssetNetwork: MethodDefinition<_exchange_admin_v1_AddAssetNetworkRequest, _exchange_admin_v1_AddAssetNetworkResponse, _exchange_admin_v1_AddAssetNetworkRequest__Output, _exchange_admin_v1_AddAssetNetworkResponse__Output>
  CreateAsset: MethodDefinition<_exchange_admin_v1_CreateAssetRequest, _exchange_admin_v1_CreateAssetResponse, _exchange_admin_v1_CreateAssetRequest__Output, _exchange_admin_v1_CreateAssetResponse__Output>
  ListAssets: MethodDefinition<_exchange_admin_v1_ListAssetsRequest, _exchange_admin_v1_ListAssetsResponse, _exchange_admin_v1_ListAssetsRequest__Output, _exchange_admin_v1_ListAssetsResponse__Output>
  SetAssetActive: MethodDefinition<_exchange_admin_v1_SetAssetActiveRequest, _exchange_admin_v1_SetAssetActiveResponse, _exchange_admin_v1_SetAssetActiveRequest__Output, _exchange_admin_v1_SetAssetActiveResponse__Output>
  UpdateAsset: MethodDefinition<_exchange_admin_v1_UpdateAssetRequest, _exchange_admin_v1_UpdateAssetResponse, _exchange_admin_v1_UpdateAssetRequest__Output, _exchange_admin_v1_UpdateAssetResponse__Output>
  UpdateAssetNetwork: MethodDefinition<_exchange_admin_v1_UpdateAssetNetworkRequest, _exchange_admin_v1_UpdateAssetNetworkResponse, _exchange_admin_v1_UpdateAssetNetworkRequest__Output, _exchange_admin_v1_UpdateAssetNetworkResponse__Output>
}
