import {status} from '@grpc/grpc-js'
import type * as grpc from '@grpc/grpc-js'
import type {BlockchainServiceHandlers} from '../generated/exchange/admin/v1/BlockchainService.js'
import type {HotWalletsServiceHandlers} from '../generated/exchange/admin/v1/HotWalletsService.js'

/** Services whose modules come later: every call answers UNIMPLEMENTED. */
const unimplemented =
  (method: string): grpc.handleUnaryCall<unknown, never> =>
  (_call, callback) =>
    callback({code: status.UNIMPLEMENTED, details: `${method} is not implemented yet`})

export const blockchainHandlers = (): BlockchainServiceHandlers => ({
  GetDepositAddress: unimplemented('GetDepositAddress'),
  WithdrawToBlockchain: unimplemented('WithdrawToBlockchain'),
  GetWithdrawRequestStatus: unimplemented('GetWithdrawRequestStatus'),
  ListTopUps: unimplemented('ListTopUps'),
  ListAllTopUps: unimplemented('ListAllTopUps'),
  ListWithdrawals: unimplemented('ListWithdrawals'),
})

export const hotWalletsHandlers = (): HotWalletsServiceHandlers => ({
  ListHotWallets: unimplemented('ListHotWallets'),
  TransferAsset: unimplemented('TransferAsset'),
  GetTransferAssetStatus: unimplemented('GetTransferAssetStatus'),
})
