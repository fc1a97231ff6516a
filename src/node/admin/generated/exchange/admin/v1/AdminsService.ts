// Original file: exchange/admin/v1/admins.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { CreateAdminRequest as _exchange_admin_v1_CreateAdminRequest, CreateAdminRequest__Output as _exchange_admin_v1_CreateAdminRequest__Output } from '../../../exchange/admin/v1/CreateAdminRequest';
import type { CreateAdminResponse as _exchange_admin_v1_CreateAdminResponse, CreateAdminResponse__Output as _exchange_admin_v1_CreateAdminResponse__Output } from '../../../exchange/admin/v1/CreateAdminResponse';
import type { DisableAdminRequest as _exchange_admin_v1_DisableAdminRequest, DisableAdminRequest__Output as _exchange_admin_v1_DisableAdminRequest__Output } from '../../../exchange/admin/v1/DisableAdminRequest';
import type { DisableAdminResponse as _exchange_admin_v1_DisableAdminResponse, DisableAdminResponse__Output as _exchange_admin_v1_DisableAdminResponse__Output } from '../../../exchange/admin/v1/DisableAdminResponse';
import type { ListAdminsRequest as _exchange_admin_v1_ListAdminsRequest, ListAdminsRequest__Output as _exchange_admin_v1_ListAdminsRequest__Output } from '../../../exchange/admin/v1/ListAdminsRequest';
import type { ListAdminsResponse as _exchange_admin_v1_ListAdminsResponse, ListAdminsResponse__Output as _exchange_admin_v1_ListAdminsResponse__Output } from '../../../exchange/admin/v1/ListAdminsResponse';
import type { ListAuditLogRequest as _exchange_admin_v1_ListAuditLogRequest, ListAuditLogRequest__Output as _exchange_admin_v1_ListAuditLogRequest__Output } from '../../../exchange/admin/v1/ListAuditLogRequest';
import type { ListAuditLogResponse as _exchange_admin_v1_ListAuditLogResponse, ListAuditLogResponse__Output as _exchange_admin_v1_ListAuditLogResponse__Output } from '../../../exchange/admin/v1/ListAuditLogResponse';
import type { SetAdminRoleRequest as _exchange_admin_v1_SetAdminRoleRequest, SetAdminRoleRequest__Output as _exchange_admin_v1_SetAdminRoleRequest__Output } from '../../../exchange/admin/v1/SetAdminRoleRequest';
import type { SetAdminRoleResponse as _exchange_admin_v1_SetAdminRoleResponse, SetAdminRoleResponse__Output as _exchange_admin_v1_SetAdminRoleResponse__Output } from '../../../exchange/admin/v1/SetAdminRoleResponse';

/**
 * Extension: administrator users of the AdminGateway, their roles, and the audit log.
 * Roles: superadmin (everything), operator (accounts, tiers, assets, tickers, alerts),
 * finance (operations, withdrawals, hot wallets), arbitrator (P2P disputes), auditor (read-only).
 */
export interface AdminsServiceClient extends grpc.Client {
  CreateAdmin(argument: _exchange_admin_v1_CreateAdminRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_CreateAdminResponse__Output>): grpc.ClientUnaryCall;
  CreateAdmin(argument: _exchange_admin_v1_CreateAdminRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_CreateAdminResponse__Output>): grpc.ClientUnaryCall;
  CreateAdmin(argument: _exchange_admin_v1_CreateAdminRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_CreateAdminResponse__Output>): grpc.ClientUnaryCall;
  CreateAdmin(argument: _exchange_admin_v1_CreateAdminRequest, callback: grpc.requestCallback<_exchange_admin_v1_CreateAdminResponse__Output>): grpc.ClientUnaryCall;
  createAdmin(argument: _exchange_admin_v1_CreateAdminRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_CreateAdminResponse__Output>): grpc.ClientUnaryCall;
  createAdmin(argument: _exchange_admin_v1_CreateAdminRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_CreateAdminResponse__Output>): grpc.ClientUnaryCall;
  createAdmin(argument: _exchange_admin_v1_CreateAdminRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_CreateAdminResponse__Output>): grpc.ClientUnaryCall;
  createAdmin(argument: _exchange_admin_v1_CreateAdminRequest, callback: grpc.requestCallback<_exchange_admin_v1_CreateAdminResponse__Output>): grpc.ClientUnaryCall;
  
