/**
 * The OpenAPI 3.1 description of the public REST interface under /api/v1 (spec "Public REST";
 * docs/rest.md "Endpoints" and docs/market-data.md "Common rules") and of the user gateway (docs/account-flows.md "Endpoints"), served at GET /api/v1/openapi.json. Schemas are JSON Schema 2020-12; money is
 * always a decimal string with a pattern, never a number. test/node/listeners/openapi.test.ts checks live answers
 * of the node against it, so a change of a response shape must change this document too.
 */
import {p2pPaths, p2pSchemas} from './openapi-p2p.js'

import {
  AUTH,
  AUTH_HEADERS,
  body,
  errorResponses,
  errors,
  exact,
  type Json,
  limitParameter,
  nullable,
  ok,
  parameter,
  PUBLIC,
  RATE_LIMIT_HEADERS,
  type Schema,
  schema,
} from './openapi-parts.js'
import {chainPaths, chainSchemas} from './openapi-chain.js'
import {subAccountPaths, subAccountSchemas} from './openapi-accounts.js'
import {infoPaths, infoSchemas} from './openapi-info.js'
import {gatewayPaths, gatewaySchemas} from './openapi-gateway.js'

export type {Json} from './openapi-parts.js'

const schemas: Schema = {
  Decimal: {
    type: 'string',
    description: 'A non-negative decimal in plain notation: no exponent, no sign, trailing zeros trimmed.',
    pattern: '^(0|[1-9][0-9]*)(\\.[0-9]*[1-9])?$',
    examples: ['0.5', '100', '27000.01'],
  },
  SignedDecimal: {
    type: 'string',
    description: 'A decimal in plain notation that may be negative ("-12.5"); trailing zeros trimmed.',
    pattern: '^(0|-?[1-9][0-9]*(\\.[0-9]*[1-9])?|-?0\\.[0-9]*[1-9])$',
    examples: ['-12.5', '0', '3'],
  },
  DecimalInput: {
    type: 'string',
    description: 'A decimal string as sent by a client; JSON numbers are refused (400).',
    pattern: '^(0|[1-9][0-9]*)(\\.[0-9]+)?$',
  },
  Timestamp: {
    type: 'string',
    format: 'date-time',
    description: 'ISO 8601 UTC with milliseconds.',
    pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\\.[0-9]{3}Z$',
    examples: ['2026-11-22T10:00:00.000Z'],
  },
  Uuid: {type: 'string', format: 'uuid'},
  Symbol: {type: 'string', description: 'A trading pair `<BASE>-<QUOTE>`.', pattern: '^[A-Z0-9]{2,10}-[A-Z0-9]{2,10}$'},
  AssetCode: {type: 'string', pattern: '^[A-Z0-9]{2,10}$'},
  Side: {type: 'string', enum: ['buy', 'sell']},
  OrderType: {type: 'string', enum: ['limit', 'market', 'stop_limit', 'stop_market']},
  StopDirection: {
    type: 'string',
    enum: ['rise', 'fall'],
    description: 'rise: triggers when the last trade price is at or above stop_price; fall: at or below.',
  },
  SelfTradePrevention: {
    type: 'string',
    enum: ['expire_taker', 'expire_maker', 'expire_both', 'none'],
    description:
      'When the order would trade with a resting order of its own account: its remainder ends (expire_taker), the resting one ends (expire_maker), both end (expire_both), or they trade (none).',
  },
  TimeInForce: {type: 'string', enum: ['GTC', 'IOC', 'FOK']},
  OrderStatus: {type: 'string', enum: ['open', 'partial', 'filled', 'cancelled']},
  ClientOrderId: {type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$'},
  Error: exact(
    {
      error: exact({
        code: {
          type: 'string',
          pattern: '^[a-z][a-z0-9_]*$',
          description: 'Stable snake_case code; clients branch on it, never on the message.',
          examples: ['invalid_argument', 'unauthorized', 'not_found', 'rate_limited'],
        },
        message: {type: 'string'},
      }),
    },
    'The body of every non-2xx answer.',
  ),

  // Market data.
  Ticker: exact(
    {
      symbol: schema('Symbol'),
      base_asset: schema('AssetCode'),
      quote_asset: schema('AssetCode'),
      last_price: {...schema('Decimal'), description: 'Price of the last trade ever; "0" when the pair never traded.'},
      price_change_24h: {
        ...schema('SignedDecimal'),
        description: 'Last minus first trade price of [now - 24 h, now), in the quote asset; "0" without trades in the window.',
      },
      volume_24h: {
        ...schema('Decimal'),
        description: 'Sum of trade quantities of the window, in the base asset; "0" without trades.',
      },
      high_24h: {...schema('Decimal'), description: 'Highest trade price of the window; "0" without trades.'},
      low_24h: {...schema('Decimal'), description: 'Lowest trade price of the window; "0" without trades.'},
    },
    'An active trading pair with its rolling 24 h statistics.',
  ),
  TickerList: exact({tickers: {type: 'array', items: schema('Ticker')}}),
  AssetNetwork: exact({
    network: {type: 'string', examples: ['eth', 'tron']},
    deposit_enabled: {type: 'boolean'},
    withdraw_enabled: {type: 'boolean'},
    min_deposit: {...schema('Decimal'), description: 'A deposit below this is recorded but never credited.'},
    confirmations: {type: 'integer', minimum: 0, description: 'Blocks a deposit waits for before it is credited.'},
    withdraw_fee: {...schema('Decimal'), description: 'Held with the amount and kept by the exchange.'},
    min_withdraw: {...schema('Decimal'), description: 'The smallest amount a withdrawal may send (the fee not counted).'},
    withdraw_memo: {
      type: 'boolean',
      description: 'Whether a withdrawal may carry a `memo` (the native coin: yes; a token transfer has no place for one).',
    },
  }),
  Asset: exact({
    code: schema('AssetCode'),
    name: {type: 'string'},
    decimals: {type: 'integer', minimum: 0, maximum: 18},
    networks: {type: 'array', items: schema('AssetNetwork')},
  }),
  AssetList: exact({assets: {type: 'array', items: schema('Asset')}}),
  PriceLevel: {
    type: 'array',
    description: '[price, total quantity resting at that price].',
    prefixItems: [schema('Decimal'), schema('Decimal')],
    minItems: 2,
    items: false,
  },
  OrderBook: exact({
    ticker: schema('Symbol'),
    bids: {type: 'array', description: 'Best (highest) first.', items: schema('PriceLevel')},
    asks: {type: 'array', description: 'Best (lowest) first.', items: schema('PriceLevel')},
    timestamp: schema('Timestamp'),
  }),
  PublicTrade: exact({
    id: schema('Uuid'),
    price: schema('Decimal'),
    qty: schema('Decimal'),
    side: {...schema('Side'), description: "The aggressor's (taker's) side."},
    executed_at: schema('Timestamp'),
  }),
  PublicTradeList: exact({trades: {type: 'array', description: 'Newest first.', items: schema('PublicTrade')}}),
  Kline: exact({
    open_time: {...schema('Timestamp'), description: 'Start of the interval, on a UTC interval boundary.'},
    open: schema('Decimal'),
    high: schema('Decimal'),
    low: schema('Decimal'),
    close: schema('Decimal'),
    volume: {...schema('Decimal'), description: 'In the base asset; "0" for a gap-filled interval.'},
  }),
  KlineList: exact({klines: {type: 'array', description: 'Oldest first.', items: schema('Kline')}}),

  // Accounts, orders, trades, balances.
  Rate: {
    type: 'string',
    description: 'A fee rate as a decimal fraction ("0.001" is 0.1%).',
    pattern: '^(0|[1-9][0-9]*)(\\.[0-9]+)?$',
  },
  Tier: exact(
    {
      id: schema('Uuid'),
      name: {type: 'string'},
      maker_fee: schema('Rate'),
      taker_fee: schema('Rate'),
      orders_per_second: {type: 'integer', minimum: 0, description: 'The effective OrdersRateLimit of the account.'},
    },
    "The account's fee and limit tier.",
  ),
  Account: exact({
    id: schema('Uuid'),
    email: {type: 'string', format: 'email'},
    status: {type: 'string', enum: ['active', 'restricted', 'blocked']},
    tier: schema('Tier'),
    funding_account_id: {...schema('Uuid'), description: 'Balance account for deposits and withdrawals.'},
    trading_account_id: {...schema('Uuid'), description: 'Balance account used by orders.'},
    created_at: schema('Timestamp'),
  }),
  Order: exact({
    id: schema('Uuid'),
    client_order_id: {type: 'string', description: 'Empty when the order has none.', pattern: '^[A-Za-z0-9_-]{0,64}$'},
    seq: {type: 'integer', minimum: 1, description: 'Monotonic order sequence number.'},
    ticker: schema('Symbol'),
    side: schema('Side'),
    type: schema('OrderType'),
    time_in_force: schema('TimeInForce'),
    price: {...schema('Decimal'), description: 'A market order shows its average fill price ("0" without a fill).'},
    qty: schema('Decimal'),
    filled_qty: schema('Decimal'),
    avg_price: schema('AveragePrice'),
    status: schema('OrderStatus'),
    created_at: schema('Timestamp'),
    updated_at: schema('Timestamp'),
    stop_price: {...nullable(schema('Decimal')), description: 'A stop order’s stop price; null for other orders.'},
    stop_direction: {...nullable(schema('StopDirection'))},
    triggered_at: {
      ...nullable(schema('Timestamp')),
      description: 'When a stop order triggered; null while it waits, and for other orders.',
    },
    quote_qty: {...nullable(schema('Decimal')), description: 'A market buy’s quote budget, when it named one; null otherwise.'},
    self_trade_prevention: schema('SelfTradePrevention'),
  }),
  OrderList: exact({orders: {type: 'array', items: schema('Order')}, total: {type: 'integer', minimum: 0}}),
  UserTrade: exact({
    id: schema('Uuid'),
    order_id: {...schema('Uuid'), description: "The caller's order that took part."},
    ticker: schema('Symbol'),
    side: {...schema('Side'), description: "The caller's side."},
    price: schema('Decimal'),
    qty: schema('Decimal'),
    quote_qty: {...schema('Decimal'), description: 'price x qty in the quote asset.'},
    fee: {...schema('Decimal'), description: 'What the caller paid, in the asset it received.'},
    fee_asset: schema('AssetCode'),
    is_maker: {type: 'boolean'},
    executed_at: schema('Timestamp'),
  }),
  UserTradeList: exact({trades: {type: 'array', items: schema('UserTrade')}, total: {type: 'integer', minimum: 0}}),
  Balance: exact({
    asset: schema('AssetCode'),
    available: schema('Decimal'),
    locked: {...schema('Decimal'), description: 'Held by open orders (and pending withdrawals).'},
    balance_account_id: schema('Uuid'),
    account_type: {type: 'string', enum: ['funding', 'trading']},
  }),
  BalanceList: exact({balances: {type: 'array', items: schema('Balance')}}),
  PlaceOrderRequest: {
    type: 'object',
    required: ['ticker', 'side', 'type'],
    properties: {
      ticker: schema('Symbol'),
      side: schema('Side'),
      type: schema('OrderType'),
      price: {...schema('DecimalInput'), description: 'Required for limit and stop_limit orders; absent for market orders.'},
      qty: {
        ...schema('DecimalInput'),
        description: 'In the base asset, also for a market buy. A market or stop_market buy may name quote_qty instead.',
      },
      quote_qty: {
        ...schema('DecimalInput'),
        description: 'A market or stop_market buy: the quote amount to spend, instead of qty (required for a stop_market buy).',
      },
      stop_price: {...schema('DecimalInput'), description: 'Required for stop_limit and stop_market orders.'},
      stop_direction: {
        ...schema('StopDirection'),
        description: 'Default: fall for a sell, rise for a buy (a stop-loss); the other way round is a take-profit.',
      },
      self_trade_prevention: {...schema('SelfTradePrevention'), default: 'expire_taker'},
      client_order_id: {...schema('ClientOrderId'), description: 'Unique per account: sending it again returns the first order.'},
      time_in_force: {...schema('TimeInForce'), default: 'GTC', description: 'A market order is always IOC.'},
      post_only: {type: 'boolean', default: false},
    },
  },
  PlaceOrderResponse: exact({
    order_id: schema('Uuid'),
    client_order_id: {type: 'string', description: 'Empty when the order has none.', pattern: '^[A-Za-z0-9_-]{0,64}$'},
    exchange_time: {...schema('Timestamp'), description: 'When the engine accepted the order.'},
    status: schema('OrderStatus'),
    fills: {type: 'array', description: 'The trades it made as the taker, oldest first.', items: schema('Fill')},
    avg_price: schema('AveragePrice'),
    order: schema('Order'),
  }),
  CancelOrderRequest: {
    type: 'object',
    description: 'At least one of order_id and client_order_id.',
    anyOf: [{required: ['order_id']}, {required: ['client_order_id']}],
    properties: {order_id: schema('Uuid'), client_order_id: schema('ClientOrderId')},
  },
  CancelOrderResponse: exact({
    order_id: schema('Uuid'),
    client_order_id: {type: 'string', pattern: '^[A-Za-z0-9_-]{0,64}$'},
    status: {const: 'cancelled'},
    order: schema('Order'),
  }),
  CancelAllRequest: {type: 'object', required: ['ticker'], properties: {ticker: schema('Symbol')}},
  CancelAllResponse: exact({orders_canceled: {type: 'integer', minimum: 0}}),
  TransferRequest: {
    type: 'object',
    required: ['from_balance_account_id', 'to_balance_account_id', 'asset', 'amount'],
    properties: {
      from_balance_account_id: schema('Uuid'),
      to_balance_account_id: schema('Uuid'),
      asset: schema('AssetCode'),
      amount: schema('DecimalInput'),
    },
  },
  TransferResponse: exact({transfer_id: schema('Uuid'), status: {const: 'completed'}}),
  ...chainSchemas,
  ...subAccountSchemas,
  ...infoSchemas,
  ...gatewaySchemas,
}

const header = (name: string, required: boolean, description: string, type: Schema): Schema => ({
  name,
  in: 'header',
  required,
  description,
  schema: type,
})
const SIGNATURE = 'Lowercase hex HMAC-SHA256(api_secret, X-Timestamp + METHOD + path?query + body).'
const TIMESTAMP = 'Unix time in ms; accepted when timestamp <= now + 1000 and now - timestamp <= X-Recv-Window.'

const parameters: Schema = {
  'X-Signature-Optional': header('X-Signature', false, `Required with X-API-Key. ${SIGNATURE}`, {
    type: 'string',
    pattern: '^[0-9a-f]{64}$',
  }),
  'X-Timestamp-Optional': header('X-Timestamp', false, `Required with X-API-Key. ${TIMESTAMP}`, {
    type: 'string',
    pattern: '^[0-9]{1,16}$',
  }),
  'X-Recv-Window': header('X-Recv-Window', false, 'Receive window in ms; default 5000, maximum 60000.', {
    type: 'string',
    pattern: '^[0-9]{1,5}$',
  }),
  ticker: {name: 'ticker', in: 'query', required: true, description: 'Trading pair, e.g. BTC-USDT.', schema: schema('Symbol')},
  tickerFilter: {name: 'ticker', in: 'query', required: false, schema: schema('Symbol')},
  offset: {name: 'offset', in: 'query', required: false, schema: {type: 'integer', minimum: 0, default: 0}},
}

const market = (summary: string, description: string, params: Schema[], result: string, notFound: boolean): Schema => ({
  get: {
    tags: ['market'],
    summary,
    description,
    security: PUBLIC,
    parameters: params,
    responses: {...ok(summary, result), ...errors(400, ...(notFound ? [404] : []), 429, 500)},
  },
})

const paths: Schema = {
  '/accounts/me/': {
    get: {
      tags: ['account'],
      summary: 'The current account',
      security: AUTH,
      parameters: AUTH_HEADERS,
      responses: {...ok('The account', 'Account'), ...errors(400, 401, 403, 429, 500)},
    },
  },
  '/orders/place/': {
    post: {
      tags: ['orders'],
      summary: 'Place an order',
      security: AUTH,
      parameters: AUTH_HEADERS,
      requestBody: body('PlaceOrderRequest'),
      responses: {...ok('The order as accepted', 'PlaceOrderResponse'), ...errors(400, 401, 403, 404, 429, 500)},
    },
  },
  '/orders/cancel/': {
    post: {
      tags: ['orders'],
      summary: 'Cancel one order',
      security: AUTH,
      parameters: AUTH_HEADERS,
      requestBody: body('CancelOrderRequest'),
      responses: {...ok('The order is cancelled', 'CancelOrderResponse'), ...errors(400, 401, 403, 404, 409, 429, 500)},
    },
  },
  '/orders/cancel-all/': {
    post: {
      tags: ['orders'],
      summary: 'Cancel all open orders of a pair',
      security: AUTH,
      parameters: AUTH_HEADERS,
      requestBody: body('CancelAllRequest'),
      responses: {...ok('How many orders were cancelled', 'CancelAllResponse'), ...errors(400, 401, 403, 404, 429, 500)},
    },
  },
  '/orders/': {
    get: {
      tags: ['orders'],
      summary: "The account's orders, newest first",
      security: AUTH,
      parameters: [
        ...AUTH_HEADERS,
        parameter('tickerFilter'),
        {name: 'status', in: 'query', required: false, schema: schema('OrderStatus')},
        limitParameter(100, 200, 'Page size.'),
        parameter('offset'),
      ],
      responses: {...ok('A page of orders', 'OrderList'), ...errors(400, 401, 403, 429, 500)},
    },
  },
  '/trades/': {
    get: {
      tags: ['orders'],
      summary: "The account's trades, newest first",
      security: AUTH,
      parameters: [
        ...AUTH_HEADERS,
        parameter('tickerFilter'),
        {name: 'from', in: 'query', required: false, schema: schema('Timestamp')},
        {name: 'to', in: 'query', required: false, schema: schema('Timestamp')},
        limitParameter(100, 200, 'Page size.'),
        parameter('offset'),
      ],
      responses: {...ok('A page of trades', 'UserTradeList'), ...errors(400, 401, 403, 429, 500)},
    },
  },
  '/balances/transfer/': {
    post: {
      tags: ['balances'],
      summary: 'Move funds between balance accounts (funding, trading, sub-accounts)',
      description:
        "From a balance account the caller controls (its own or a sub-account's) to one of its family (the master and its " +
        "sub-accounts). Another user's balance account is 403 `permission_denied`; an unknown one 404.",
      security: AUTH,
      parameters: AUTH_HEADERS,
      requestBody: body('TransferRequest'),
      responses: {...ok('The transfer is completed', 'TransferResponse'), ...errors(400, 401, 403, 404, 429, 500)},
    },
  },
  '/balances/': {
    get: {
      tags: ['balances'],
      summary: "The account's balances",
      security: AUTH,
      parameters: [...AUTH_HEADERS, {name: 'balance_account_id', in: 'query', required: false, schema: schema('Uuid')}],
      responses: {...ok('Balances', 'BalanceList'), ...errors(400, 401, 403, 429, 500)},
    },
  },
  '/exchange/tickers/': market(
    'Active trading pairs with 24 h statistics',
    'Statistics over the trades of [now - 24 h, now); see docs/market-data.md.',
    [],
    'TickerList',
    false,
  ),
  '/exchange/assets/': market(
    'Active assets and their networks',
    'Networks with their deposit and withdrawal switches.',
    [],
    'AssetList',
    false,
  ),
  '/exchange/orderbook/': market(
    'Order book (L2)',
    'Aggregated price levels, best first. An unknown or inactive ticker is 404.',
    [parameter('ticker'), limitParameter(100, 200, 'Levels per side.')],
    'OrderBook',
    true,
  ),
  '/exchange/trades/': market(
    'Latest public trades',
    'Newest first. An unknown or inactive ticker is 404.',
    [parameter('ticker'), limitParameter(50, 100, 'Number of trades.')],
    'PublicTradeList',
    true,
  ),
  '/exchange/klines/': market(
    'OHLCV candles',
    'Aligned to UTC interval boundaries; gap-filled between the first and the last trade of the selection (an empty ' +
      'interval repeats the previous close with volume "0"). Candles overlapping [from, to) are selected; with more than ' +
      '`limit`, the earliest `limit` from `from`, or the latest `limit` before `to` when `from` is absent. Oldest first.',
    [
      parameter('ticker'),
      {name: 'interval', in: 'query', required: true, schema: {type: 'string', enum: ['1m', '5m', '15m', '1h', '4h', '1d']}},
      {
        name: 'from',
        in: 'query',
        required: false,
        description: 'ISO 8601, inclusive.',
        schema: {type: 'string', format: 'date-time'},
      },
      {
        name: 'to',
        in: 'query',
        required: false,
        description: 'ISO 8601, exclusive; default now.',
        schema: {type: 'string', format: 'date-time'},
      },
      limitParameter(200, 200, 'Number of candles.'),
    ],
    'KlineList',
    true,
  ),
  ...chainPaths,
  ...subAccountPaths,
  ...infoPaths,
  ...gatewayPaths,
  '/openapi.json': {
    get: {
      tags: ['meta'],
      summary: 'This document',
      security: PUBLIC,
      responses: {
        '200': {
          description: 'The OpenAPI 3.1 document',
          headers: RATE_LIMIT_HEADERS,
          content: {'application/json': {schema: {type: 'object'}}},
        },
      },
    },
  },
}

export const openApiDocument: {[key: string]: Json} = {
  openapi: '3.1.0',
  jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
  info: {
    title: 'Exchange node public REST API',
    version: '1.0.0',
    description:
      'Public REST interface of the exchange node, with its user gateway (sign-up, sign-in, two-factor, API keys). Amounts and prices are decimal strings; timestamps ISO 8601 UTC with ' +
      'milliseconds; every non-2xx answer has the body `{"error": {"code", "message"}}`. Paths end with "/"; the same path ' +
      'without it is served identically.',
    license: {name: 'Apache-2.0', identifier: 'Apache-2.0'},
  },
  servers: [{url: '/api/v1'}],
  tags: [
    {name: 'account'},
    {name: 'orders'},
    {name: 'balances'},
    {name: 'wallet', description: 'Deposits and withdrawals on chain; see docs/blockchain.md "User endpoints".'},
    {name: 'market', description: 'Public market data; no authentication, rate-limited per IP.'},
    {name: 'meta'},
    {name: 'p2p', description: 'P2P trading; see docs/p2p.md "Endpoints".'},
    {
      name: 'gateway',
      description:
        'The user gateway: sign-up, sign-in, sign-out, two-factor and API keys, with a session (the JWT as a bearer ' +
        'token, or the exchange_session cookie that sign-in sets); see docs/account-flows.md "Endpoints".',
    },
  ],
  paths: {...paths, ...p2pPaths},
  components: {
    schemas: {...schemas, ...p2pSchemas},
    parameters,
    responses: errorResponses,
    headers: {
      'Retry-After': {description: 'Seconds until a request can succeed again.', schema: {type: 'integer', minimum: 1}},
      'X-RateLimit-Limit': {description: 'Requests per second allowed for this client.', schema: {type: 'integer'}},
      'X-RateLimit-Remaining': {description: 'Requests left in the current bucket.', schema: {type: 'integer', minimum: 0}},
    },
    securitySchemes: {
      bearerAuth: {type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'Exchange JWT (1 h) from sign-in.'},
      sessionCookie: {
        type: 'apiKey',
        in: 'cookie',
        name: 'exchange_session',
        description:
          "The same JWT in the HttpOnly, SameSite=Strict cookie that sign-in sets, for pages of the node's own origin. " +
          'A write (not GET/HEAD/OPTIONS) it alone authenticates must carry `X-Requested-With: exchange-web`, be ' +
          "application/json (multipart/form-data for a chat file) and come from the node's own or an allow-listed " +
          'Origin; otherwise 403 `csrf_refused`. Authorization or an API key, when also sent, wins.',
      },
      apiKey: {
        type: 'apiKey',
        in: 'header',
        name: 'X-API-Key',
        description: 'Public part of an API key; the request must also carry X-Signature and X-Timestamp.',
      },
    },
  },
}
