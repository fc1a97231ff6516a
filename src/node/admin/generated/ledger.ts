import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { AssetTotal as _exchange_admin_v1_AssetTotal, AssetTotal__Output as _exchange_admin_v1_AssetTotal__Output } from './exchange/admin/v1/AssetTotal';
import type { LedgerServiceClient as _exchange_admin_v1_LedgerServiceClient, LedgerServiceDefinition as _exchange_admin_v1_LedgerServiceDefinition } from './exchange/admin/v1/LedgerService';
import type { VerifyLedgerRequest as _exchange_admin_v1_VerifyLedgerRequest, VerifyLedgerRequest__Output as _exchange_admin_v1_VerifyLedgerRequest__Output } from './exchange/admin/v1/VerifyLedgerRequest';
import type { VerifyLedgerResponse as _exchange_admin_v1_VerifyLedgerResponse, VerifyLedgerResponse__Output as _exchange_admin_v1_VerifyLedgerResponse__Output } from './exchange/admin/v1/VerifyLedgerResponse';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  exchange: {
    admin: {
      v1: {
        AssetTotal: MessageTypeDefinition<_exchange_admin_v1_AssetTotal, _exchange_admin_v1_AssetTotal__Output>
        /**
         * Extension: checks on the double-entry ledger.
         */
        LedgerService: SubtypeConstructor<typeof grpc.Client, _exchange_admin_v1_LedgerServiceClient> & { service: _exchange_admin_v1_LedgerServiceDefinition }
        VerifyLedgerRequest: MessageTypeDefinition<_exchange_admin_v1_VerifyLedgerRequest, _exchange_admin_v1_VerifyLedgerRequest__Output>
        VerifyLedgerResponse: MessageTypeDefinition<_exchange_admin_v1_VerifyLedgerResponse, _exchange_admin_v1_VerifyLedgerResponse__Output>
      }
    }
  }
}

