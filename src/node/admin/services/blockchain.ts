import type {BlockchainServiceHandlers} from '../generated/exchange/admin/v1/BlockchainService.js'
import type {TopUp as TopUpMessage} from '../generated/exchange/admin/v1/TopUp.js'
import type {Withdrawal as WithdrawalMessage} from '../generated/exchange/admin/v1/Withdrawal.js'
import type {AdminContext} from '../context.js'
import type {Blockchains} from '../../chain/blockchain.js'
import type {TopUp} from '../../chain/deposits/top-ups.js'
import {TOP_UP_STATUSES} from '../../chain/deposits/top-ups.js'
import {WITHDRAWAL_STATUSES, type Withdrawal} from '../../chain/withdrawals/row.js'
import {requireBlockchain} from '../../chain/withdrawals/request.js'
import {formatAmount} from '../../ground/money.js'
import {optionalOneOf, optionalString, page, requireUuid} from '../../ground/validate.js'

export function blockchainHandlers(ctx: AdminContext): BlockchainServiceHandlers {
  const {accounts, assets, blockchains} = ctx.services
  const decimalsOf = (asset: string) => assets.get(asset)?.decimals ?? 0
  const topUp = (entry: TopUp) => toTopUpMessage(entry, decimalsOf(entry.asset))
  const withdrawal = (entry: Withdrawal) => toWithdrawalMessage(entry, decimalsOf(entry.asset))

  return {
    GetDepositAddress: ctx.unary('GetDepositAddress', (req) => {
      const account = accounts.requireById(req.account_id)
      return {address: blockchains.depositAddress(account.id, req.blockchain, req.asset).address}
    }),

    WithdrawToBlockchain: ctx.unary('WithdrawToBlockchain', (req) => {
      const account = accounts.requireById(req.account_id)
      const created = blockchains.withdrawals.request({
        accountId: account.id,
        blockchain: req.blockchain,
        asset: req.asset,
        amount: req.amount,
        toAddress: req.to_address,
        memo: req.memo,
      })
      return {withdraw_request_id: created.id}
    }),

    GetWithdrawRequestStatus: ctx.unary('GetWithdrawRequestStatus', (req) => {
      const found = blockchains.withdrawals.get(req.withdraw_request_id)
      return {status: found.status, tx_hash: found.txHash ?? '', withdrawal: withdrawal(found)}
    }),

    ListTopUps: ctx.unary('ListTopUps', (req) => {
      const account = accounts.requireById(req.account_id)
      const {topUps, total} = blockchains.topUps.list({
        accountId: account.id,
        blockchain: optionalBlockchain(req.blockchain),
        status: optionalOneOf(req.status, TOP_UP_STATUSES, 'status'),
        ...page(req.page),
      })
      return {topups: topUps.map(topUp), page: {total}}
    }),

    ListAllTopUps: ctx.unary('ListAllTopUps', (req) => {
      const {topUps, total} = blockchains.topUps.list({
        blockchain: optionalBlockchain(req.blockchain),
        status: optionalOneOf(req.status, TOP_UP_STATUSES, 'status'),
        ...page(req.page),
      })
      return {topups: topUps.map(topUp), page: {total}}
    }),

    ListWithdrawals: ctx.unary('ListWithdrawals', (req) => {
      const accountId = optionalString(req.account_id, 'account_id')
      const {withdrawals, total} = blockchains.withdrawals.list({
        accountId: accountId === undefined ? undefined : accounts.requireById(accountId).id,
        status: optionalOneOf(req.status, WITHDRAWAL_STATUSES, 'status'),
        ...page(req.page),
      })
      return {withdrawals: withdrawals.map(withdrawal), page: {total}}
    }),

    ApproveWithdrawal: ctx.unary('ApproveWithdrawal', (req, call) => ({
      withdrawal: withdrawal(blockchains.withdrawals.approve(req.withdraw_request_id, ctx.operatorOf(call.metadata))),
    })),

    RejectWithdrawal: ctx.unary('RejectWithdrawal', (req) => ({
      withdrawal: withdrawal(blockchains.withdrawals.reject(req.withdraw_request_id, req.reason)),
    })),

    ReleaseTopUp: ctx.unary('ReleaseTopUp', (req) => ({
      topup: topUp(blockchains.releaseTopUp(requireUuid(req.top_up_id, 'top_up_id'))),
    })),

    AddDenyListAddress: ctx.unary('AddDenyListAddress', (req) => {
      const entry = blockchains.denyList.add(req.address, req.reason || undefined)
      return {entry: {address: entry.address, reason: entry.reason, created_at: entry.createdAt}}
    }),

    RemoveDenyListAddress: ctx.unary('RemoveDenyListAddress', (req) => {
      blockchains.denyList.remove(req.address)
      return {}
    }),

    ListDenyList: ctx.unary('ListDenyList', () => ({
      entries: blockchains.denyList
        .list()
        .map((entry) => ({address: entry.address, reason: entry.reason, created_at: entry.createdAt})),
    })),

    GetWallet: ctx.unary('GetWallet', () => walletMessage(blockchains)),

    Reconcile: ctx.unary('Reconcile', async (req) => ({
      assets: (await blockchains.reconcile(req.blockchain || undefined)).map((entry) => {
        const decimals = decimalsOf(entry.asset)
        return {
          blockchain: entry.blockchain,
          asset: entry.asset,
          on_chain: entry.onChain === null ? '' : formatAmount(entry.onChain, decimals),
          liabilities: formatAmount(entry.liabilities, decimals),
          surplus: formatAmount(entry.surplus, decimals),
          deficit: formatAmount(entry.deficit, decimals),
          in_flight: formatAmount(entry.inFlight, decimals),
          error: entry.error ?? '',
        }
      }),
    })),

    RescanDeposits: ctx.unary('RescanDeposits', (req) => {
      const rescan = blockchains.rescan(req.blockchain, req.from_height)
      ctx.logger.warn({blockchain: rescan.blockchain, from_height: rescan.fromHeight}, 'deposit rescan asked by an operator')
      return {blockchain: rescan.blockchain, from_height: String(rescan.fromHeight), to_height: String(rescan.toHeight)}
    }),

    ImportWallet: ctx.unary('ImportWallet', (req) => {
      blockchains.wallet.import(req.mnemonic)
      ctx.logger.warn('wallet seed imported by an operator')
      return {wallet: walletMessage(blockchains)}
    }),
  }
}

