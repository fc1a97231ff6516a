/**
 * The P2P part of the OpenAPI document (contract §9): paths under /p2p/ and their schemas, merged
 * into http/openapi.ts. test/p2p/openapi.test.ts checks live answers against it.
 */
type Json = string | number | boolean | null | Json[] | {[key: string]: Json}
type Schema = {[key: string]: Json}

const ref = (name: string): Schema => ({$ref: `#/components/schemas/${name}`})
const nullable = (schema: Schema): Schema => ({oneOf: [schema, {type: 'null'}]})
const exact = (properties: Schema, optional: string[] = []): Schema => ({
  type: 'object',
  required: Object.keys(properties).filter((key) => !optional.includes(key)),
  additionalProperties: false,
  properties,
})
const errors = (...statuses: number[]): Schema =>
  Object.fromEntries(statuses.map((status) => [String(status), {$ref: `#/components/responses/Error${status}`}]))
const ok = (description: string, name: string): Schema => ({
  '200': {description, content: {'application/json': {schema: ref(name)}}},
})
const json = (name: string): Schema => ({required: true, content: {'application/json': {schema: ref(name)}}})

const SECURITY: Json = [{bearerAuth: []}, {apiKey: []}]
const HEADERS: Json = [
  {$ref: '#/components/parameters/X-Signature-Optional'},
  {$ref: '#/components/parameters/X-Timestamp-Optional'},
  {$ref: '#/components/parameters/X-Recv-Window'},
]
const idParam = (name: string, description: string): Schema => ({
  name,
  in: 'path',
  required: true,
  description,
  schema: ref('Uuid'),
})

const P2P_STATUS = [
  'CREATED',
  'ACCEPTED',
  'REJECTED',
  'CANCELLED',
  'PROCESSING',
  'PAYMENT_COMPLETED',
  'PAYMENT_CONFIRMED',
  'SUCCESS',
  'DISPUTE_START',
  'DISPUTE_DECISION_AWAITING',
  'DISPUTE_DECIDED',
]

