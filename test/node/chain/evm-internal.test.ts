/**
 * Native ETH that reaches a deposit address through a contract (an internal call: a forwarder, a
 * smart-contract wallet paying out) on a real EVM node (anvil) through the whole node: credited like
 * any deposit, once, as sent by the contract; what a reverted call moved is not. Read with
 * `debug_traceBlockByNumber` (callTracer) and, on a node that offers only `trace_block`, found the
 * same, at the same index. A node that offers neither is told at start: a warning line and a
 * `chain_warning` alert. The "nodes" without tracing are anvil behind a JSON-RPC proxy that refuses
 * those methods as hosted endpoints do (-32601). Serial: one chain.
 */
import http from 'node:http'
import type {AddressInfo} from 'node:net'
import anyTest, {type TestFn} from 'ava'
import {concat, getAddress, parseEther, zeroPadValue} from 'ethers'
import {EvmAdapter} from '../../../src/node/chain/evm/adapter.js'
import {INTERNAL_INDEX_BASE} from '../../../src/node/chain/evm/internal.js'
import {alerts, depositor, funding, ledgerOk, startEvmWorld, type EvmWorld} from '../../helpers/evm-node.js'
import {startTestNode} from '../../helpers/node.js'

type Context = {world: EvmWorld; forwarder: string; outer: string; state: {forwardBlock: number; user: string}}
const test = anyTest as TestFn<Context>

/**
 * Forwarder: CALLs the address in calldata word 0 with all of msg.value; reverts if that call fails
 * or when calldata word 1 is non-zero (after the call: what it sent is undone).
 */
const FORWARDER_CODE = '0x6000600060006000346000355af1156019576020356019570060005b60006000fd'
/** Outer: passes its calldata and value on to the forwarder, ignores whether it reverted, and keeps the value if so. */
const outerCode = (forwarder: string) => `0x366000600037600060003660003473${forwarder.slice(2).toLowerCase()}5af15000`

test.before(async (t) => {
  const world = await startEvmWorld({confirmations: 2})
  const forwarder = getAddress('0x00000000000000000000000000000000000f0e01')
  const outer = getAddress('0x00000000000000000000000000000000000f0e02')
  await world.anvil.rpc('anvil_setCode', [forwarder, FORWARDER_CODE])
  await world.anvil.rpc('anvil_setCode', [outer, outerCode(forwarder)])
  t.context = {world, forwarder, outer, state: {forwardBlock: 0, user: ''}}
})

test.after.always(async (t) => {
  await t.context.world?.close()
})

/** Sends `wei` to a contract with calldata (recipient, revert flag); returns the block it was mined in. */
async function call(world: EvmWorld, contract: string, recipient: string, wei: bigint, revert = false): Promise<number> {
  const data = concat([zeroPadValue(recipient, 32), zeroPadValue(revert ? '0x01' : '0x00', 32)])
  const tx = await world.funder.sendTransaction({to: contract, value: wei, data, gasLimit: 200_000n})
  const receipt = await tx.wait()
  if (receipt?.status !== 1) throw new Error(`the call to ${contract} reverted`)
  return receipt.blockNumber
}

