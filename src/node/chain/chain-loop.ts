/**
 * The loop of one connected chain (docs/blockchain.md "Connecting chains"): its own timer, its own
 * queue of passes, so a slow or unreachable node of one chain never delays another chain's deposits
 * or withdrawals. A pass reads what the chain's tokens need, then runs the scanner, the withdrawal
 * worker and the hot-wallet worker in turn; a step that fails is logged and the next pass retries.
 * Before its first pass the loop checks the node serves `--chain-network` (at start, a mismatch
 * stops the node; found later, it halts this chain alone with a critical `chain_halted` alert).
 */
import type {Alerts} from '../alerts/alerts.js'
import {ExchangeError} from '../ground/errors.js'
import type {Logger} from '../ground/logger.js'
import type {Blockchain, ChainAdapter, ChainNetwork} from './adapter.js'
import {checkNetwork} from './network-check.js'

export type ChainStep = {tick(): Promise<void>}

export type ChainLoopOptions = {
  blockchain: Blockchain
  adapter: ChainAdapter
  network: ChainNetwork
  /** Runs first in every pass (token decimals). */
  prepare: () => Promise<void>
  steps: ChainStep[]
  alerts: Alerts
  logger: Logger
  pollMs: number
}

/** How long the start waits for a node to say which network it serves. */
const DESCRIBE_TIMEOUT_MS = 10_000

export class ChainLoop {
  private queue: Promise<void> = Promise.resolve()
  private timer: NodeJS.Timeout | undefined
  private stopped = false
  private verified = false
  private halted: string | null = null
  private silent = false

  constructor(private readonly options: ChainLoopOptions) {}

  /**
   * Checks the node's network. At start a mismatch throws (the node does not start) and a node that
   * does not answer is left for the first pass; later a mismatch halts this chain.
   */
  async verify(atStart: boolean): Promise<void> {
    const {adapter, blockchain, logger, network} = this.options
    try {
      const node = await withTimeout(adapter.describe(), DESCRIBE_TIMEOUT_MS)
      checkNetwork(adapter, node, network)
      // What the node lacks that the exchange would use (e.g. tracing for internal transfers): a log
      // line and an alert, once per start; the chain runs.
      for (const warning of node.warnings) {
        logger.warn({blockchain}, warning)
        this.options.alerts.create('chain_warning', 'warning', JSON.stringify({blockchain, warning}))
      }
      this.verified = true
      logger.info({blockchain, node: node.detail}, `${blockchain} node checked: ${node.detail}`)
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      if (error instanceof ExchangeError && error.code === 'failed_precondition') {
        if (atStart) throw error
        this.halted = message
        logger.error({blockchain, error: message}, `${blockchain} halted: ${message}`)
        this.options.alerts.create('chain_halted', 'critical', JSON.stringify({blockchain, reason: message}))
        return
      }
      // Said once while the node stays silent, not every pass.
      if (this.silent) return
      this.silent = true
      logger.warn(
        {blockchain, error: message},
        `${blockchain} node did not answer (${message}); it is checked again before each pass`,
      )
    }
  }

  start(): void {
    this.schedule(0)
  }

  async stop(): Promise<void> {
    this.stopped = true
    clearTimeout(this.timer)
    await this.queue
  }

  /** One pass, after any pass already running on this chain. */
  pass(): Promise<void> {
    const run = this.queue.then(() => this.once())
    this.queue = run.catch(() => undefined)
    return run
  }

  private async once(): Promise<void> {
    const {blockchain, logger} = this.options
    if (this.halted !== null) return
    if (!this.verified) {
      await this.verify(false)
      if (!this.verified) return
    }
    const failed = (error: unknown) => {
      const message = error instanceof Error ? error.message : String(error)
      logger.warn({err: error, blockchain}, `${blockchain} pass failed: ${message}`)
    }
    await this.options.prepare().catch(failed)
    for (const step of this.options.steps) await step.tick().catch(failed)
  }

  private schedule(delay: number): void {
    this.timer = setTimeout(() => {
      void this.pass().finally(() => {
        if (!this.stopped) this.schedule(this.options.pollMs)
      })
    }, delay)
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}
