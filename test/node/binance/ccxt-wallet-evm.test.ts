/**
 * ccxt's wallet methods, unmodified (URLs only), against a node with a real EVM chain behind it
 * (anvil, test/helpers/evm-node.ts; docs/binance-compat.md "Wallet (/sapi/v1/...)"):
 * fetchCurrencies shows eth's networks usable and tron's not, fetchDepositAddress gives the
 * account's eth address, a deposit made on chain shows in fetchDeposits pending then credited, and
 * withdraw — idempotent by withdrawOrderId — goes on chain and shows in fetchWithdrawals until
 * confirmed. The raw answers carry Binance's status numbers (awaiting approval, rejected); the
 * refusals are ccxt's classes. /sapi balances are the funding account's, /api/v3/account the
 * trading one's.
 */
import anyTest, {type TestFn} from 'ava'
import ccxt from 'ccxt'
import {parseEther} from 'ethers'
import {ccxtBinance, signedV3, type CcxtBinance} from '../../helpers/binance.js'
import {ethNetworkId, ledgerOk, sendEth, startEvmWorld, type EvmWorld} from '../../helpers/evm-node.js'
import {setStatus, trader, type Trader} from '../../helpers/rest.js'

type Context = {world: EvmWorld; alice: Trader; exchange: CcxtBinance}
const test = anyTest as TestFn<Context>

const EXTERNAL = '0x000000000000000000000000000000000000dEaD'

test.before(async (t) => {
  const world = await startEvmWorld({confirmations: 2})
  const alice = await trader(world.node, {}, ['read', 'trade', 'withdraw'])
  // The hot wallet needs coin to pay withdrawals out.
  const {chains} = await world.node.admin.call('BlockchainService', 'GetWallet', {})
  await sendEth(
    world,
    chains.find((chain: {blockchain: string}) => chain.blockchain === 'eth')?.hot_wallet_address ?? '',
    parseEther('10'),
  )
  const exchange = await ccxtBinance(world.node, {apiKey: alice.apiKey, secret: alice.apiSecret})
  t.context = {world, alice, exchange}
})

test.after.always(async (t) => {
  await t.context.exchange?.close()
  await t.context.world?.close()
})

test.afterEach.always(async (t) => {
  t.true(await ledgerOk(t.context.world))
})

test.serial('fetchCurrencies: eth networks usable (ETH, USDT at its contract), tron not connected', async (t) => {
  const {exchange, world} = t.context
  const currencies = await exchange.fetchCurrencies()
  t.like(currencies['ETH']!.networks['ETH'], {id: 'ETH', deposit: true, withdraw: true, fee: 0})
  const usdt = currencies['USDT']!
  t.like(usdt.networks['ERC20'], {id: 'ETH', deposit: true, withdraw: true})
  t.like(usdt.networks['TRC20'], {id: 'TRX', deposit: false, withdraw: false})
  const raw = (usdt.info as {networkList: {network: string; contractAddress: string; withdrawDesc: string}[]}).networkList
  t.is(raw[0]?.contractAddress, world.tokenAddress)
  t.is(raw[1]?.withdrawDesc, 'chain tron is not connected')
})

test.serial('fetchDepositAddress, then a deposit on chain: pending in fetchDeposits, then credited to funding', async (t) => {
  const {exchange, world, alice} = t.context
  const eth = await exchange.fetchDepositAddress('ETH')
  t.like(eth, {currency: 'ETH'})
  t.regex(String(eth.address), /^0x[0-9a-fA-F]{40}$/)
  const usdt = await exchange.fetchDepositAddress('USDT', {network: 'ERC20'})
  t.is(usdt.address, eth.address, 'ETH and ERC-20 USDT share the account address on eth')
  const v1 = world.node.services.blockchains.depositAddress(alice.account.id, 'eth', 'ETH')
  t.is(eth.address, v1.address, 'the address /api/v1 gives')
  await world.pass()
  const hash = await sendEth(world, String(eth.address), parseEther('2'))
  await world.pass()
  const [pending] = await exchange.fetchDeposits('ETH')
  t.like(pending, {
    type: 'deposit',
    currency: 'ETH',
    amount: 2,
    txid: hash,
    status: 'pending',
    network: 'ETH',
    address: eth.address,
  })
  const raw = await signedV3(world.node, alice, 'GET', '/sapi/v1/capital/deposit/hisrec', {coin: 'ETH'})
  t.like(raw.body[0], {coin: 'ETH', network: 'ETH', amount: '2', status: 0, txId: hash, confirmTimes: '1/2', transferType: 0})
  await world.mine(1)
  await world.pass()
  const [credited] = await exchange.fetchDeposits('ETH')
  t.like(credited, {id: pending!.id, status: 'ok', amount: 2})
  const confirmed = await signedV3(world.node, alice, 'GET', '/sapi/v1/capital/deposit/hisrec', {status: 1})
  t.like(confirmed.body[0], {status: 1, confirmTimes: '2/2'})
  t.true(Number.isSafeInteger(confirmed.body[0].completeTime))
  t.deepEqual((await signedV3(world.node, alice, 'GET', '/sapi/v1/capital/deposit/hisrec', {status: 0})).body, [])
  // Deposits credit funding, which the wallet endpoints show; the spot account (trading) is untouched.
  const coins = await signedV3(world.node, alice, 'GET', '/sapi/v1/capital/config/getall')
  t.like(
    coins.body.find((coin: {coin: string}) => coin.coin === 'ETH'),
    {free: '2', locked: '0'},
  )
  t.is((await exchange.fetchBalance())['ETH']?.total ?? 0, 0)
})