/** A JSON-RPC proxy to anvil that answers `refused` methods as a node without them does. */
async function refusingProxy(target: string, refused: readonly string[]): Promise<{url: string; close(): Promise<void>}> {
  type Request = {id: unknown; method: string}
  const answer = async (request: Request): Promise<unknown> => {
    if (refused.includes(request.method)) {
      return {
        jsonrpc: '2.0',
        id: request.id,
        error: {code: -32601, message: `the method ${request.method} does not exist/is not available`},
      }
    }
    const response = await fetch(target, {
      method: 'POST',
      headers: {'content-type': 'application/json'},
      body: JSON.stringify(request),
    })
    return response.json()
  }
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Request | Request[]
      const reply = Array.isArray(body) ? Promise.all(body.map(answer)) : answer(body)
      void reply.then((value) => res.writeHead(200, {'content-type': 'application/json'}).end(JSON.stringify(value)))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

test.serial(
  'ETH a contract forwards to a deposit address is credited once, as from the contract; a reverted forward is not',
  async (t) => {
    const {world, forwarder, outer} = t.context
    t.is(await new EvmAdapter({url: world.anvil.url, chainId: world.anvil.chainId}).traceMode(), 'debug')
    const user = await depositor(world)
    await world.pass()
    // forwarder → deposit address (one level), outer → forwarder → deposit address (two levels),
    // and outer → forwarder → deposit address with the forwarder reverting after its call.
    t.context.state.forwardBlock = await call(world, forwarder, user.address, parseEther('2'))
    t.context.state.user = user.address
    await call(world, outer, user.address, parseEther('0.5'))
    await call(world, outer, user.address, parseEther('7'), true)
    t.is(await world.provider.getBalance(user.address), parseEther('2.5'), 'the reverted forward moved nothing')
    await world.mine(2)
    await world.pass()
    const {topups} = await world.node.admin.call<{
      topups: {amount: string; status: string; from_address: string; tx_index: number}[]
    }>('BlockchainService', 'ListTopUps', {account_id: user.id})
    t.deepEqual(topups.map((row) => [row.amount, row.status, row.from_address, row.tx_index]).sort(), [
      ['0.5', 'confirmed', forwarder, INTERNAL_INDEX_BASE + 2],
      ['2', 'confirmed', forwarder, INTERNAL_INDEX_BASE + 1],
    ])
    t.is((await funding(world, user.email, 'ETH')).available, '2.5')
    await world.mine(3)
    await world.pass()
    t.is((await funding(world, user.email, 'ETH')).available, '2.5', 'credited once')
    const {assets} = await world.node.admin.call<{assets: {asset: string; deficit: string; surplus: string}[]}>(
      'BlockchainService',
      'Reconcile',
      {blockchain: 'eth'},
    )
    t.like(
      assets.find((entry) => entry.asset === 'ETH'),
      {deficit: '0', surplus: '0'},
    )
    t.true(await ledgerOk(world))
  },
)

test.serial('a node with trace_block only: the same internal transfer, at the same index', async (t) => {
  const {world, state} = t.context
  const proxy = await refusingProxy(world.anvil.url, ['debug_traceBlockByNumber'])
  const direct = new EvmAdapter({url: world.anvil.url, chainId: world.anvil.chainId})
  const parity = new EvmAdapter({url: proxy.url, chainId: world.anvil.chainId})
  try {
    t.is(await parity.traceMode(), 'parity')
    const watched = (address: string) => address === state.user
    const viaTrace = await parity.scanBlock(state.forwardBlock, watched, [])
    const viaDebug = await direct.scanBlock(state.forwardBlock, watched, [])
    t.is(viaTrace.transfers.length, 1)
    t.like(viaTrace.transfers[0], {
      to: state.user,
      from: t.context.forwarder,
      index: INTERNAL_INDEX_BASE + 1,
      amount: parseEther('2'),
    })
    t.deepEqual(viaTrace.transfers, viaDebug.transfers)
  } finally {
    direct.close()
    parity.close()
    await proxy.close()
  }
})

test.serial(
  'a node with neither: a start-up warning line and a chain_warning alert say internal transfers are not seen',
  async (t) => {
    const {world} = t.context
    const proxy = await refusingProxy(world.anvil.url, ['debug_traceBlockByNumber', 'trace_block'])
    const node = await startTestNode({
      chain: {network: 'regtest', ethRpcUrl: proxy.url, ethChainId: world.anvil.chainId, pollMs: 3_600_000},
    })
    try {
      await node.services.blockchains.runOnce()
      t.true(node.logs.some((line) => /neither debug_traceBlockByNumber nor trace_block/.test(line)))
      const raised = (await alerts({...world, node})).filter((alert) => alert.type === 'chain_warning')
      t.is(raised.length, 1)
      t.like(JSON.parse(raised[0]?.payload ?? '{}'), {blockchain: 'eth'})
      t.regex(JSON.parse(raised[0]?.payload ?? '{}').warning, /will not be seen or credited/)
    } finally {
      await node.close()
      await proxy.close()
    }
  },
)