function optionalBlockchain(value: string | undefined) {
  return value === undefined || value === '' ? undefined : requireBlockchain(value)
}

function walletMessage(blockchains: Blockchains) {
  const info = blockchains.wallet.info()
  const connected = new Set(blockchains.connected())
  return {
    imported: info.imported,
    created_at: info.createdAt,
    network: blockchains.wallet.network,
    chains: info.chains.map((chain) => ({
      blockchain: chain.blockchain,
      deposit_path: chain.depositPath,
      deposit_xpub: chain.depositXpub,
      hot_wallet_address: chain.hotWalletAddress,
      connected: connected.has(chain.blockchain),
    })),
  }
}

export function toTopUpMessage(entry: TopUp, decimals: number): TopUpMessage {
  return {
    id: entry.id,
    account_id: entry.accountId,
    blockchain: entry.blockchain,
    asset: entry.asset,
    amount: formatAmount(entry.amount, decimals),
    tx_hash: entry.txHash,
    status: entry.status,
    detected_at: entry.detectedAt,
    tx_index: entry.index,
    address: entry.address,
    from_address: entry.fromAddress ?? '',
    block_height: String(entry.blockHeight),
    updated_at: entry.updatedAt,
  }
}

export function toWithdrawalMessage(entry: Withdrawal, decimals: number): WithdrawalMessage {
  return {
    id: entry.id,
    account_id: entry.accountId,
    blockchain: entry.blockchain,
    asset: entry.asset,
    amount: formatAmount(entry.amount, decimals),
    to_address: entry.toAddress,
    tx_hash: entry.txHash ?? '',
    status: entry.status,
    created_at: entry.createdAt,
    fee: formatAmount(entry.fee, decimals),
    memo: entry.memo,
    client_withdrawal_id: entry.clientWithdrawalId ?? '',
    awaiting_approval: entry.awaitingApproval,
    approved_by: entry.approvedBy ?? '',
    failure: entry.failure ?? '',
    updated_at: entry.updatedAt,
    waiting_for: entry.waitingFor ?? '',
    replaced_tx_hashes: entry.replacedTxHashes,
  }
}
