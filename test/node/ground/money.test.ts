import test from 'ava'
import fc from 'fast-check'
import {ExchangeError} from '../../../src/node/ground/errors.js'
import {formatAmount, parseAmount, parsePositiveAmount} from '../../../src/node/ground/money.js'

const refusal = {instanceOf: ExchangeError, message: /amount/}

for (const [decimals, cases] of [
  [
    0,
    [
      ['0', 0n],
      ['1', 1n],
      ['100', 100n],
      ['123456789', 123456789n],
    ],
  ],
  [
    2,
    [
      ['0', 0n],
      ['0.01', 1n],
      ['0.1', 10n],
      ['1', 100n],
      ['12.34', 1234n],
      ['100', 10000n],
    ],
  ],
  [
    8,
    [
      ['0.00000001', 1n],
      ['0.5', 50_000_000n],
      ['1', 100_000_000n],
      ['21000000', 2_100_000_000_000_000n],
    ],
  ],
  [
    18,
    [
      ['0.000000000000000001', 1n],
      ['1', 10n ** 18n],
      ['1.5', 15n * 10n ** 17n],
      ['9.223372036854775808', 9_223_372_036_854_775_808n],
    ],
  ],
] as const) {
  test(`${decimals} decimals: strings and minor units round-trip exactly`, (t) => {
    for (const [text, units] of cases) {
      t.is(parseAmount(text, decimals), units, `parse ${text}`)
      t.is(formatAmount(units, decimals), text, `format ${units}`)
      t.is(parseAmount(formatAmount(units, decimals), decimals), units)
    }
  })
}

test('non-plain decimal notations are refused as invalid_argument', (t) => {
  for (const text of [
    '1e5',
    '1E5',
    '+1',
    '-1',
    '01',
    '00',
    '.5',
    '1.',
    ' 1',
    '1 ',
    '1\n',
    '',
    '1,5',
    '0x10',
    'NaN',
    'Infinity',
    '١',
  ]) {
    const error = t.throws(() => parseAmount(text, 8), refusal, JSON.stringify(text))
    t.is(error?.code, 'invalid_argument')
  }
})

test('a JSON number, bigint or null is refused: money travels only as a string', (t) => {
  for (const value of [1, 0.5, 1n, null, undefined, {}, ['1']]) {
    const error = t.throws(() => parseAmount(value, 8), {instanceOf: ExchangeError, message: /decimal string/})
    t.is(error?.code, 'invalid_argument')
  }
})

test('more fraction digits than the asset has are refused, not rounded', (t) => {
  t.throws(() => parseAmount('0.000000001', 8), {instanceOf: ExchangeError, message: /more than 8 decimal places/})
  t.throws(() => parseAmount('1.5', 0), {instanceOf: ExchangeError, message: /more than 0 decimal places/})
  t.throws(() => parseAmount('0.0000001', 6), {instanceOf: ExchangeError})
})

test('trailing zeros of the fraction are accepted on input and trimmed on output', (t) => {
  t.is(parseAmount('1.50000000000', 8), 150_000_000n, 'zeros beyond the asset decimals carry no value')
  t.is(parseAmount('2.0', 0), 2n)
  t.is(formatAmount(150_000_000n, 8), '1.5')
  t.is(formatAmount(100_000_000n, 8), '1')
  t.is(formatAmount(10n, 2), '0.1')
  t.is(formatAmount(0n, 18), '0')
  t.is(formatAmount(1000n, 0), '1000', 'zeros of the whole part stay')
  t.is(formatAmount(-225n, 2), '-2.25', 'signed amounts (journal entries) keep their sign')
})

test('values near 10^30 whole units stay exact at 18 decimals', (t) => {
  const thirtyNines = '9'.repeat(30)
  const big = `${thirtyNines}.${'9'.repeat(18)}`
  const units = parseAmount(big, 18)
  t.is(units, 10n ** 48n - 1n)
  t.is(formatAmount(units, 18), big)
  const almost = `1${'0'.repeat(29)}.000000000000000001`
  t.is(parseAmount(almost, 18), 10n ** 47n + 1n)
  t.is(formatAmount(10n ** 47n + 1n, 18), almost)
  t.is(
    formatAmount(parseAmount('123456789012345678901234567890.123456789012345678', 18), 18),
    '123456789012345678901234567890.123456789012345678',
  )
  t.throws(() => parseAmount(`1${'0'.repeat(30)}`, 18), {instanceOf: ExchangeError, message: /too large/})
})

test('parsePositiveAmount refuses zero and accepts the smallest unit', (t) => {
  t.is(parsePositiveAmount('0.00000001', 8), 1n)
  t.is(parsePositiveAmount('3', 6), 3_000_000n)
  for (const text of ['0', '0.0', '0.00000000']) {
    const error = t.throws(() => parsePositiveAmount(text, 8), {instanceOf: ExchangeError, message: /greater than zero/})
    t.is(error?.code, 'invalid_argument')
  }
  t.throws(() => parsePositiveAmount('-1', 8), {instanceOf: ExchangeError})
  t.throws(() => parsePositiveAmount(1, 8), {instanceOf: ExchangeError})
})

test('the field name is carried into the message', (t) => {
  t.throws(() => parseAmount('x', 2, 'qty'), {message: /^qty /})
})

test('property: parseAmount(formatAmount(u, d), d) === u for every u >= 0 within 30 whole digits', (t) => {
  fc.assert(
    fc.property(
      fc
        .integer({min: 0, max: 18})
        .chain((decimals) => fc.tuple(fc.constant(decimals), fc.bigInt({min: 0n, max: 10n ** BigInt(30 + decimals) - 1n}))),
      ([decimals, units]) => {
        const text = formatAmount(units, decimals)
        return (
          parseAmount(text, decimals) === units &&
          /^(0|[1-9]\d*)(\.\d*[1-9])?$/.test(text) &&
          (decimals === 0 || !text.includes('.') || text.split('.')[1]!.length <= decimals)
        )
      },
    ),
    {numRuns: 2000},
  )
  t.pass()
})

test('property: formatting is injective for a fixed number of decimals', (t) => {
  fc.assert(
    fc.property(
      fc.integer({min: 0, max: 18}),
      fc.bigInt({min: 0n, max: 10n ** 40n}),
      fc.bigInt({min: 0n, max: 10n ** 40n}),
      (d, a, b) => {
        const [x, y] = [formatAmount(a, d), formatAmount(b, d)]
        return (a === b) === (x === y)
      },
    ),
  )
  t.pass()
})