  DisableAdmin(argument: _exchange_admin_v1_DisableAdminRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_DisableAdminResponse__Output>): grpc.ClientUnaryCall;
  DisableAdmin(argument: _exchange_admin_v1_DisableAdminRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_DisableAdminResponse__Output>): grpc.ClientUnaryCall;
  DisableAdmin(argument: _exchange_admin_v1_DisableAdminRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_DisableAdminResponse__Output>): grpc.ClientUnaryCall;
  DisableAdmin(argument: _exchange_admin_v1_DisableAdminRequest, callback: grpc.requestCallback<_exchange_admin_v1_DisableAdminResponse__Output>): grpc.ClientUnaryCall;
  disableAdmin(argument: _exchange_admin_v1_DisableAdminRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_DisableAdminResponse__Output>): grpc.ClientUnaryCall;
  disableAdmin(argument: _exchange_admin_v1_DisableAdminRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_DisableAdminResponse__Output>): grpc.ClientUnaryCall;
  disableAdmin(argument: _exchange_admin_v1_DisableAdminRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_DisableAdminResponse__Output>): grpc.ClientUnaryCall;
  disableAdmin(argument: _exchange_admin_v1_DisableAdminRequest, callback: grpc.requestCallback<_exchange_admin_v1_DisableAdminResponse__Output>): grpc.ClientUnaryCall;
  
  ListAdmins(argument: _exchange_admin_v1_ListAdminsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListAdminsResponse__Output>): grpc.ClientUnaryCall;
  ListAdmins(argument: _exchange_admin_v1_ListAdminsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_ListAdminsResponse__Output>): grpc.ClientUnaryCall;
  ListAdmins(argument: _exchange_admin_v1_ListAdminsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListAdminsResponse__Output>): grpc.ClientUnaryCall;
  ListAdmins(argument: _exchange_admin_v1_ListAdminsRequest, callback: grpc.requestCallback<_exchange_admin_v1_ListAdminsResponse__Output>): grpc.ClientUnaryCall;
  listAdmins(argument: _exchange_admin_v1_ListAdminsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListAdminsResponse__Output>): grpc.ClientUnaryCall;
  listAdmins(argument: _exchange_admin_v1_ListAdminsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_ListAdminsResponse__Output>): grpc.ClientUnaryCall;
  listAdmins(argument: _exchange_admin_v1_ListAdminsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListAdminsResponse__Output>): grpc.ClientUnaryCall;
  listAdmins(argument: _exchange_admin_v1_ListAdminsRequest, callback: grpc.requestCallback<_exchange_admin_v1_ListAdminsResponse__Output>): grpc.ClientUnaryCall;
  
  ListAuditLog(argument: _exchange_admin_v1_ListAuditLogRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListAuditLogResponse__Output>): grpc.ClientUnaryCall;
  ListAuditLog(argument: _exchange_admin_v1_ListAuditLogRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_ListAuditLogResponse__Output>): grpc.ClientUnaryCall;
  ListAuditLog(argument: _exchange_admin_v1_ListAuditLogRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListAuditLogResponse__Output>): grpc.ClientUnaryCall;
  ListAuditLog(argument: _exchange_admin_v1_ListAuditLogRequest, callback: grpc.requestCallback<_exchange_admin_v1_ListAuditLogResponse__Output>): grpc.ClientUnaryCall;
  listAuditLog(argument: _exchange_admin_v1_ListAuditLogRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListAuditLogResponse__Output>): grpc.ClientUnaryCall;
  listAuditLog(argument: _exchange_admin_v1_ListAuditLogRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_ListAuditLogResponse__Output>): grpc.ClientUnaryCall;
  listAuditLog(argument: _exchange_admin_v1_ListAuditLogRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_ListAuditLogResponse__Output>): grpc.ClientUnaryCall;
  listAuditLog(argument: _exchange_admin_v1_ListAuditLogRequest, callback: grpc.requestCallback<_exchange_admin_v1_ListAuditLogResponse__Output>): grpc.ClientUnaryCall;
  