export const p2pSchemas: Schema = {
  P2PPaymentMethod: exact({
    id: {type: 'string'},
    name: {type: 'string'},
    kind: {type: 'string', enum: ['bank_transfer', 'fast_payment', 'card', 'other']},
  }),
  P2PPaymentMethodList: exact({payment_methods: {type: 'array', items: ref('P2PPaymentMethod')}}),
  P2PReferenceRateList: exact({
    rates: {
      type: 'array',
      items: exact({asset: ref('AssetCode'), fiat: {type: 'string'}, rate: ref('Decimal'), updated_at: ref('Timestamp')}),
    },
  }),
  P2PPaymentDetails: exact({payment_method: {type: 'string'}, details: {type: 'string'}}),
  P2PPaymentDetailsList: exact({payment_methods: {type: 'array', items: ref('P2PPaymentDetails')}}),
  P2PDeleted: exact({deleted: {type: 'boolean'}}),
  P2PAdvertisementRequest: {
    type: 'object',
    required: ['type', 'asset', 'fiat', 'price_type', 'min_amount', 'max_amount', 'total_amount', 'payment_methods'],
    properties: {
      type: {type: 'string', enum: ['BUY', 'SELL']},
      asset: ref('AssetCode'),
      fiat: {type: 'string', pattern: '^[A-Z]{3}$'},
      price_type: {type: 'string', enum: ['fixed', 'floating']},
      price: {...ref('DecimalInput'), description: 'Fixed price: fiat per one unit of the asset.'},
      premium_pct: {type: 'string', description: 'Floating price: premium over the reference rate, −20…+20 (percent).'},
      min_amount: {...ref('DecimalInput'), description: 'Minimum order, in fiat.'},
      max_amount: {...ref('DecimalInput'), description: 'Maximum order, in fiat.'},
      total_amount: {...ref('DecimalInput'), description: 'Total crypto offered or wanted.'},
      payment_methods: {type: 'array', minItems: 1, maxItems: 5, items: {type: 'string'}},
      payment_window_minutes: {type: 'integer', minimum: 10, maximum: 180, default: 15},
      terms: {type: 'string', maxLength: 2000},
    },
  },
  P2PAdvertisementPatch: {
    type: 'object',
    properties: {
      price: ref('DecimalInput'),
      premium_pct: {type: 'string'},
      min_amount: ref('DecimalInput'),
      max_amount: ref('DecimalInput'),
      payment_methods: {type: 'array', minItems: 1, maxItems: 5, items: {type: 'string'}},
      status: {type: 'string', enum: ['active', 'paused']},
      terms: {type: 'string'},
    },
  },
  P2PAdvertisement: exact({
    advertisement_id: ref('Uuid'),
    id: ref('Uuid'),
    maker_id: ref('Uuid'),
    type: {type: 'string', enum: ['BUY', 'SELL']},
    asset: ref('AssetCode'),
    fiat: {type: 'string'},
    price_type: {type: 'string', enum: ['fixed', 'floating']},
    price: {...ref('Decimal'), description: 'The price now (a floating ad follows its reference rate).'},
    premium_pct: nullable({type: 'string'}),
    min_amount: ref('Decimal'),
    max_amount: ref('Decimal'),
    total_amount: ref('Decimal'),
    remaining_amount: ref('Decimal'),
    available_amount: {
      ...ref('Decimal'),
      description: "What an order can take now; for a SELL ad never more than the maker's available funding balance.",
    },
    payment_methods: {type: 'array', items: {type: 'string'}},
    payment_window_minutes: {type: 'integer'},
    terms: {type: 'string'},
    status: {type: 'string', enum: ['active', 'paused', 'deleted']},
    maker: exact({
      id: ref('Uuid'),
      completed_orders_30d: {type: 'integer'},
      completion_rate_30d: ref('Decimal'),
      rating: nullable(ref('Decimal')),
      rating_count: {type: 'integer'},
    }),
    created_at: ref('Timestamp'),
    updated_at: ref('Timestamp'),
  }),
  P2PAdvertisementList: exact({advertisements: {type: 'array', items: ref('P2PAdvertisement')}}),
  P2POrderRequest: {
    type: 'object',
    required: ['advertisement_id'],
    properties: {
      advertisement_id: ref('Uuid'),
      amount: {...ref('DecimalInput'), description: 'Crypto amount; or fiat_amount.'},
      fiat_amount: ref('DecimalInput'),
    },
  },
  P2PHistoryEntry: exact({
    status: {type: 'string', enum: P2P_STATUS},
    at: ref('Timestamp'),
    by: {type: 'string', description: 'An account id, `timer`, `p2p` (assignment) or `admin:<id>`.'},
  }),
  P2POrder: exact(
    {
      order_id: ref('Uuid'),
      id: ref('Uuid'),
      advertisement_id: ref('Uuid'),
      side: nullable({type: 'string', enum: ['buy', 'sell']}),
      asset: ref('AssetCode'),
      fiat: {type: 'string'},
      price: ref('Decimal'),
      amount: ref('Decimal'),
      fiat_amount: ref('Decimal'),
      fee: ref('Decimal'),
      buyer_id: ref('Uuid'),
      seller_id: ref('Uuid'),
      maker_id: ref('Uuid'),
      taker_id: ref('Uuid'),
      payment_method: nullable({type: 'string'}),
      status: {type: 'string', enum: P2P_STATUS},
      expires_at: nullable(ref('Timestamp')),
      created_at: ref('Timestamp'),
      updated_at: ref('Timestamp'),
      history: {type: 'array', items: ref('P2PHistoryEntry')},
      seller_payment_details: {type: 'array', items: ref('P2PPaymentDetails')},
    },
    ['seller_payment_details'],
  ),
  P2POrderList: exact({orders: {type: 'array', items: ref('P2POrder')}}),
  P2PActionRequest: {
    type: 'object',
    properties: {
      payment_method: {type: 'string', description: '`pay`: one of the advertisement payment methods.'},
      reason: {type: 'string', description: '`dispute`: why.'},
    },
  },
  P2PFeedbackRequest: {
    type: 'object',
    required: ['rating'],
    properties: {rating: {type: 'integer', minimum: 1, maximum: 5}, comment: {type: 'string', maxLength: 500}},
  },
  P2PFeedback: exact({
    order_id: ref('Uuid'),
    from_id: ref('Uuid'),
    to_id: ref('Uuid'),
    rating: {type: 'integer'},
    comment: {type: 'string'},
    created_at: ref('Timestamp'),
  }),
  P2PMessage: exact({
    id: ref('Uuid'),
    order_id: ref('Uuid'),
    sender: {type: 'string', description: 'An account id, or `system`.'},
    kind: {type: 'string', enum: ['text', 'file', 'system']},
    text: nullable({type: 'string'}),
    file: nullable(
      exact({
        id: ref('Uuid'),
        name: {type: 'string'},
        type: {type: 'string', enum: ['image/jpeg', 'image/png', 'application/pdf']},
        size: {type: 'integer'},
        url: {type: 'string'},
      }),
    ),
    created_at: ref('Timestamp'),
  }),
  P2PMessageList: exact({messages: {type: 'array', items: ref('P2PMessage')}}),
  P2PProfile: exact({
    user_id: ref('Uuid'),
    completed_orders: {type: 'integer'},
    completed_orders_30d: {type: 'integer'},
    completion_rate_30d: ref('Decimal'),
    avg_release_seconds: nullable({type: 'integer'}),
    rating: exact({average: nullable(ref('Decimal')), count: {type: 'integer'}, positive_share: nullable(ref('Decimal'))}),
    feedback: {
      type: 'array',
      items: exact({order_id: ref('Uuid'), rating: {type: 'integer'}, comment: {type: 'string'}, created_at: ref('Timestamp')}),
    },
  }),
}

