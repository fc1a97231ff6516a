import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { Admin as _exchange_admin_v1_Admin, Admin__Output as _exchange_admin_v1_Admin__Output } from './exchange/admin/v1/Admin';
import type { AdminsServiceClient as _exchange_admin_v1_AdminsServiceClient, AdminsServiceDefinition as _exchange_admin_v1_AdminsServiceDefinition } from './exchange/admin/v1/AdminsService';
import type { Amount as _exchange_admin_v1_Amount, Amount__Output as _exchange_admin_v1_Amount__Output } from './exchange/admin/v1/Amount';
import type { AuditEntry as _exchange_admin_v1_AuditEntry, AuditEntry__Output as _exchange_admin_v1_AuditEntry__Output } from './exchange/admin/v1/AuditEntry';
import type { CreateAdminRequest as _exchange_admin_v1_CreateAdminRequest, CreateAdminRequest__Output as _exchange_admin_v1_CreateAdminRequest__Output } from './exchange/admin/v1/CreateAdminRequest';
import type { CreateAdminResponse as _exchange_admin_v1_CreateAdminResponse, CreateAdminResponse__Output as _exchange_admin_v1_CreateAdminResponse__Output } from './exchange/admin/v1/CreateAdminResponse';
import type { DisableAdminRequest as _exchange_admin_v1_DisableAdminRequest, DisableAdminRequest__Output as _exchange_admin_v1_DisableAdminRequest__Output } from './exchange/admin/v1/DisableAdminRequest';
import type { DisableAdminResponse as _exchange_admin_v1_DisableAdminResponse, DisableAdminResponse__Output as _exchange_admin_v1_DisableAdminResponse__Output } from './exchange/admin/v1/DisableAdminResponse';
import type { ListAdminsRequest as _exchange_admin_v1_ListAdminsRequest, ListAdminsRequest__Output as _exchange_admin_v1_ListAdminsRequest__Output } from './exchange/admin/v1/ListAdminsRequest';
import type { ListAdminsResponse as _exchange_admin_v1_ListAdminsResponse, ListAdminsResponse__Output as _exchange_admin_v1_ListAdminsResponse__Output } from './exchange/admin/v1/ListAdminsResponse';
import type { ListAuditLogRequest as _exchange_admin_v1_ListAuditLogRequest, ListAuditLogRequest__Output as _exchange_admin_v1_ListAuditLogRequest__Output } from './exchange/admin/v1/ListAuditLogRequest';
import type { ListAuditLogResponse as _exchange_admin_v1_ListAuditLogResponse, ListAuditLogResponse__Output as _exchange_admin_v1_ListAuditLogResponse__Output } from './exchange/admin/v1/ListAuditLogResponse';
import type { PageRequest as _exchange_admin_v1_PageRequest, PageRequest__Output as _exchange_admin_v1_PageRequest__Output } from './exchange/admin/v1/PageRequest';
import type { PageResponse as _exchange_admin_v1_PageResponse, PageResponse__Output as _exchange_admin_v1_PageResponse__Output } from './exchange/admin/v1/PageResponse';
import type { SetAdminRoleRequest as _exchange_admin_v1_SetAdminRoleRequest, SetAdminRoleRequest__Output as _exchange_admin_v1_SetAdminRoleRequest__Output } from './exchange/admin/v1/SetAdminRoleRequest';
import type { SetAdminRoleResponse as _exchange_admin_v1_SetAdminRoleResponse, SetAdminRoleResponse__Output as _exchange_admin_v1_SetAdminRoleResponse__Output } from './exchange/admin/v1/SetAdminRoleResponse';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  exchange: {
    admin: {
      v1: {
        Admin: MessageTypeDefinition<_exchange_admin_v1_Admin, _exchange_admin_v1_Admin__Output>
        /**
         * Extension: administrator users of the AdminGateway, their roles, and the audit log.
         * Roles: superadmin (everything), operator (accounts, tiers, assets, tickers, alerts),
         * finance (operations, withdrawals, hot wallets), arbitrator (P2P disputes), auditor (read-only).
         */
        AdminsService: SubtypeConstructor<typeof grpc.Client, _exchange_admin_v1_AdminsServiceClient> & { service: _exchange_admin_v1_AdminsServiceDefinition }
        Amount: MessageTypeDefinition<_exchange_admin_v1_Amount, _exchange_admin_v1_Amount__Output>
        AuditEntry: MessageTypeDefinition<_exchange_admin_v1_AuditEntry, _exchange_admin_v1_AuditEntry__Output>
        CreateAdminRequest: MessageTypeDefinition<_exchange_admin_v1_CreateAdminRequest, _exchange_admin_v1_CreateAdminRequest__Output>
        CreateAdminResponse: MessageTypeDefinition<_exchange_admin_v1_CreateAdminResponse, _exchange_admin_v1_CreateAdminResponse__Output>
        DisableAdminRequest: MessageTypeDefinition<_exchange_admin_v1_DisableAdminRequest, _exchange_admin_v1_DisableAdminRequest__Output>
        DisableAdminResponse: MessageTypeDefinition<_exchange_admin_v1_DisableAdminResponse, _exchange_admin_v1_DisableAdminResponse__Output>
        ListAdminsRequest: MessageTypeDefinition<_exchange_admin_v1_ListAdminsRequest, _exchange_admin_v1_ListAdminsRequest__Output>
        ListAdminsResponse: MessageTypeDefinition<_exchange_admin_v1_ListAdminsResponse, _exchange_admin_v1_ListAdminsResponse__Output>
        ListAuditLogRequest: MessageTypeDefinition<_exchange_admin_v1_ListAuditLogRequest, _exchange_admin_v1_ListAuditLogRequest__Output>
        ListAuditLogResponse: MessageTypeDefinition<_exchange_admin_v1_ListAuditLogResponse, _exchange_admin_v1_ListAuditLogResponse__Output>
        PageRequest: MessageTypeDefinition<_exchange_admin_v1_PageRequest, _exchange_admin_v1_PageRequest__Output>
        PageResponse: MessageTypeDefinition<_exchange_admin_v1_PageResponse, _exchange_admin_v1_PageResponse__Output>
        SetAdminRoleRequest: MessageTypeDefinition<_exchange_admin_v1_SetAdminRoleRequest, _exchange_admin_v1_SetAdminRoleRequest__Output>
        SetAdminRoleResponse: MessageTypeDefinition<_exchange_admin_v1_SetAdminRoleResponse, _exchange_admin_v1_SetAdminRoleResponse__Output>
      }
    }
  }
}

