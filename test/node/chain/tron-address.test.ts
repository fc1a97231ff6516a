import test from 'ava'
import {SigningKey, getBytes} from 'ethers'
import {TronWeb} from 'tronweb'
import {
  canonicalTronAddress,
  isTronAddress,
  tronAddressFromPrivateKey,
  tronAddressFromPublicKey,
  tronFromEvm,
  tronFromHex,
  tronToEvm,
  tronToHex,
} from '../../../src/node/chain/tron/address.js'

// Published private key → address pairs:
// - trustwallet/wallet-core, swift/Tests/Blockchains/TronAddressTests.swift, testFromPrivateKey;
// - trezor/trezor-firmware, core/tests/test_apps.tron.address.py, test_privkey_to_address
//   ("source of test data - binance javascript SDK").
const VECTORS = [
  {privateKey: '2d8f68944bdbfbc0769542fba8fc2d2a3de67393334471624364c7006da2aa54', address: 'TJRyWwFs9wTFGZg3JbrVriFbNfCug5tDeC'},
  {privateKey: '8d596057e510b14cbb9bf24f88803a6d6dbd138dd303a62b175b9e6cc0f3f941', address: 'TY72iA3SBtrds3QLYsS7LwYfkzXwAXCRWT'},
]

test('published private key → T-address vectors, from the compressed public key too', (t) => {
  for (const {privateKey, address} of VECTORS) {
    const key = getBytes('0x' + privateKey)
    t.is(tronAddressFromPrivateKey(key), address)
    t.is(tronAddressFromPublicKey(getBytes(SigningKey.computePublicKey(key, true))), address)
    t.is(tronAddressFromPublicKey(getBytes(SigningKey.computePublicKey(key, false))), address)
    // TronWeb, an independent implementation, agrees.
    t.is(TronWeb.address.fromPrivateKey(privateKey), address)
  }
})

test('base58 ⇄ 41-hex ⇄ 20-byte EVM form', (t) => {
  // The USDT TRC-20 contract on mainnet, as TronScan shows it in both forms.
  const usdt = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'
  const hex = tronToHex(usdt)
  t.is(hex, '41a614f803b6fd780986a42c78ec9c7f77e6ded13c')
  t.is(tronFromHex(hex), usdt)
  t.is(tronFromHex('0x' + hex), usdt)
  t.is(tronToEvm(usdt), '0xa614f803B6FD780986A42c78Ec9c7f77e6DeD13C')
  t.is(tronFromEvm('0xa614f803b6fd780986a42c78ec9c7f77e6ded13c'), usdt)
  t.is(tronFromEvm('a614f803b6fd780986a42c78ec9c7f77e6ded13c'), usdt)
  t.is(TronWeb.address.fromHex(hex), usdt)
  t.is(canonicalTronAddress(usdt), usdt)
  t.is(canonicalTronAddress(hex.toUpperCase().replace(/^41/, '41')), usdt)
})

test('validation: checksum, prefix and length are enforced', (t) => {
  t.true(isTronAddress('TJRyWwFs9wTFGZg3JbrVriFbNfCug5tDeC'))
  t.false(isTronAddress('TJRyWwFs9wTFGZg3JbrVriFbNfCug5tDeD'), 'checksum')
  t.false(isTronAddress('tJRyWwFs9wTFGZg3JbrVriFbNfCug5tDeC'), 'case matters in base58')
  t.false(isTronAddress('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2'), 'a Bitcoin address: base58check but prefix 0x00')
  t.false(isTronAddress('0xa614f803B6FD780986A42c78Ec9c7f77e6DeD13C'), 'EVM form is not a TRON address')
  t.false(isTronAddress(''))
  const error = t.throws(() => canonicalTronAddress('0xa614f803B6FD780986A42c78Ec9c7f77e6DeD13C'))
  t.is((error as {code?: string}).code, 'invalid_argument')
  t.throws(() => tronFromHex('42a614f803b6fd780986a42c78ec9c7f77e6ded13c'))
})
