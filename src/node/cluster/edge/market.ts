/**
 * The market's reference data on an edge: tickers, assets and their networks, read from the
 * sequencer (`tickers.list`, `assets.list`, `assets.networks` commands) at start and every few
 * seconds, so that the transports' synchronous look-ups (`tickers.require`, `assets.get`,
 * `trading.spec`) answer from memory as on the single node.
 *
 * A ticker or asset an operator creates reaches the edges within `refreshMs` (2 s); a ticker's tick
 * and lot sizes never change, so a `TickerSpec` is made once per symbol. While the sequencer is away
 * the last copy answers.
 */
import type {Asset, Network} from '../../assets/assets.js'
import {notFound} from '../../ground/errors.js'
import type {Logger} from '../../ground/logger.js'
import type {Ticker} from '../../tickers/tickers.js'
import {TickerSpec} from '../../trading/spec.js'
import {requireString} from '../../ground/validate.js'

/** What the edge asks the sequencer for (remote methods). */
export type MarketSource = {
  tickers: {list(includeInactive: boolean): Promise<Ticker[]>}
  assets: {list(includeInactive: boolean): Promise<Asset[]>; networks(asset?: string): Promise<Network[]>}
}

type Snapshot = {tickers: Map<string, Ticker>; pairs: Map<string, string>; assets: Map<string, Asset>; networks: Network[]}

export class EdgeMarket {
  private snapshot: Snapshot = {tickers: new Map(), pairs: new Map(), assets: new Map(), networks: []}
  private readonly specs = new Map<string, TickerSpec>()
  private timer: NodeJS.Timeout | undefined

  constructor(
    private readonly source: MarketSource,
    private readonly logger: Logger,
    private readonly refreshMs = 2000,
  ) {}

  /** Reads everything once (retrying until the sequencer answers), then refreshes in the background. */
  async start(): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        await this.refresh()
        break
      } catch (error) {
        if (attempt === 0) this.logger.info({err: error}, 'waiting for the sequencer to read tickers and assets')
        await new Promise((resolve) => setTimeout(resolve, 500))
      }
    }
    const tick = () => {
      this.refresh()
        .catch((error: unknown) => this.logger.debug({err: error}, 'tickers and assets not refreshed'))
        .finally(() => {
          if (this.timer) this.timer = setTimeout(tick, this.refreshMs).unref()
        })
    }
    this.timer = setTimeout(tick, this.refreshMs).unref()
  }

  stop(): void {
    clearTimeout(this.timer)
    this.timer = undefined
  }

  async refresh(): Promise<void> {
    const [tickers, assets, networks] = await Promise.all([
      this.source.tickers.list(true),
      this.source.assets.list(true),
      this.source.assets.networks(),
    ])
    this.snapshot = {
      tickers: new Map(tickers.map((ticker) => [ticker.symbol, ticker])),
      pairs: new Map(tickers.map((ticker) => [ticker.baseAsset + ticker.quoteAsset, ticker.symbol])),
      assets: new Map(assets.map((asset) => [asset.code, asset])),
      networks,
    }
  }

  /** The `Tickers` look-ups the transports make. */
  readonly tickers = {
    list: (includeInactive: boolean): Ticker[] =>
      [...this.snapshot.tickers.values()].filter((ticker) => includeInactive || ticker.active).map((ticker) => ({...ticker})),
    get: (symbol: string): Ticker | undefined => {
      const ticker = this.snapshot.tickers.get(symbol)
      return ticker && {...ticker}
    },
    byPair: (pair: string): Ticker | undefined => {
      const symbol = this.snapshot.pairs.get(pair.toUpperCase())
      return symbol === undefined ? undefined : this.tickers.get(symbol)
    },
    require: (symbol: unknown): Ticker => {
      const text = requireString(symbol, 'symbol', 21).toUpperCase()
      const ticker = this.tickers.get(text)
      if (!ticker) throw notFound(`ticker ${text} not found`)
      return ticker
    },
  }

  /** The `Assets` look-ups the transports make. */
  readonly assets = {
    list: (includeInactive: boolean): Asset[] =>
      [...this.snapshot.assets.values()].filter((asset) => includeInactive || asset.active),
    get: (code: string): Asset | undefined => this.snapshot.assets.get(code),
    require: (code: unknown, field = 'asset'): Asset => {
      const text = requireString(code, field, 10).toUpperCase()
      const asset = this.snapshot.assets.get(text)
      if (!asset) throw notFound(`asset ${text} not found`)
      return asset
    },
    network: (asset: string, network: string): Network | undefined =>
      this.snapshot.networks.find((each) => each.asset === asset && each.network === network),
    networks: (asset?: string): Network[] => {
      if (asset === undefined) return [...this.snapshot.networks]
      const {code} = this.assets.require(asset, 'asset')
      return this.snapshot.networks.filter((each) => each.asset === code)
    },
  }

  /** `Trading.spec`: the ticker's arithmetic, made once per symbol. */
  spec(symbol: string): TickerSpec {
    let spec = this.specs.get(symbol)
    if (!spec) {
      const ticker = this.tickers.require(symbol)
      spec = new TickerSpec(ticker, this.assets.require(ticker.baseAsset), this.assets.require(ticker.quoteAsset))
      this.specs.set(ticker.symbol, spec)
    }
    return spec
  }
}
