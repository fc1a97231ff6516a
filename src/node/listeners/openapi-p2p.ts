/**
 * The P2P part of the OpenAPI document (docs/p2p.md "Endpoints"): paths under /p2p/ and their schemas, merged
 * into listeners/openapi.ts, built with the shared helpers of openapi-parts.ts (every 200 names the
 * rate-limit headers). test/node/p2p/openapi.test.ts checks live answers against it.
 */
import {
  AUTH,
  AUTH_HEADERS,
  body,
  errors,
  limitParameter,
  ok,
  parameter,
  RATE_LIMIT_HEADERS,
  schema,
  type Json,
  type Schema,
} from './openapi-parts.js'
import {P2P_STATUS} from './openapi-p2p-schemas.js'

export {p2pSchemas} from './openapi-p2p-schemas.js'

const idParam = (name: string, description: string): Schema => ({
  name,
  in: 'path',
  required: true,
  description,
  schema: schema('Uuid'),
})

const op = (summary: string, result: string, statuses: number[], extra: Schema = {}): Schema => ({
  tags: ['p2p'],
  summary,
  security: AUTH,
  parameters: AUTH_HEADERS,
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
        requestBody: body('P2PPaymentDetails'),
      },
    ),
  },
  '/p2p/me/payment-methods/{method}/': {
    delete: withParams(
      [{name: 'method', in: 'path', required: true, schema: {type: 'string'}}],
      op('Remove my details', 'P2PDeleted', [401, 403, 404, 429, 500]),
    ),
  },
  '/p2p/me/advertisements/': {
    get: op('My advertisements, active and paused, newest first', 'P2PAdvertisementList', [401, 403, 429, 500]),
  },
  '/p2p/advertisements/': {
    get: withParams(
      [
        {name: 'type', in: 'query', required: false, schema: {type: 'string', enum: ['BUY', 'SELL']}},
        {name: 'asset', in: 'query', required: false, schema: schema('AssetCode')},
        {name: 'fiat', in: 'query', required: false, schema: {type: 'string'}},
        {name: 'payment_method', in: 'query', required: false, schema: {type: 'string'}},
        {
          name: 'amount',
          in: 'query',
          required: false,
          description: 'A fiat amount the ad must accept now.',
          schema: schema('DecimalInput'),
        },
      ],
      op(
        'Active advertisements, best price first, then the maker completion rate',
        'P2PAdvertisementList',
        [400, 401, 403, 429, 500],
      ),
    ),
    post: op('Create an advertisement', 'P2PAdvertisement', [400, 401, 403, 409, 429, 500], {
      requestBody: body('P2PAdvertisementRequest'),
    }),
  },
  '/p2p/advertisements/{id}/': {
    get: withParams(
      [idParam('id', 'Advertisement id.')],
      op('One advertisement', 'P2PAdvertisement', [400, 401, 403, 404, 429, 500]),
    ),
    patch: withParams(
      [idParam('id', 'Advertisement id.')],
      op(
        "Change price, limits, methods, terms or status (maker only; another's ad is 404)",
        'P2PAdvertisement',
        [400, 401, 403, 404, 429, 500],
        {
          requestBody: body('P2PAdvertisementPatch'),
        },
      ),
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
        limitParameter(100, 200, 'Page size.'),
        parameter('offset'),
      ],
      op('My P2P orders, newest first', 'P2POrderList', [400, 401, 403, 429, 500]),
    ),
    post: op(
      'Take an advertisement: the order is CREATED and the seller crypto held',
      'P2POrder',
      [400, 401, 403, 404, 409, 429, 500],
      {
        requestBody: body('P2POrderRequest'),
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
            requestBody: {required: false, content: {'application/json': {schema: schema('P2PActionRequest')}}},
          }),
        ),
      },
    ]),
  ),
  '/p2p/orders/{id}/feedback/': {
    post: withParams(
      [ORDER],
      op('Leave feedback once after SUCCESS', 'P2PFeedback', [400, 401, 403, 404, 409, 429, 500], {
        requestBody: body('P2PFeedbackRequest'),
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
      security: AUTH,
      parameters: [ORDER, idParam('file_id', 'The file id.'), ...AUTH_HEADERS],
      responses: {
        '200': {
          description: 'The file',
          headers: RATE_LIMIT_HEADERS,
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
