/** The schemas of the P2P part of the OpenAPI document (see openapi.ts). */
import {P2P_STATUSES} from '../p2p/states.js'
import {exact, type Json, nullable, type Schema, schema as ref} from './openapi-parts.js'

/** An exact object whose `optional` properties may be absent. */
const withOptional = (object: Schema, optional: string[]): Schema => ({
  ...object,
  required: (object['required'] as string[]).filter((key) => !optional.includes(key)),
})

export const P2P_STATUS: Json = [...P2P_STATUSES]

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
  P2POrder: withOptional(
    exact({
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
    }),
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
