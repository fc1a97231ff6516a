/**
 * Boots the real node in-process for a benchmark (as test/helpers/node.ts does for tests): a temp
 * data dir, listeners on port 0, logs kept in memory (the "order books rebuilt" line carries the
 * recovery time), and funded trader accounts.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {Writable} from 'node:stream'
import type {RunningNode} from '../../src/node/node.js'
import {product} from './product.js'

const {DEFAULT_CONFIG} = await product<typeof import('../../src/node/ground/config.js')>('node/ground/config.js')
const {createLogger} = await product<typeof import('../../src/node/ground/logger.js')>('node/ground/logger.js')
const {startNode} = await product<typeof import('../../src/node/node.js')>('node/node.js')

export type BenchNode = RunningNode & {dataDir: string; logs: string[]}

export function benchDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix))
}

export async function startBenchNode(dataDir: string): Promise<BenchNode> {
  const logs: string[] = []
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(...chunk.toString('utf8').split('\n').filter(Boolean))
      done()
    },
  })
  const node = await startNode(
    {...DEFAULT_CONFIG, dataDir, httpHost: '127.0.0.1', httpPort: 0, adminHttpPort: 0, grpcPort: 0, shutdownGraceMs: 1000},
    createLogger('info', sink),
  )
  return {...node, dataDir, logs}
}

/** Creates `count` accounts (in parallel: scrypt runs on the thread pool) with `funds` in their trading balance. */
export async function createTraders(node: RunningNode, count: number, funds: Record<string, string>): Promise<string[]> {
  const {accounts, operations} = node.services
  const created = await Promise.all(
    Array.from({length: count}, (_, i) => accounts.create(`bench-trader-${i}-${process.pid}@example.com`, 'bench-password')),
  )
  for (const account of created) {
    for (const [asset, amount] of Object.entries(funds)) {
      operations.topup(
        {balanceAccountId: account.tradingAccountId},
        {asset, amount, reason: 'benchmark funding', operator: 'bench'},
      )
    }
  }
  return created.map((account) => account.id)
}
