import type * as grpc from '@grpc/grpc-js'
import type {BlockchainServiceHandlers} from '../generated/exchange/admin/v1/BlockchainService.js'
import type {HotWalletsServiceHandlers} from '../generated/exchange/admin/v1/HotWalletsService.js'
import type {AdminContext} from '../context.js'
import {ExchangeError} from '../../errors.js'

/** Services whose modules come later: every call is admitted (admin token), then answers UNIMPLEMENTED. */
export function unimplemented(ctx: AdminContext, method: string): grpc.handleUnaryCall<unknown, never> {
  return ctx.unary(method, () => {
    throw new ExchangeError('unimplemented', `${method} is not implemented yet`)
  })
}

export const blockchainHandlers = (ctx: AdminContext): BlockchainServiceHandlers => ({
  GetDepositAddress: unimplemented(ctx, 'GetDepositAddress'),
  WithdrawToBlockchain: unimplemented(ctx, 'WithdrawToBlockchain'),
  GetWithdrawRequestStatus: unimplemented(ctx, 'GetWithdrawRequestStatus'),
  ListTopUps: unimplemented(ctx, 'ListTopUps'),
  ListAllTopUps: unimplemented(ctx, 'ListAllTopUps'),
  ListWithdrawals: unimplemented(ctx, 'ListWithdrawals'),
})

export const hotWalletsHandlers = (ctx: AdminContext): HotWalletsServiceHandlers => ({
  ListHotWallets: unimplemented(ctx, 'ListHotWallets'),
  TransferAsset: unimplemented(ctx, 'TransferAsset'),
  GetTransferAssetStatus: unimplemented(ctx, 'GetTransferAssetStatus'),
})
