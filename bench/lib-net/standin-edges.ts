/**
 * Stand-in edges for bench/cluster's capacity phase: what edges on machines of their own send the
 * sequencer, without their HTTP and signature work on this machine. Each order of the flow becomes
 * the command an edge forwards for a signed `POST /api/v1/orders/place/` (`trading.place` with the
 * account id and the parsed body, and the request's replay proof) over the product's own
 * CommandClient, with `inFlight` commands outstanding at all times, for a time or a number of orders.
 */
import {randomBytes} from 'node:crypto'
import type {CommandClient as CommandClientType} from '../../src/node/cluster/edge/command-client.js'
import type {ClusterConnection} from '../../src/node/cluster/connection.js'
import {fromBuild, product} from '../lib/product.js'
import type {OrderFlow} from './order-flow.js'
import type {SeededTrader} from './seed.js'

const {CommandClient} = await product<typeof import('../../src/node/cluster/edge/command-client.js')>(
  'node/cluster/edge/command-client.js',
)
const {openConnection} = await product<typeof import('../../src/node/cluster/connection.js')>('node/cluster/connection.js')
const {createLogger} = await product<typeof import('../../src/node/ground/logger.js')>('node/ground/logger.js')

type CommandClientModule = typeof import('../../src/node/cluster/edge/command-client.js')

export type StandInResult = {ok: number; refused: Record<string, number>; seconds: number}

/** How long a run lasts: `durationSec`, or until the flow has handed out `count` more orders. */
export type StandInSpan = {durationSec: number} | {count: number}

export class StandInEdges {
  private constructor(
    private readonly connection: ClusterConnection,
    private readonly client: CommandClientType,
    private readonly traders: SeededTrader[],
  ) {}

  /**
   * Connects to `natsUrl`. `build`: a copy of another build's dist/ (the B side of `--capacity-ab`),
   * whose command client sends the commands, in the form that build's sequencer reads.
   */
  static async open(natsUrl: string, traders: SeededTrader[], build?: string): Promise<StandInEdges> {
    const connection = await openConnection({servers: [natsUrl]}, 'bench-standin', createLogger('warn'))
    const Client = build
      ? (await fromBuild<CommandClientModule>(build, 'node/cluster/edge/command-client.js')).CommandClient
      : CommandClient
    return new StandInEdges(connection, new Client(connection, {timeoutMs: 30_000}), traders)
  }

  /** Sends the flow's orders as commands, `inFlight` at a time, for `span`; counts the answers. */
  async run(flow: OrderFlow, span: StandInSpan, inFlight: number): Promise<StandInResult> {
    const byKey = new Map(this.traders.map((trader) => [trader.apiKey, trader]))
    const refused: Record<string, number> = {}
    let ok = 0
    const started = performance.now()
    const until = 'durationSec' in span ? started + span.durationSec * 1000 : Infinity
    const last = 'count' in span ? flow.sent + span.count : Infinity
    const lane = async () => {
      while (performance.now() < until && flow.sent < last) {
        const {trader: creds, order} = flow.order()
        const trader = byKey.get(creds.apiKey)!
        const input = {
          ticker: 'BTC-USDT',
          side: order.side,
          type: order.type,
          price: order.price,
          qty: order.qty,
          clientOrderId: order.clientOrderId,
          timeInForce: order.timeInForce,
        }
        const replay = {keyId: trader.apiKey, signature: randomBytes(32).toString('hex'), timestamp: Date.now()}
        try {
          await this.client.call('trading', 'place', [trader.accountId, input], {replay})
          ok++
        } catch (error) {
          const code = (error as {code?: string}).code ?? 'error'
          refused[code] = (refused[code] ?? 0) + 1
        }
      }
    }
    await Promise.all(Array.from({length: inFlight}, lane))
    return {ok, refused, seconds: (performance.now() - started) / 1000}
  }

  close(): Promise<void> {
    return this.connection.close()
  }
}
