/**
 * Boots the real node in-process on port 0 in a fresh temp data dir, with a real admin gRPC
 * client pointed at it. One node per test file (ava runs files in separate processes).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {Writable} from 'node:stream'
import {AdminClient} from '../../src/node/admin/client.js'
import {DEFAULT_CONFIG, type NodeConfig} from '../../src/node/ground/config.js'
import {createLogger} from '../../src/node/ground/logger.js'
import {startNode, type RunningNode} from '../../src/node/node.js'

export type TestNode = RunningNode & {
  dataDir: string
  admin: AdminClient
  /** Everything the node logged, one JSON line each. */
  logs: string[]
  httpUrl: string
  adminHttpUrl: string
  close(): Promise<void>
}

export function tempDir(prefix = 'exchange-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix))
}

export async function startTestNode(overrides: Partial<NodeConfig> = {}): Promise<TestNode> {
  const dataDir = overrides.dataDir ?? tempDir()
  const logs: string[] = []
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(...chunk.toString('utf8').split('\n').filter(Boolean))
      done()
    },
  })
  const node = await startNode(
    {
      ...DEFAULT_CONFIG,
      dataDir,
      httpHost: '127.0.0.1',
      httpPort: 0,
      adminHttpPort: 0,
      grpcPort: 0,
      shutdownGraceMs: 1000,
      ...overrides,
    },
    createLogger('debug', sink),
  )
  const admin = new AdminClient(node.grpcAddress, {token: overrides.adminToken, operator: 'test-operator'})
  return {
    ...node,
    dataDir,
    admin,
    logs,
    httpUrl: `http://127.0.0.1:${node.ports.http}`,
    adminHttpUrl: `http://127.0.0.1:${node.ports.adminHttp}`,
    async close() {
      admin.close()
      await node.stop()
      fs.rmSync(dataDir, {recursive: true, force: true})
    },
  }
}

/** The gRPC error of a rejected call, for asserting on `code` and the `error-code` trailer. */
export async function rpcError(promise: Promise<unknown>): Promise<{code: number; errorCode: string; details: string}> {
  try {
    await promise
  } catch (error) {
    const e = error as {code: number; details: string; metadata?: {get(key: string): unknown[]}}
    return {code: e.code, details: e.details, errorCode: String(e.metadata?.get('error-code')[0] ?? '')}
  }
  throw new Error('expected the call to fail, but it succeeded')
}

let counter = 0
/** A unique e-mail per call within a test process. */
export const uniqueEmail = (prefix = 'user'): string => `${prefix}-${process.pid}-${++counter}@example.com`
