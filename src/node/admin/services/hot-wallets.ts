import type {HotWalletsServiceHandlers} from '../generated/exchange/admin/v1/HotWalletsService.js'
import type {AdminContext} from '../context.js'

export function hotWalletsHandlers(ctx: AdminContext): HotWalletsServiceHandlers {
  const {blockchains} = ctx.services
  return {
    ListHotWallets: ctx.unary('ListHotWallets', async (req) => ({
      wallets: await blockchains.hotWallets(req.blockchain || undefined),
    })),

    TransferAsset: ctx.unary('TransferAsset', (req) => {
      const transfer = blockchains.transferAsset({
        fromAddress: req.from_address,
        toAddress: req.to_address,
        blockchain: req.blockchain,
        asset: req.asset,
        amount: req.amount,
      })
      ctx.logger.info(
        {transfer_id: transfer.id, blockchain: transfer.blockchain, asset: transfer.asset},
        'hot-wallet transfer queued',
      )
      return {transfer_id: transfer.id}
    }),

    GetTransferAssetStatus: ctx.unary('GetTransferAssetStatus', (req) => {
      const transfer = blockchains.hotTransfers.get(req.transfer_id)
      return {
        status: transfer.status,
        tx_hash: transfer.tx_hash ?? '',
        failure: transfer.failure ?? '',
        replaced_tx_hashes: blockchains.hotTransfers.replacedHashes(transfer.id),
        waiting_for: transfer.waiting_for ?? '',
      }
    }),
  }
}