const op = (summary: string, result: string, statuses: number[], extra: Schema = {}): Schema => ({
  tags: ['p2p'],
  summary,
  security: SECURITY,
  parameters: HEADERS,
  ...extra,
  responses: {...ok(summary, result), ...errors(...statuses)},
})

const withParams = (params: Schema[], operation: Schema): Schema => ({
  ...operation,
  parameters: [...params, ...(operation['parameters'] as Json[])],
})

const ORDER = idParam('id', 'The P2P order id.')
const ACTIONS: [string, string, string][] = [
  ['accept', 'The maker accepts a CREATED order', 'ACCEPTED'],
  ['reject', 'The maker rejects a CREATED order; the escrow is released', 'REJECTED'],
  ['cancel', 'The buyer cancels in CREATED or ACCEPTED; the escrow is released', 'CANCELLED'],
  ['pay', 'The buyer marks the payment sent: PROCESSING then PAYMENT_COMPLETED', 'PAYMENT_COMPLETED'],
  ['confirm', 'The seller confirms receipt: PAYMENT_CONFIRMED then SUCCESS with the transfer to the buyer', 'SUCCESS'],
  ['dispute', 'Either party opens a dispute in PAYMENT_COMPLETED', 'DISPUTE_START / DISPUTE_DECISION_AWAITING'],
]

