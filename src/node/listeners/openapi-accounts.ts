/** The sub-account paths of the OpenAPI document (an extension; docs/account-flows.md "Sub-accounts"). */
import {AUTH, AUTH_HEADERS, body, errors, exact, ok, schema, type Schema} from './openapi-parts.js'

export const subAccountSchemas: Schema = {
  CreateSubAccountRequest: {
    type: 'object',
    required: ['email'],
    properties: {email: {type: 'string', format: 'email', description: 'Unique among all accounts (409 when taken).'}},
  },
  SubAccount: exact({
    id: schema('Uuid'),
    email: {type: 'string'},
    status: {type: 'string', enum: ['active', 'restricted', 'blocked'], description: "The sub-account's own status."},
    master_account_id: schema('Uuid'),
    funding_account_id: schema('Uuid'),
    trading_account_id: schema('Uuid'),
    created_at: schema('Timestamp'),
  }),
  SubAccountList: exact({sub_accounts: {type: 'array', items: schema('SubAccount')}, total: {type: 'integer', minimum: 0}}),
}

export const subAccountPaths: Schema = {
  '/accounts/sub-accounts/': {
    post: {
      tags: ['account'],
      summary: 'Create a sub-account of the caller',
      description:
        "A session, or an API key with `trade`. The sub-account is on the caller's tier, has its own funding and trading " +
        'balance accounts and no sign-in: the master moves its funds with /balances/transfer/. 400 when the caller is ' +
        'itself a sub-account; 409 `already_exists` when the e-mail is taken, `failed_precondition` at 200 sub-accounts.',
      security: AUTH,
      parameters: AUTH_HEADERS,
      requestBody: body('CreateSubAccountRequest'),
      responses: {...ok('The sub-account', 'SubAccount'), ...errors(400, 401, 403, 409, 429, 500)},
    },
    get: {
      tags: ['account'],
      summary: "The caller's sub-accounts, oldest first",
      security: AUTH,
      parameters: AUTH_HEADERS,
      responses: {...ok('Sub-accounts', 'SubAccountList'), ...errors(400, 401, 403, 429, 500)},
    },
  },
}
