/**
 * The building blocks of the OpenAPI document (listeners/openapi.ts and the per-module path files
 * beside it): references, exact objects, the standard answers and the auth requirements.
 */

/** A JSON value (the document is plain data). */
export type Json = string | number | boolean | null | Json[] | {[key: string]: Json}
export type Schema = {[key: string]: Json}

export const schema = (name: string): Schema => ({$ref: `#/components/schemas/${name}`})
export const parameter = (name: string): Schema => ({$ref: `#/components/parameters/${name}`})
export const errors = (...statuses: number[]): Schema =>
  Object.fromEntries(statuses.map((status) => [String(status), {$ref: `#/components/responses/Error${status}`}]))

/** A schema or null. */
export const nullable = (inner: Schema): Schema => ({oneOf: [inner, {type: 'null'}]})

/** An object whose listed properties are all required and which has no others. */
export const exact = (properties: Schema, description?: string): Schema => ({
  type: 'object',
  ...(description ? {description} : {}),
  required: Object.keys(properties),
  additionalProperties: false,
  properties,
})

/** The rate-limit headers every answer of a rate-limited route carries (docs/rest.md "Rate limits"). */
export const RATE_LIMIT_HEADERS: Schema = {
  'X-RateLimit-Limit': {$ref: '#/components/headers/X-RateLimit-Limit'},
  'X-RateLimit-Remaining': {$ref: '#/components/headers/X-RateLimit-Remaining'},
}

export const ok = (description: string, name: string): Schema => ({
  '200': {description, headers: RATE_LIMIT_HEADERS, content: {'application/json': {schema: schema(name)}}},
})

export const body = (name: string): Schema => ({required: true, content: {'application/json': {schema: schema(name)}}})

/**
 * Every authenticated endpoint: a session JWT (Bearer, or the exchange_session cookie), or a signed API
 * key with the endpoint's permission (docs/rest.md "Authentication").
 */
export const AUTH: Json = [{bearerAuth: []}, {sessionCookie: []}, {apiKey: []}]
export const AUTH_HEADERS = [parameter('X-Signature-Optional'), parameter('X-Timestamp-Optional'), parameter('X-Recv-Window')]
export const PUBLIC: Json = []

export const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input (`invalid_argument`, `insufficient_funds`), X-Timestamp outside the receive window (`timestamp_outside_recv_window`), or a signed request sent again (`replayed_request`).',
  401: 'Missing, invalid or expired JWT (`unauthorized`), or unknown API key (`invalid_api_key`).',
  403: 'Bad signature (`invalid_signature`), key without the permission (`permission_denied`), account status (`account_restricted`, `account_blocked`), or a write authenticated by the session cookie without `X-Requested-With: exchange-web` or from a foreign Origin (`csrf_refused`).',
  404: 'The resource (ticker, order, balance account) does not exist (`not_found`).',
  409: 'The resource is in a state that does not allow the call, e.g. cancelling a filled order (`failed_precondition`).',
  429: 'Rate limit exceeded (`rate_limited`); retry after `Retry-After` seconds.',
  500: 'Internal error (`internal`); no internals are sent.',
}

export const errorResponses = Object.fromEntries(
  Object.entries(ERROR_DESCRIPTIONS).map(([status, description]) => [
    `Error${status}`,
    {
      description,
      ...(status === '429' ? {headers: {'Retry-After': {$ref: '#/components/headers/Retry-After'}}} : {}),
      content: {'application/json': {schema: schema('Error')}},
    },
  ]),
)

export const limitParameter = (fallback: number, max: number, description: string): Schema => ({
  name: 'limit',
  in: 'query',
  required: false,
  description: `${description} Default ${fallback}, maximum ${max}; above the maximum is a 400.`,
  schema: {type: 'integer', minimum: 1, maximum: max, default: fallback},
})
