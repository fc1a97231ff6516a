/**
 * Sweeping on TRON through the whole node, against test/helpers/tron-server.ts: a TRC-20 deposit on
 * an address without TRX gets its energy from the hot wallet first, and that TRX is the exchange's own
 * money — never credited to the user (it is ~26 TRX, far above the 1 TRX minimum deposit). The energy
 * the sweeps burn is booked hot_wallet → chain_fees, so `reconcile` finds TRX and USDT on chain exactly
 * as the ledger has them.
 */
import anyTest, {type TestFn} from 'ava'
import type {TestNode} from '../../helpers/node.js'
import type {TronTestServer} from '../../helpers/tron-server.js'
import {OUTSIDE as outside, USDT_CONTRACT as USDT, startTronNode, tronUser} from '../../helpers/tron-node.js'
import {walletSends} from '../../helpers/tron-wallet.js'

type Context = {server: TronTestServer; node: TestNode}
const test = anyTest as TestFn<Context>
type Reconciliation = {asset: string; on_chain: string; liabilities: string; surplus: string; deficit: string; error: string}

test.before(async (t) => {
  t.context = await startTronNode({outsideSun: 10_000_000_000n, chain: {sweep: true}, network: () => ({confirmations: 1})})
})

test.after.always(async (t) => {
  await t.context.node?.close()
  await t.context.server?.close()
})

async function funding(node: TestNode, email: string, asset: string): Promise<string> {
  const {balances} = await node.admin.call('AccountsService', 'GetBalances', {email})
  return balances.find((entry) => entry.asset === asset && entry.account_type === 'funding')?.available ?? '0'
}

test.serial(
  'a USDT-only deposit is swept after a TRX energy top-up; the user is not credited the TRX; reconcile at zero',
  async (t) => {
    const {server, node} = t.context
    const pass = () => node.services.blockchains.runOnce()
    const coins = await tronUser(node, 'tron-sweep')
    const tokens = await tronUser(node, 'tron-sweep')
    await walletSends(server, outside, coins.address, 500_000_000n, null)
    await walletSends(server, outside, tokens.address, 200_000_000n, USDT)
    server.mine()
    for (let i = 0; i < 8; i++) {
      await pass()
      server.mine()
    }
    t.is(await funding(node, coins.email, 'TRX'), '500')
    t.is(await funding(node, tokens.email, 'USDT'), '200')
    t.is(await funding(node, tokens.email, 'TRX'), '0', 'the energy top-up is the exchange’s own TRX')
    t.is(server.trc20Balance(USDT, tokens.address), 0n, 'the tokens were swept')
    const {topups} = await node.admin.call('BlockchainService', 'ListTopUps', {account_id: tokens.id})
    t.deepEqual(
      topups.map((row: {asset: string}) => row.asset),
      ['USDT'],
    )
    const {assets} = await node.admin.call<{assets: Reconciliation[]}>('BlockchainService', 'Reconcile', {blockchain: 'tron'})
    t.like(
      assets.find((entry) => entry.asset === 'USDT'),
      {on_chain: '200', liabilities: '200', surplus: '0', deficit: '0', error: ''},
    )
    t.like(
      assets.find((entry) => entry.asset === 'TRX'),
      {surplus: '0', deficit: '0', error: ''},
    )
    t.true((await node.admin.call('LedgerService', 'VerifyLedger', {})).ok)
  },
)
