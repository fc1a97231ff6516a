/** The deposit and withdrawal paths of the OpenAPI document (docs/blockchain.md "User endpoints"). */
import {
  AUTH,
  AUTH_HEADERS,
  body,
  errors,
  exact,
  limitParameter,
  nullable,
  ok,
  parameter,
  type Schema,
  schema,
} from './openapi-parts.js'

const Blockchain: Schema = {type: 'string', enum: ['btc', 'eth', 'tron']}

export const chainSchemas: Schema = {
  DepositAddress: exact({asset: schema('AssetCode'), network: Blockchain, address: {type: 'string'}}),
  Deposit: exact({
    id: schema('Uuid'),
    asset: schema('AssetCode'),
    network: Blockchain,
    amount: schema('Decimal'),
    address: {type: 'string'},
    tx_hash: {type: 'string'},
    tx_index: {type: 'integer', minimum: 0, description: 'Output (btc) or log index (tokens); 0 for a native eth/tron transfer.'},
    block_height: {type: 'integer', minimum: 0},
    status: {type: 'string', enum: ['pending', 'confirmed', 'orphaned', 'held', 'ignored']},
    created_at: schema('Timestamp'),
    updated_at: schema('Timestamp'),
  }),
  DepositList: exact({deposits: {type: 'array', items: schema('Deposit')}, total: {type: 'integer', minimum: 0}}),
  WithdrawalRequest: {
    type: 'object',
    required: ['asset', 'amount', 'to_address'],
    properties: {
      asset: schema('AssetCode'),
      network: {...Blockchain, description: 'Required when the asset is on more than one network (USDT: eth or tron).'},
      amount: schema('DecimalInput'),
      to_address: {type: 'string', description: "Checked for the chain's form, checksum and network."},
      memo: {type: 'string', maxLength: 256},
      client_withdrawal_id: {
        type: 'string',
        pattern: '^[A-Za-z0-9_-]{1,64}$',
        description: 'Unique per account: sending it again returns the first withdrawal.',
      },
      '2fa_code': {type: 'string', description: 'With a session (JWT) when two-factor is on.'},
    },
  },
  Withdrawal: exact({
    id: schema('Uuid'),
    client_withdrawal_id: nullable({type: 'string'}),
    asset: schema('AssetCode'),
    network: Blockchain,
    amount: schema('Decimal'),
    fee: {...schema('Decimal'), description: "The network's withdraw_fee, held with the amount and kept by the exchange."},
    to_address: {type: 'string'},
    memo: {type: 'string'},
    tx_hash: nullable({type: 'string'}),
    status: {type: 'string', enum: ['pending', 'processing', 'broadcast', 'confirmed', 'failed']},
    awaiting_approval: {type: 'boolean', description: 'A large withdrawal waiting for an operator.'},
    failure: nullable({type: 'string'}),
    waiting_for: nullable({
      type: 'string',
      enum: ['hot_wallet_funds', 'change_confirming', 'chain_unreachable'],
      description: 'Pending only: what the withdrawal waits for before it is sent.',
    }),
    created_at: schema('Timestamp'),
    updated_at: schema('Timestamp'),
  }),
  WithdrawalList: exact({withdrawals: {type: 'array', items: schema('Withdrawal')}, total: {type: 'integer', minimum: 0}}),
}

const status = (values: string[]): Schema => ({
  name: 'status',
  in: 'query',
  required: false,
  schema: {type: 'string', enum: values},
})

export const chainPaths: Schema = {
  '/deposits/address/': {
    get: {
      tags: ['wallet'],
      summary: "The caller's deposit address for an asset's network",
      description: "One address per account and chain, shared by the chain's assets (ETH and ERC-20 USDT), issued on first use.",
      security: AUTH,
      parameters: [
        ...AUTH_HEADERS,
        {name: 'asset', in: 'query', required: true, schema: schema('AssetCode')},
        {
          name: 'network',
          in: 'query',
          required: false,
          schema: Blockchain,
          description: 'Required when the asset has several networks.',
        },
      ],
      responses: {...ok('The deposit address', 'DepositAddress'), ...errors(400, 401, 403, 404, 409, 429, 500)},
    },
  },
  '/deposits/': {
    get: {
      tags: ['wallet'],
      summary: "The caller's deposits, newest first",
      security: AUTH,
      parameters: [
        ...AUTH_HEADERS,
        status(['pending', 'confirmed', 'orphaned', 'held', 'ignored']),
        limitParameter(100, 500, 'Number of deposits.'),
        parameter('offset'),
      ],
      responses: {...ok('Deposits', 'DepositList'), ...errors(400, 401, 403, 429, 500)},
    },
  },
  '/deposits/{id}/': {
    get: {
      tags: ['wallet'],
      summary: 'One deposit of the caller',
      description: "Another account's deposit is 404 `not_found`, exactly as an id that never existed.",
      security: AUTH,
      parameters: [...AUTH_HEADERS, {name: 'id', in: 'path', required: true, schema: schema('Uuid')}],
      responses: {...ok('The deposit', 'Deposit'), ...errors(400, 401, 403, 404, 429, 500)},
    },
  },
  '/withdrawals/': {
    post: {
      tags: ['wallet'],
      summary: 'Withdraw from the funding balance to an address on chain',
      description:
        'An API key with the `withdraw` permission (signed), or a session with a fresh two-factor code when two-factor is ' +
        'on. Holds amount + fee; see docs/blockchain.md for the states.',
      security: AUTH,
      parameters: AUTH_HEADERS,
      requestBody: body('WithdrawalRequest'),
      responses: {...ok('The withdrawal', 'Withdrawal'), ...errors(400, 401, 403, 404, 409, 429, 500)},
    },
    get: {
      tags: ['wallet'],
      summary: "The caller's withdrawals, newest first",
      security: AUTH,
      parameters: [
        ...AUTH_HEADERS,
        status(['pending', 'processing', 'broadcast', 'confirmed', 'failed']),
        limitParameter(100, 500, 'Number of withdrawals.'),
        parameter('offset'),
      ],
      responses: {...ok('Withdrawals', 'WithdrawalList'), ...errors(400, 401, 403, 429, 500)},
    },
  },
  '/withdrawals/{id}/': {
    get: {
      tags: ['wallet'],
      summary: 'One withdrawal of the caller',
      security: AUTH,
      parameters: [...AUTH_HEADERS, {name: 'id', in: 'path', required: true, schema: schema('Uuid')}],
      responses: {...ok('The withdrawal', 'Withdrawal'), ...errors(401, 403, 404, 429, 500)},
    },
  },
}
