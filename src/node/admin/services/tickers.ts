import type {TickersServiceHandlers} from '../generated/exchange/admin/v1/TickersService.js'
import type {AdminContext} from '../context.js'

export function tickersHandlers(ctx: AdminContext): TickersServiceHandlers {
  const {tickers} = ctx.services
  return {
    CreateTicker: ctx.unary('CreateTicker', (req) => {
      tickers.create({
        symbol: req.symbol,
        baseAsset: req.base_asset,
        quoteAsset: req.quote_asset,
        tickSize: req.tick_size,
        lotSize: req.lot_size,
        minNotional: req.min_notional,
      })
      return {success: true}
    }),
    SetTickerActive: ctx.unary('SetTickerActive', (req) => {
      tickers.setActive(req.symbol, req.active)
      return {success: true}
    }),
    ListTickers: ctx.unary('ListTickers', (req) => ({
      tickers: tickers.list(req.include_inactive).map((ticker) => ({
        symbol: ticker.symbol,
        base_asset: ticker.baseAsset,
        quote_asset: ticker.quoteAsset,
        active: ticker.active,
        tick_size: ticker.tickSize,
        lot_size: ticker.lotSize,
        min_notional: ticker.minNotional,
      })),
    })),
  }
}
