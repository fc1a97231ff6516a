/**
 * The hostile values of the proof suite (test/proof, bench/soak.ts): strings a client should never
 * be able to hurt the node with (SQL metacharacters, unicode, control characters, exponent and
 * huge numbers as text, 1 MiB strings), JSON values of every kind and wrong types. Fuzzers mix them
 * with plausible values (`Goods`) so that requests also get past validation into the services.
 */
import fc from 'fast-check'

/** One MiB of text: every text field must refuse or store it, never fail on it. */
export const MIB_STRING = 'x'.repeat(1024 * 1024)

export const SQL_STRINGS = [
  "'",
  '"',
  "' OR '1'='1",
  "'; DROP TABLE accounts; --",
  '" OR 1=1 --',
  "1' UNION SELECT sqlite_version() --",
  '%',
  '_',
  '\\',
  '`',
  ';',
  '/*',
  '*/',
  '--',
  "admin'--",
  "x'); DELETE FROM ledger_entries; --",
]

/** Numbers as text that a decimal parser must refuse or read exactly. */
export const NUMBER_STRINGS = [
  '1e3',
  '1E-7',
  '-1',
  '-0',
  '0',
  '00.1',
  '.5',
  '5.',
  '+5',
  ' 5',
  '5 ',
  '0x10',
  'NaN',
  'Infinity',
  '-Infinity',
  '1,5',
  '9'.repeat(400),
  `0.${'0'.repeat(300)}1`,
  '18446744073709551616',
  '9223372036854775808',
  '-9223372036854775809',
  '1.7976931348623157e308',
  '0.000000000000000000000000001',
]

export const ODD_STRINGS = [
  '',
  ' ',
  '\u0000',
  '\n\r\t',
  '\u202e',
  '\ud83d\ude00',
  '\ud800',
  'ǅ̸̢̛͔',
  '../../etc/passwd',
  '%2e%2e%2f',
  '<script>alert(1)</script>',
  '${jndi:ldap://x}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'true',
]

/** A hostile string; one in ~200 is 1 MiB long. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  {arbitrary: fc.string({maxLength: 40}), weight: 40},
  {arbitrary: fc.string({unit: 'grapheme', maxLength: 20}), weight: 30},
  {arbitrary: fc.string({unit: 'binary', maxLength: 20}), weight: 20},
  {arbitrary: fc.constantFrom(...SQL_STRINGS), weight: 30},
  {arbitrary: fc.constantFrom(...NUMBER_STRINGS), weight: 30},
  {arbitrary: fc.constantFrom(...ODD_STRINGS), weight: 20},
  {arbitrary: fc.string({minLength: 256, maxLength: 5000}), weight: 10},
  {arbitrary: fc.constant(MIB_STRING), weight: 1},
)

/** A hostile number: huge, tiny, negative, fractional, unsafe integers. */
export const nastyNumber: fc.Arbitrary<number> = fc.oneof(
  fc.integer(),
  fc.double({noNaN: true, noDefaultInfinity: true}),
  fc.constantFrom(0, -0, -1, 1e308, 5e-324, 2 ** 53, 2 ** 53 + 2, -(2 ** 63), 2 ** 64, 0.1, 1.5),
)

/** Any JSON value, nested, with hostile leaves. */
export const nastyJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    {depthSize: 'small', withCrossShrink: true},
    nastyString,
    nastyNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), {maxLength: 4}),
    fc.dictionary(fc.oneof(nastyString, fc.constantFrom('__proto__', 'constructor')), tie('value'), {maxKeys: 4}),
  ),
})).value

/**
 * Plausible values by field or parameter name (`ticker` → `ETH-USDT`, `amount` → `"1"`), filled by
 * a fuzzer with the ids of what it made (its accounts, orders, ads), so that a share of the cases
 * gets past validation and exercises the services.
 */
export type Goods = Record<string, unknown[]>

export const BASE_GOODS: Goods = {
  ticker: ['ETH-USDT', 'BTC-USDT', 'TRX-USDT', 'XXX-YYY'],
  asset: ['USDT', 'ETH', 'BTC', 'TRX', 'ZZZ'],
  fiat: ['USD', 'EUR'],
  network: ['eth', 'tron', 'btc'],
  side: ['buy', 'sell'],
  type: ['limit', 'market', 'BUY', 'SELL'],
  time_in_force: ['GTC', 'IOC', 'FOK'],
  post_only: [true, false],
  price: ['2000', '1999.5', '1', '0.01', '1.02'],
  qty: ['1', '0.5', '0.001', '10'],
  amount: ['1', '10', '100', '0.5'],
  fiat_amount: ['100', '50'],
  min_amount: ['10'],
  max_amount: ['1000'],
  total_amount: ['500'],
  premium_pct: ['1', '-5'],
  price_type: ['fixed', 'floating'],
  payment_methods: [['bank_transfer'], ['card', 'bank_transfer']],
  payment_method: ['bank_transfer', 'card'],
  payment_window_minutes: [15, 30],
  limit: ['10', 10, '1000'],
  offset: ['0', 0],
  interval: ['1m', '1h', '1d'],
  status: ['open', 'filled', 'cancelled', 'CREATED', 'active', 'paused', 'pending'],
  rating: [5, 1],
  text: ['hello'],
  email: ['nobody@example.com'],
  password: ['correct horse battery'],
  winner: ['buyer', 'seller'],
  permissions: [['trade', 'read'], ['withdraw']],
}

/** A good value for `name` when there is one (`chance` of the time), else a hostile one. */
export function fieldValue(goods: Goods, name: string, chance = 0.5): fc.Arbitrary<unknown> {
  const known = goods[name] ?? goods[name.replace(/^(from_|to_|balance_|advertisement_|order_|account_)/, '')]
  const hostile = fc.oneof({arbitrary: nastyString, weight: 3}, {arbitrary: nastyJson, weight: 1})
  if (!known || known.length === 0) return hostile
  const good = fc.constantFrom(...known)
  const goodWeight = Math.max(1, Math.round(chance * 10))
  return fc.oneof({arbitrary: good, weight: goodWeight}, {arbitrary: hostile, weight: 10 - goodWeight || 1})
}

/** A tally of answers: how many of each status (HTTP status or gRPC code name). */
export type Tally = Record<string, number>

export function count(tally: Tally, key: string | number): void {
  tally[String(key)] = (tally[String(key)] ?? 0) + 1
}

/** What a fuzzer found wrong: the request and what came back. */
export type Finding = {interface: string; request: string; response: string}

/** A request or answer shortened for a report (1 MiB strings are not printed). */
export function brief(value: unknown, max = 600): string {
  const text =
    typeof value === 'string'
      ? value
      : JSON.stringify(value, (_k, v: unknown) =>
          typeof v === 'string' && v.length > 200 ? `${v.slice(0, 40)}…(${v.length} chars)` : v,
        )
  return text === undefined ? 'undefined' : text.length > max ? `${text.slice(0, max)}…` : text
}
