import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { PingRequest as _exchange_admin_v1_PingRequest, PingRequest__Output as _exchange_admin_v1_PingRequest__Output } from './exchange/admin/v1/PingRequest';
import type { PingResponse as _exchange_admin_v1_PingResponse, PingResponse__Output as _exchange_admin_v1_PingResponse__Output } from './exchange/admin/v1/PingResponse';
import type { PingServiceClient as _exchange_admin_v1_PingServiceClient, PingServiceDefinition as _exchange_admin_v1_PingServiceDefinition } from './exchange/admin/v1/PingService';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  exchange: {
    admin: {
      v1: {
        PingRequest: MessageTypeDefinition<_exchange_admin_v1_PingRequest, _exchange_admin_v1_PingRequest__Output>
        PingResponse: MessageTypeDefinition<_exchange_admin_v1_PingResponse, _exchange_admin_v1_PingResponse__Output>
        PingService: SubtypeConstructor<typeof grpc.Client, _exchange_admin_v1_PingServiceClient> & { service: _exchange_admin_v1_PingServiceDefinition }
      }
    }
  }
}

