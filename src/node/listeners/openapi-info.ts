/**
 * The OpenAPI parts of what a client needs before and after its first order (issue 14): the trading
 * rules (`/exchange/info/`), the server clock (`/time/`), one order by id or client order id, and the
 * fills of a place answer. Merged into the document by listeners/openapi.ts.
 */
import {AUTH, AUTH_HEADERS, errors, exact, ok, PUBLIC, schema, type Schema} from './openapi-parts.js'

const nullableDecimal = (description: string): Schema => ({oneOf: [schema('Decimal'), {type: 'null'}], description})

export const infoSchemas: Schema = {
  TickerRules: exact(
    {
      symbol: schema('Symbol'),
      base_asset: schema('AssetCode'),
      quote_asset: schema('AssetCode'),
      status: {
        type: 'string',
        enum: ['trading', 'halted'],
        description: '`halted`: the ticker is inactive and orders are refused (400).',
      },
      tick_size: {...schema('Decimal'), description: 'Price step in the quote asset: a price must be a whole multiple.'},
      lot_size: {...schema('Decimal'), description: 'Quantity step in the base asset: a qty must be a whole multiple.'},
      min_notional: {...schema('Decimal'), description: 'Smallest price x qty of a limit order, in the quote asset.'},
      order_types: {type: 'array', items: schema('OrderType')},
      time_in_force: {type: 'array', items: schema('TimeInForce')},
    },
    "A ticker's trading rules: an order off the tick or the lot, or under the minimum notional, is a 400.",
  ),
  AssetRules: exact({
    code: schema('AssetCode'),
    name: {type: 'string'},
    decimals: {type: 'integer', minimum: 0, maximum: 18, description: 'Amounts of the asset have at most this many decimals.'},
  }),
  ServerTime: exact({
    server_time: schema('Timestamp'),
    server_time_ms: {type: 'integer', minimum: 0, description: 'The same instant in Unix ms, as X-Timestamp carries it.'},
  }),
  ExchangeInfo: exact(
    {
      server_time: schema('Timestamp'),
      server_time_ms: {type: 'integer', minimum: 0},
      tickers: {type: 'array', description: 'Every ticker, halted ones too, in symbol order.', items: schema('TickerRules')},
      assets: {type: 'array', description: 'Active assets in code order.', items: schema('AssetRules')},
      rate_limits: exact(
        {
          standard_per_second: {type: 'integer', minimum: 0},
          strict_per_second: {type: 'integer', minimum: 0},
          internal_per_second: {type: 'integer', minimum: 0},
        },
        "The REST rate classes; an account's orders per second come from its tier (GET /accounts/me/).",
      ),
    },
    "The exchange's trading rules, like Binance's exchangeInfo.",
  ),
  Fill: exact(
    {
      trade_id: schema('Uuid'),
      price: schema('Decimal'),
      qty: schema('Decimal'),
      fee: {...schema('Decimal'), description: 'What the order paid as the taker, in the asset it received.'},
      fee_asset: schema('AssetCode'),
    },
    'A trade the order made as the taker when it was placed.',
  ),
  AveragePrice: nullableDecimal(
    "The average price of the order's fills, rounded down to the quote asset's decimals; null without a fill.",
  ),
}

const clientOrderId = {name: 'client_order_id', in: 'path', required: true, schema: schema('ClientOrderId')}

export const infoPaths: Schema = {
  '/exchange/info/': {
    get: {
      tags: ['market'],
      summary: 'Trading rules: tick size, lot size, minimum notional and status per ticker; decimals per asset',
      security: PUBLIC,
      parameters: [],
      responses: {...ok('The trading rules', 'ExchangeInfo'), ...errors(400, 429, 500)},
    },
  },
  '/time/': {
    get: {
      tags: ['market'],
      summary: 'The server clock (set X-Timestamp from it when the local clock drifts)',
      security: PUBLIC,
      parameters: [],
      responses: {...ok('The server time', 'ServerTime'), ...errors(400, 429, 500)},
    },
  },
  '/orders/{id}/': {
    get: {
      tags: ['orders'],
      summary: "One of the caller's orders, as it is now",
      description: "Another account's order is 404, as an unknown one.",
      security: AUTH,
      parameters: [...AUTH_HEADERS, {name: 'id', in: 'path', required: true, schema: schema('Uuid')}],
      responses: {...ok('The order', 'Order'), ...errors(400, 401, 403, 404, 429, 500)},
    },
  },
  '/orders/by-client-id/{client_order_id}/': {
    get: {
      tags: ['orders'],
      summary: "One of the caller's orders by its client order id, as it is now",
      security: AUTH,
      parameters: [...AUTH_HEADERS, clientOrderId],
      responses: {...ok('The order', 'Order'), ...errors(400, 401, 403, 404, 429, 500)},
    },
  },
}
