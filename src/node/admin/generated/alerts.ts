import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { AcknowledgeRequest as _exchange_admin_v1_AcknowledgeRequest, AcknowledgeRequest__Output as _exchange_admin_v1_AcknowledgeRequest__Output } from './exchange/admin/v1/AcknowledgeRequest';
import type { AcknowledgeResponse as _exchange_admin_v1_AcknowledgeResponse, AcknowledgeResponse__Output as _exchange_admin_v1_AcknowledgeResponse__Output } from './exchange/admin/v1/AcknowledgeResponse';
import type { Alert as _exchange_admin_v1_Alert, Alert__Output as _exchange_admin_v1_Alert__Output } from './exchange/admin/v1/Alert';
import type { AlertsServiceClient as _exchange_admin_v1_AlertsServiceClient, AlertsServiceDefinition as _exchange_admin_v1_AlertsServiceDefinition } from './exchange/admin/v1/AlertsService';
import type { CreateRequest as _exchange_admin_v1_CreateRequest, CreateRequest__Output as _exchange_admin_v1_CreateRequest__Output } from './exchange/admin/v1/CreateRequest';
import type { CreateResponse as _exchange_admin_v1_CreateResponse, CreateResponse__Output as _exchange_admin_v1_CreateResponse__Output } from './exchange/admin/v1/CreateResponse';
import type { ListRequest as _exchange_admin_v1_ListRequest, ListRequest__Output as _exchange_admin_v1_ListRequest__Output } from './exchange/admin/v1/ListRequest';
import type { ResolveRequest as _exchange_admin_v1_ResolveRequest, ResolveRequest__Output as _exchange_admin_v1_ResolveRequest__Output } from './exchange/admin/v1/ResolveRequest';
import type { ResolveResponse as _exchange_admin_v1_ResolveResponse, ResolveResponse__Output as _exchange_admin_v1_ResolveResponse__Output } from './exchange/admin/v1/ResolveResponse';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  exchange: {
    admin: {
      v1: {
        AcknowledgeRequest: MessageTypeDefinition<_exchange_admin_v1_AcknowledgeRequest, _exchange_admin_v1_AcknowledgeRequest__Output>
        AcknowledgeResponse: MessageTypeDefinition<_exchange_admin_v1_AcknowledgeResponse, _exchange_admin_v1_AcknowledgeResponse__Output>
        Alert: MessageTypeDefinition<_exchange_admin_v1_Alert, _exchange_admin_v1_Alert__Output>
        AlertsService: SubtypeConstructor<typeof grpc.Client, _exchange_admin_v1_AlertsServiceClient> & { service: _exchange_admin_v1_AlertsServiceDefinition }
        CreateRequest: MessageTypeDefinition<_exchange_admin_v1_CreateRequest, _exchange_admin_v1_CreateRequest__Output>
        CreateResponse: MessageTypeDefinition<_exchange_admin_v1_CreateResponse, _exchange_admin_v1_CreateResponse__Output>
        ListRequest: MessageTypeDefinition<_exchange_admin_v1_ListRequest, _exchange_admin_v1_ListRequest__Output>
        ResolveRequest: MessageTypeDefinition<_exchange_admin_v1_ResolveRequest, _exchange_admin_v1_ResolveRequest__Output>
        ResolveResponse: MessageTypeDefinition<_exchange_admin_v1_ResolveResponse, _exchange_admin_v1_ResolveResponse__Output>
      }
    }
  }
}