  SetAdminRole(argument: _exchange_admin_v1_SetAdminRoleRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_SetAdminRoleResponse__Output>): grpc.ClientUnaryCall;
  SetAdminRole(argument: _exchange_admin_v1_SetAdminRoleRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_SetAdminRoleResponse__Output>): grpc.ClientUnaryCall;
  SetAdminRole(argument: _exchange_admin_v1_SetAdminRoleRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_SetAdminRoleResponse__Output>): grpc.ClientUnaryCall;
  SetAdminRole(argument: _exchange_admin_v1_SetAdminRoleRequest, callback: grpc.requestCallback<_exchange_admin_v1_SetAdminRoleResponse__Output>): grpc.ClientUnaryCall;
  setAdminRole(argument: _exchange_admin_v1_SetAdminRoleRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_SetAdminRoleResponse__Output>): grpc.ClientUnaryCall;
  setAdminRole(argument: _exchange_admin_v1_SetAdminRoleRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_exchange_admin_v1_SetAdminRoleResponse__Output>): grpc.ClientUnaryCall;
  setAdminRole(argument: _exchange_admin_v1_SetAdminRoleRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_exchange_admin_v1_SetAdminRoleResponse__Output>): grpc.ClientUnaryCall;
  setAdminRole(argument: _exchange_admin_v1_SetAdminRoleRequest, callback: grpc.requestCallback<_exchange_admin_v1_SetAdminRoleResponse__Output>): grpc.ClientUnaryCall;
  
}

/**
 * Extension: administrator users of the AdminGateway, their roles, and the audit log.
 * Roles: superadmin (everything), operator (accounts, tiers, assets, tickers, alerts),
 * finance (operations, withdrawals, hot wallets), arbitrator (P2P disputes), auditor (read-only).
 */
export interface AdminsServiceHandlers extends grpc.UntypedServiceImplementation {
  CreateAdmin: grpc.handleUnaryCall<_exchange_admin_v1_CreateAdminRequest__Output, _exchange_admin_v1_CreateAdminResponse>;
  
  DisableAdmin: grpc.handleUnaryCall<_exchange_admin_v1_DisableAdminRequest__Output, _exchange_admin_v1_DisableAdminResponse>;
  
  ListAdmins: grpc.handleUnaryCall<_exchange_admin_v1_ListAdminsRequest__Output, _exchange_admin_v1_ListAdminsResponse>;
  
  ListAuditLog: grpc.handleUnaryCall<_exchange_admin_v1_ListAuditLogRequest__Output, _exchange_admin_v1_ListAuditLogResponse>;
  
  SetAdminRole: grpc.handleUnaryCall<_exchange_admin_v1_SetAdminRoleRequest__Output, _exchange_admin_v1_SetAdminRoleResponse>;
  
}

export interface AdminsServiceDefinition extends grpc.ServiceDefinition {
  CreateAdmin: MethodDefinition<_exchange_admin_v1_CreateAdminRequest, _exchange_admin_v1_CreateAdminResponse, _exchange_admin_v1_CreateAdminRequest__Output, _exchange_admin_v1_CreateAdminResponse__Output>
  DisableAdmin: MethodDefinition<_exchange_admin_v1_DisableAdminRequest, _exchange_admin_v1_DisableAdminResponse, _exchange_admin_v1_DisableAdminRequest__Output, _exchange_admin_v1_DisableAdminResponse__Output>
  ListAdmins: MethodDefinition<_exchange_admin_v1_ListAdminsRequest, _exchange_admin_v1_ListAdminsResponse, _exchange_admin_v1_ListAdminsRequest__Output, _exchange_admin_v1_ListAdminsResponse__Output>
  ListAuditLog: MethodDefinition<_exchange_admin_v1_ListAuditLogRequest, _exchange_admin_v1_ListAuditLogResponse, _exchange_admin_v1_ListAuditLogRequest__Output, _exchange_admin_v1_ListAuditLogResponse__Output>
  SetAdminRole: MethodDefinition<_exchange_admin_v1_SetAdminRoleRequest, _exchange_admin_v1_SetAdminRoleResponse, _exchange_admin_v1_SetAdminRoleRequest__Output, _exchange_admin_v1_SetAdminRoleResponse__Output>
}
