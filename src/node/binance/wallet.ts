/**
 * The wallet's reference endpoints on the Binance form (docs/binance-compat.md "Wallet (/sapi/v1/...)"),
 * what ccxt's `fetchCurrencies` and `fetchTradingFees` ask: `GET /sapi/v1/capital/config/getall` —
 * every asset with the **funding** balance account's free and locked and its networks as the chain
 * module runs them — and `GET /sapi/v1/asset/tradeFee`, the tier's fees per pair.
 */
import type {Asset} from '../assets/assets.js'
import {formatAmount} from '../ground/money.js'
import {pairName, resolvePair} from './params.js'
import type {SignedKit} from './signed.js'
import {defaultNetwork, networkView} from './wallet-views.js'

export function walletRoutes({router, services, params, signed, caller}: SignedKit): void {
  const read = signed({permission: 'read'})

  router.get('/capital/config/getall', read, async (ctx) => {
    params(ctx).done()
    const {account} = caller(ctx)
    const funding = new Map(
      (await services.balances.list(account, account.fundingAccountId)).map((balance) => [balance.asset, balance]),
    )
    const connected = await services.blockchains.connected()
    const limits = services.tiers.limitsOf(account.tierId).withdrawalLimit24h
    const assets = services.assets.list(true).sort((a, b) => (a.code < b.code ? -1 : 1))
    ctx.body = assets.map((asset) => {
      const balance = funding.get(asset.code)
      const format = (amount: bigint | undefined) => formatAmount(amount ?? 0n, asset.decimals)
      return {
        coin: asset.code,
        name: asset.name,
        depositAllEnable: true,
        withdrawAllEnable: true,
        free: format(balance?.available),
        locked: format(balance?.locked),
        freeze: '0',
        withdrawing: '0',
        ipoing: '0',
        ipoable: '0',
        storage: '0',
        isLegalMoney: false,
        trading: asset.active,
        networkList: networksOf(asset, connected, limits[asset.code]),
      }
    })

    function networksOf(asset: Asset, chains: readonly string[], withdrawMax: string | undefined) {
      const networks = services.assets.networks(asset.code)
      const fallback = defaultNetwork(asset, networks)
      return networks.map((network) =>
        networkView(asset, network, {isDefault: network === fallback, connected: chains, withdrawMax}),
      )
    }
  })

  router.get('/asset/tradeFee', read, (ctx) => {
    const query = params(ctx)
    const symbol = query.optional('symbol')
    query.done()
    const tickers =
      symbol === undefined
        ? services.tickers.list(true).sort((a, b) => (pairName(a) < pairName(b) ? -1 : 1))
        : [resolvePair(services.tickers, symbol)]
    const fees = services.tiers.limitsOf(caller(ctx).account.tierId)
    ctx.body = tickers.map((ticker) => ({
      symbol: pairName(ticker),
      makerCommission: fees.makerFee,
      takerCommission: fees.takerFee,
    }))
  })
}
