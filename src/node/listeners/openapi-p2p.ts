/**
 * The P2P part of the OpenAPI document (contract §9): paths under /p2p/ and their schemas, merged
 * into http/openapi.ts. test/p2p/openapi.test.ts checks live answers against it.
 */
import {P2P_STATUS, ref, type Json, type Schema} from './openapi-p2p-schemas.js'

export {p2pSchemas} from './openapi-p2p-schemas.js'

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
      op(
        "Change price, limits, methods, terms or status (maker only; another's ad is 404)",
        'P2PAdvertisement',
        [400, 401, 403, 404, 429, 500],
        {
          requestBody: json('P2PAdvertisementPatch'),
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