test.serial('withdraw: idempotent by withdrawOrderId, held on funding, on chain, confirmed in fetchWithdrawals', async (t) => {
  const {exchange, world, alice} = t.context
  const first = await exchange.withdraw('ETH', 0.5, EXTERNAL, undefined, {network: 'ETH', withdrawOrderId: 'w-1'})
  t.truthy(first.id)
  const again = await exchange.withdraw('ETH', 0.5, EXTERNAL, undefined, {network: 'ETH', withdrawOrderId: 'w-1'})
  t.is(again.id, first.id, 'the same withdrawOrderId is the same withdrawal')
  const coins = await signedV3(world.node, alice, 'GET', '/sapi/v1/capital/config/getall')
  t.like(
    coins.body.find((coin: {coin: string}) => coin.coin === 'ETH'),
    {free: '1.5', locked: '0.5'},
  )
  const [queued] = await exchange.fetchWithdrawals('ETH')
  t.like(queued, {id: first.id, type: 'withdrawal', status: 'pending', amount: 0.5, address: EXTERNAL, network: 'ETH'})
  t.like(queued!.fee, {currency: 'ETH', cost: 0})
  await world.pass()
  await world.mine(2)
  await world.pass()
  const [done] = await exchange.fetchWithdrawals('ETH')
  t.like(done, {id: first.id, status: 'ok'})
  t.regex(done!.txid!, /^0x[0-9a-f]{64}$/)
  const raw = await signedV3(world.node, alice, 'GET', '/sapi/v1/capital/withdraw/history', {withdrawOrderId: 'w-1'})
  t.is(raw.body.length, 1)
  t.like(raw.body[0], {
    id: first.id,
    coin: 'ETH',
    network: 'ETH',
    amount: '0.5',
    transactionFee: '0',
    status: 6,
    withdrawOrderId: 'w-1',
  })
  t.regex(raw.body[0].applyTime, /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/)
  t.regex(raw.body[0].completeTime, /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/)
})

test.serial('a large withdrawal is 2 (awaiting approval) and, rejected, 3; status filters find each', async (t) => {
  const {exchange, world, alice} = t.context
  const networkId = await ethNetworkId(world, 'ETH')
  await world.node.admin.call('AssetsService', 'UpdateAssetNetwork', {network_id: networkId, large_withdrawal: '0.3'})
  try {
    const {id} = await exchange.withdraw('ETH', 0.4, EXTERNAL)
    const history = (params: Record<string, string | number>) =>
      signedV3(world.node, alice, 'GET', '/sapi/v1/capital/withdraw/history', params)
    t.like((await history({status: 2})).body, [{id, status: 2}])
    await world.node.admin.call('BlockchainService', 'RejectWithdrawal', {withdraw_request_id: id, reason: 'unusual'})
    t.deepEqual((await history({status: 2})).body, [])
    t.like((await history({status: 3})).body, [{id, status: 3, info: 'rejected: unusual'}])
    t.false((await history({status: 5})).body.some((entry: {id: string}) => entry.id === id))
    t.like(
      (await exchange.fetchWithdrawals('ETH')).find((entry) => entry.id === id),
      {status: 'failed'},
    )
    const now = Date.now()
    t.deepEqual((await history({startTime: now + 60_000})).body, [])
    t.is((await history({startTime: now - 600_000, endTime: now + 60_000, limit: 1})).body.length, 1)
    t.is((await history({offset: 1})).body.length, 1)
  } finally {
    await world.node.admin.call('AssetsService', 'UpdateAssetNetwork', {network_id: networkId, large_withdrawal: '0'})
  }
})

test.serial("refusals as ccxt's classes: short funds, a bad address, a restricted account, a key without withdraw", async (t) => {
  const {exchange, world, alice} = t.context
  const short = await t.throwsAsync(exchange.withdraw('ETH', 99, EXTERNAL))
  t.true(short instanceof ccxt.InsufficientFunds, short?.constructor.name)
  const bad = await t.throwsAsync(exchange.withdraw('ETH', 0.1, '0x000000000000000000000000000000000000dEAd'))
  t.true(bad instanceof ccxt.BadRequest, bad?.constructor.name)
  t.regex(bad!.message, /-1100.*not a valid eth address/)
  setStatus(world.node, alice.account, 'restricted')
  try {
    const restricted = await t.throwsAsync(exchange.withdraw('ETH', 0.1, EXTERNAL))
    t.true(restricted instanceof ccxt.PermissionDenied, restricted?.constructor.name)
  } finally {
    setStatus(world.node, alice.account, 'active')
  }
  const reader = await trader(world.node, {}, ['read', 'trade'])
  const readOnly = await ccxtBinance(world.node, {apiKey: reader.apiKey, secret: reader.apiSecret})
  try {
    const denied = await t.throwsAsync(readOnly.withdraw('ETH', 0.1, EXTERNAL))
    t.true(denied instanceof ccxt.AuthenticationError, denied?.constructor.name)
    t.regex(denied!.message, /-2015/)
  } finally {
    await readOnly.close()
  }
})
