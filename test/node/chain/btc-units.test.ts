import test from 'ava'
import {hex} from '@scure/base'
import {satPerVByte} from '../../../src/node/chain/btc/spend.js'
import {parseTransaction} from '../../../src/node/chain/btc/block.js'
import {BitcoinRpc, btcToSatoshi, parseJsonExact} from '../../../src/node/chain/btc/rpc.js'
import {ExchangeError} from '../../../src/node/ground/errors.js'

test('JSON from Core keeps fractional and oversized numbers as their exact text; strings are untouched', (t) => {
  const text =
    '{"amount":0.1,"total_amount":21000000.00000000,"note":"a\\"1.5 2e3","height":12,"neg":-0.5,"big":9223372036854775807,"ok":true,"nil":null}'
  t.deepEqual(parseJsonExact(text), {
    amount: '0.1',
    total_amount: '21000000.00000000',
    note: 'a"1.5 2e3',
    height: 12,
    neg: '-0.5',
    big: '9223372036854775807',
    ok: true,
    nil: null,
  })
  t.deepEqual(parseJsonExact('[1e-8, 3]'), ['1e-8', 3])
})

test('BTC amounts convert to satoshi from their digits', (t) => {
  t.is(btcToSatoshi('0.00000001'), 1n)
  t.is(btcToSatoshi('1.23456789'), 123_456_789n)
  t.is(btcToSatoshi('0.30000001'), 30_000_001n)
  t.is(btcToSatoshi('21000000.00000000'), 2_100_000_000_000_000n)
  t.is(btcToSatoshi(50), 5_000_000_000n)
  t.throws(() => btcToSatoshi('0.000000001'))
  t.throws(() => btcToSatoshi('1e-8'))
  t.throws(() => btcToSatoshi(0.1))
})

test('fee rates: BTC/kvB decimal text to whole sat/vB, rounded up, never below 1', (t) => {
  t.is(satPerVByte('0.00020000'), 20n)
  t.is(satPerVByte('0.00001000'), 1n)
  t.is(satPerVByte('0.00001001'), 2n)
  t.is(satPerVByte('0.00000500'), 1n)
  t.is(satPerVByte('0.00123456'), 124n)
})

test('a raw segwit transaction (BIP143 example) decodes to its txid, inputs and outputs', (t) => {
  // BIP143 "Native P2WPKH" signed example.
  const raw =
    '01000000000102fff7f7881a8099afa6940d42d1e7f6362bec38171ea3edf433541db4e4ad969f00000000494830450221008b9d1dc26ba6a9cb62127b02742fa9d754cd3bebf337f7a55d114c8e5cdd30be022040529b194ba3f9281a99f2b1c0a19c0489bc22ede944ccf4ecbab4cc618ef3ed01eeffffffef51e1b804cc89d182d279655c3aa89e815b1b309fe287d9b2b55d57b90ec68a0100000000ffffffff02202cb206000000001976a9148280b37df378db99f66f85c95a783a76ac7a6d5988ac9093510d000000001976a9143bde42dbee7e4dbe6a21b2d50ce2f0167faa815988ac000247304402203609e17b84f6a7d30c80bfa610b5b4542f32a8a0d5447a12fb1366d7f01cc44a0220573a954c4518331561406f90300e8f3358f51928d43c212a8caed02de67eebee0121025476c2e83188368da1ff3e292e7acafcdb3566bb0ad253f62fc70f07aeee635711000000'
  const tx = parseTransaction(raw)
  t.is(tx.txid, 'e8151a2af31c368a35053ddd4bdb285a8595c769a3ad83e0fa02314a602d4609')
  t.deepEqual(tx.inputs, [
    {txid: '9f96ade4b41d5433f4eda31e1738ec2b36f6e7d1420d94a6af99801a88f7f7ff', index: 0},
    {txid: '8ac60eb9575db5b2d987e29f301b5b819ea83a5c6579d282d189cc04b8e151ef', index: 1},
  ])
  t.deepEqual(
    tx.outputs.map((o) => o.amount),
    [112_340_000n, 223_450_000n],
  )
  t.is(hex.encode(tx.outputs[0]!.script), '76a9148280b37df378db99f66f85c95a783a76ac7a6d5988ac')
})

test('an unreachable node is `unavailable`; a URL that is not http(s) is refused', async (t) => {
  const closed = new BitcoinRpc({url: 'http://u:p@127.0.0.1:9/', timeoutMs: 2000})
  const error = await t.throwsAsync(closed.call('getblockcount'), {instanceOf: ExchangeError})
  t.is(error?.code, 'unavailable')
  t.throws(() => new BitcoinRpc({url: 'ftp://host'}), {instanceOf: ExchangeError})
})