export const p2pPaths: Schema = {
  '/p2p/payment-methods/': {get: op('The payment-method registry', 'P2PPaymentMethodList', [401, 403, 429, 500])},
  '/p2p/reference-rates/': {get: op('Reference rates of floating prices', 'P2PReferenceRateList', [401, 403, 429, 500])},
  '/p2p/me/payment-methods/': {
    get: op('My payment details per method', 'P2PPaymentDetailsList', [401, 403, 429, 500]),
    post: op(
      'Store my details for a method (shown to the counterparty after ACCEPTED)',
      'P2PPaymentDetails',
      [400, 401, 403, 429, 500],
      {
        requestBody: json('P2PPaymentDetails'),
      },
    ),
  },
  '/p2p/me/payment-methods/{method}/': {
    delete: withParams(
      [{name: 'method', in: 'path', required: true, schema: {type: 'string'}}],
      op('Remove my details', 'P2PDeleted', [401, 403, 404, 429, 500]),
    ),
  },
  '/p2p/advertisements/': {
    get: withParams(
      [
        {name: 'type', in: 'query', required: false, schema: {type: 'string', enum: ['BUY', 'SELL']}},
        {name: 'asset', in: 'query', required: false, schema: ref('AssetCode')},
        {name: 'fiat', in: 'query', required: false, schema: {type: 'string'}},
        {name: 'payment_method', in: 'query', required: false, schema: {type: 'string'}},
        {
          name: 'amount',
          in: 'query',
          required: false,
          description: 'A fiat amount the ad must accept now.',
          schema: ref('DecimalInput'),
        },
      ],
      op(
        'Active advertisements, best price first, then the maker completion rate',
        'P2PAdvertisementList',
        [400, 401, 403, 429, 500],
      ),
    ),
    post: op('Create an advertisement', 'P2PAdvertisement', [400, 401, 403, 409, 429, 500], {
      requestBody: json('P2PAdvertisementRequest'),
    }),
  },
  '/p2p/advertisements/{id}/': {
    get: withParams(
      [idParam('id', 'Advertisement id.')],
      op('One advertisement', 'P2PAdvertisement', [400, 401, 403, 404, 429, 500]),
    ),
    patch: withParams(
      [idParam('id', 'Advertisement id.')],
      op('Change price, limits, methods, terms or status (maker only)', 'P2PAdvertisement', [400, 401, 403, 404, 429, 500], {
        requestBody: json('P2PAdvertisementPatch'),
      }),
    ),
    delete: withParams(
      [idParam('id', 'Advertisement id.')],
      op(
        'Delete (status deleted); refused while orders are in progress',
        'P2PAdvertisement',
        [400, 401, 403, 404, 409, 429, 500],
      ),
    ),
  },
  '/p2p/orders/': {
    get: withParams(
      [
        {name: 'status', in: 'query', required: false, schema: {type: 'string', enum: P2P_STATUS}},
        {name: 'limit', in: 'query', required: false, schema: {type: 'integer', minimum: 1, maximum: 200, default: 100}},
        {$ref: '#/components/parameters/offset'},
      ],
      op('My P2P orders, newest first', 'P2POrderList', [400, 401, 403, 429, 500]),
    ),
    post: op(
      'Take an advertisement: the order is CREATED and the seller crypto held',
      'P2POrder',
      [400, 401, 403, 404, 409, 429, 500],
      {
        requestBody: json('P2POrderRequest'),
      },
    ),
  },
  '/p2p/orders/{id}/': {
    get: withParams([ORDER], op('One of my orders (parties only)', 'P2POrder', [400, 401, 403, 404, 429, 500])),
  },
  ...Object.fromEntries(
    ACTIONS.map(([action, summary, to]) => [
      `/p2p/orders/{id}/${action}/`,
      {
        post: withParams(
          [ORDER],
          op(`${summary} (→ ${to})`, 'P2POrder', [400, 401, 403, 404, 409, 429, 500], {
            requestBody: {required: false, content: {'application/json': {schema: ref('P2PActionRequest')}}},
          }),
        ),
      },
    ]),
  ),
  '/p2p/orders/{id}/feedback/': {
    post: withParams(
      [ORDER],
      op('Leave feedback once after SUCCESS', 'P2PFeedback', [400, 401, 403, 404, 409, 429, 500], {
        requestBody: json('P2PFeedbackRequest'),
      }),
    ),
  },
  '/p2p/orders/{id}/messages/': {
    get: withParams(
      [ORDER],
      op('The chat, oldest first (system messages included)', 'P2PMessageList', [400, 401, 403, 404, 429, 500]),
    ),
    post: withParams(
      [ORDER],
      op(
        'Post text, or one file (jpeg/png/pdf by content, ≤ 5 MiB); open from ACCEPTED',
        'P2PMessage',
        [400, 401, 403, 404, 409, 429, 500],
        {
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {type: 'object', required: ['text'], properties: {text: {type: 'string', maxLength: 2000}}},
              },
              'multipart/form-data': {
                schema: {type: 'object', properties: {file: {type: 'string', contentMediaType: 'application/octet-stream'}}},
              },
            },
          },
        },
      ),
    ),
  },
  '/p2p/orders/{id}/files/{file_id}/': {
    get: {
      tags: ['p2p'],
      summary: 'A chat file, to the parties and (with an AdminGateway token) the arbitrator of the dispute',
      security: SECURITY,
      parameters: [ORDER, idParam('file_id', 'The file id.'), ...(HEADERS as Json[])],
      responses: {
        '200': {
          description: 'The file',
          content: {'image/png': {}, 'image/jpeg': {}, 'application/pdf': {}},
        },
        ...errors(400, 401, 403, 404, 429, 500),
      },
    },
  },
  '/p2p/users/{id}/': {
    get: withParams(
      [idParam('id', 'Account id.')],
      op('P2P profile and feedback of a user', 'P2PProfile', [400, 401, 403, 404, 429, 500]),
    ),
  },
}
