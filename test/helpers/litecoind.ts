/**
 * A real regtest node for the Bitcoin adapter's tests: Debian's `litecoind` (Litecoin Core 0.21,
 * built from Bitcoin Core 0.21: same JSON-RPC, same block and transaction formats, segwit from
 * genesis). Started per test file on free 127.0.0.1 ports in a temp data dir, stopped with SIGTERM
 * (then SIGKILL) when the file ends. Its wallet funds the tests; the adapter never uses it.
 */
import {spawn} from 'node:child_process'
import {createHmac, randomBytes} from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {setTimeout as sleep} from 'node:timers/promises'
import {BitcoinRpc, BitcoinRpcError} from '../../src/node/chain/btc/rpc.js'
import {exited, freePort} from './system-daemon.js'

export type Litecoind = {
  /** RPC URL with credentials, as the adapter takes it: every call allowed (the tests' own wallet calls). */
  url: string
  /**
   * RPC URL of a second user limited (`-rpcwhitelist`) to exactly the calls docs/blockchain.md lists
   * for the exchange: `scantxoutset`, the wallet and everything else is refused with HTTP 403.
   */
  exchangeUrl: string
  /** A decimal-exact RPC client on the node (wallet calls included). */
  rpc: BitcoinRpc
  call(method: string, ...params: unknown[]): Promise<unknown>
  dataDir: string
  stop(): Promise<void>
}

/** Every Bitcoin Core RPC the exchange's node makes on its recurring paths (docs/blockchain.md, "Running Core"). */
export const EXCHANGE_RPCS = [
  'getblockchaininfo',
  'getindexinfo',
  'getblockcount',
  'getblockhash',
  'getblockheader',
  'getblock',
  'getrawtransaction',
  'getmempoolentry',
  'gettxout',
  'estimatesmartfee',
  'sendrawtransaction',
]

const INSTALL_HINT = 'litecoind is not installed: run `apt-get install -y litecoind` (Debian), as .ci/run does'

/** `txindex: false` runs the node as many operators do, without a transaction index. */
export async function startLitecoind(options: {txindex?: boolean} = {}): Promise<Litecoind> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'litecoind-'))
  const [rpcPort, p2pPort, onionPort] = [await freePort(), await freePort(), await freePort()]
  const user = 'exchange'
  const password = `test${process.pid}`
  // The exchange's own user, as an operator would give it: rpcauth (no clear password in the
  // config) and a whitelist; users without a whitelist keep every call (-rpcwhitelistdefault=0).
  const limitedUser = 'exchange-node'
  const limitedPassword = randomBytes(12).toString('hex')
  const salt = randomBytes(16).toString('hex')
  const rpcauth = `${limitedUser}:${salt}$${createHmac('sha256', salt).update(limitedPassword).digest('hex')}`
  const args = [
    '-regtest',
    `-datadir=${dataDir}`,
    `-rpcuser=${user}`,
    `-rpcpassword=${password}`,
    `-rpcport=${rpcPort}`,
    `-rpcauth=${rpcauth}`,
    `-rpcwhitelist=${limitedUser}:${EXCHANGE_RPCS.join(',')}`,
    '-rpcwhitelistdefault=0',
    '-rpcbind=127.0.0.1',
    '-rpcallowip=127.0.0.1',
    // P2P and the onion service bind to loopback only; no peers, no seeds, no UPnP.
    `-bind=127.0.0.1:${p2pPort}`,
    `-bind=127.0.0.1:${onionPort}=onion`,
    '-connect=0',
    '-dnsseed=0',
    '-discover=0',
    '-upnp=0',
    `-txindex=${options.txindex === false ? 0 : 1}`,
    '-fallbackfee=0.0002',
    // Bitcoin Core relays BIP125 replacements by default (full RBF since 28.0); Litecoin Core turns
    // replacement off unless asked. The exchange's fee bump relies on Bitcoin's policy.
    '-mempoolreplacement=1',
    // Litecoin's MWEB would activate at block 432 on regtest and append extension blocks Bitcoin
    // does not have: start its deployment in the far future so every block stays Bitcoin-shaped.
    '-vbparams=mweb:4000000000:4000000001',
    '-printtoconsole=1',
    // The funding wallet needs few keys; the default pool of 1000 costs seconds at createwallet.
    '-keypool=10',
  ]
  let output = ''
  const child = spawn('litecoind', args, {stdio: ['ignore', 'pipe', 'pipe']})
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-4000)
  }
  child.stdout!.on('data', keep)
  child.stderr!.on('data', keep)
  const spawnError = new Promise<Error>((resolve) => child.once('error', resolve))

  const url = `http://${user}:${password}@127.0.0.1:${rpcPort}`
  const rpc = new BitcoinRpc({url, timeoutMs: 30_000})
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      const done = await Promise.race([exited(child).then(() => true), sleep(15_000, false, {ref: false})])
      if (!done) {
        child.kill('SIGKILL')
        await exited(child)
      }
    }
    fs.rmSync(dataDir, {recursive: true, force: true})
  }

  const deadline = Date.now() + 60_000
  for (;;) {
    const failed = await Promise.race([spawnError, sleep(100).then(() => null)])
    if (failed) {
      await stop()
      const missing = (failed as NodeJS.ErrnoException).code === 'ENOENT'
      throw new Error(missing ? INSTALL_HINT : `litecoind did not start: ${failed.message}`)
    }
    if (child.exitCode !== null) {
      await stop()
      throw new Error(`litecoind exited with code ${child.exitCode}:\n${output}`)
    }
    try {
      await rpc.call('getblockchaininfo')
      break
    } catch (error) {
      // -28: still warming up; connection refused: not listening yet.
      if (error instanceof BitcoinRpcError && error.code !== -28) {
        await stop()
        throw error
      }
    }
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`litecoind RPC did not answer within 60 s:\n${output}`)
    }
  }
  const exchangeUrl = `http://${limitedUser}:${limitedPassword}@127.0.0.1:${rpcPort}`
  return {url, exchangeUrl, rpc, call: (method, ...params) => rpc.call(method, params), dataDir, stop}
}
