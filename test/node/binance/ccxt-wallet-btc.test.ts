/**
 * ccxt's wallet methods, unmodified (URLs only), against a node with a real Bitcoin Core RPC behind
 * it (litecoind regtest, test/helpers/btc-node.ts; docs/binance-compat.md "Wallet (/sapi/v1/...)"):
 * the BTC network as fetchCurrencies sees it, fetchDepositAddress, a deposit sent by the node's
 * wallet and confirmed, then withdraw to a litecoind address with the network's fee, confirmed in
 * fetchWithdrawals and received on chain.
 */
import {ccxtBinance, signedV3, type CcxtBinance} from '../../helpers/binance.js'
import {startBtcWorld, type BtcWorld} from '../../helpers/btc-node.js'
import {trader, type Trader} from '../../helpers/rest.js'
import {daemonTest} from '../../helpers/system-daemon.js'

type Context = BtcWorld & {alice: Trader; exchange: CcxtBinance}
const test = daemonTest<Context>('litecoind', 'litecoind')

test.before(async (t) => {
  const world = await startBtcWorld()
  const alice = await trader(world.node, {}, ['read', 'trade', 'withdraw'])
  const exchange = await ccxtBinance(world.node, {apiKey: alice.apiKey, secret: alice.apiSecret})
  t.context = {...world, alice, exchange}
})

test.after.always(async (t) => {
  await t.context.exchange?.close()
  await t.context.node?.close()
  await t.context.chain?.stop()
})

test.afterEach.always(async (t) => {
  t.true((await t.context.node.admin.call('LedgerService', 'VerifyLedger', {})).ok)
})

const mine = (t: {context: Context}, blocks = 1) => t.context.chain.call('generatetoaddress', blocks, t.context.funder)
const pass = (t: {context: Context}) => t.context.node.services.blockchains.runOnce()

test.serial('BTC: its network, a deposit address, a deposit credited after 2 confirmations', async (t) => {
  const {exchange, node, alice} = t.context
  const currencies = await exchange.fetchCurrencies()
  t.like(currencies['BTC']!.networks['BTC'], {id: 'BTC', deposit: true, withdraw: true, fee: 0.0005, precision: 0.00000001})
  t.like(currencies['BTC']!.networks['BTC']!.limits.withdraw, {min: 0.001})
  const {address} = await exchange.fetchDepositAddress('BTC', {network: 'BTC'})
  t.regex(String(address), /^rltc1q/)
  await pass(t)
  const txid = (await t.context.chain.call('sendtoaddress', String(address), '0.75')) as string
  await mine(t)
  await pass(t)
  t.like((await exchange.fetchDeposits('BTC'))[0], {txid, amount: 0.75, status: 'pending', network: 'BTC'})
  await mine(t)
  await pass(t)
  t.like((await exchange.fetchDeposits('BTC'))[0], {txid, status: 'ok'})
  const raw = await signedV3(node, alice, 'GET', '/sapi/v1/capital/deposit/hisrec', {coin: 'BTC'})
  t.like(raw.body[0], {status: 1, confirmTimes: '2/2', network: 'BTC', walletType: 1})
})

test.serial('BTC: withdraw to a litecoind address, its fee held and kept, confirmed and received', async (t) => {
  const {exchange} = t.context
  // The deposit is swept into the hot wallet, which pays withdrawals out.
  for (let i = 0; i < 3; i++) {
    await pass(t)
    await mine(t, 2)
  }
  const receiver = (await t.context.chain.call('getnewaddress', '', 'bech32')) as string
  const {id} = await exchange.withdraw('BTC', 0.4, receiver)
  const [queued] = await exchange.fetchWithdrawals('BTC')
  t.like(queued, {id, status: 'pending', amount: 0.4, address: receiver})
  t.like(queued!.fee, {currency: 'BTC', cost: 0.0005})
  await pass(t)
  await mine(t, 2)
  await pass(t)
  const [done] = await exchange.fetchWithdrawals('BTC')
  t.like(done, {id, status: 'ok'})
  t.regex(done!.txid!, /^[0-9a-f]{64}$/)
  const received = (await t.context.chain.call('getreceivedbyaddress', receiver, 1)) as number
  t.is(Math.round(received * 1e8), 40_000_000)
})
