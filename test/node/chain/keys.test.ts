import test from 'ava'
import {bech32, bech32m, hex} from '@scure/base'
import {WIF} from '@scure/btc-signer'
import {mnemonicToSeedSync} from '@scure/bip39'
import {ExchangeError} from '../../../src/node/ground/errors.js'
import {
  BITCOIN_NETWORKS,
  LITECOIN_REGTEST,
  canonicalAddress,
  isValidAddress,
  p2wpkhAddress,
} from '../../../src/node/chain/btc/address.js'
import {
  accountExtendedPublicKey,
  deriveAtPath,
  deriveKey,
  generateMnemonic,
  importMnemonic,
  isValidMnemonic,
  keyPath,
  mnemonicToSeed,
} from '../../../src/node/chain/keys/index.js'

const ABANDON_ABOUT = `${'abandon '.repeat(11)}about`
const mainnet = BITCOIN_NETWORKS.mainnet

test('BIP32 test vector 1: every published xpub (and the private keys) along m/0H/1/2H/2/1000000000', (t) => {
  const seed = hex.decode('000102030405060708090a0b0c0d0e0f')
  const vectors: [string, string, string?][] = [
    [
      'm',
      'xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8YtGqsefD265TMg7usUDFdp6W1EGMcet8',
      'e8f32e723decf4051aefac8e2c93c9c5b214313817cdb01a1494b917c8436b35',
    ],
    [
      "m/0'",
      'xpub68Gmy5EdvgibQVfPdqkBBCHxA5htiqg55crXYuXoQRKfDBFA1WEjWgP6LHhwBZeNK1VTsfTFUHCdrfp1bgwQ9xv5ski8PX9rL2dZXvgGDnw',
      'edb2e14f9ee77d26dd93b4ecede8d16ed408ce149b6cd80b0715a2d911a0afea',
    ],
    [
      "m/0'/1",
      'xpub6ASuArnXKPbfEwhqN6e3mwBcDTgzisQN1wXN9BJcM47sSikHjJf3UFHKkNAWbWMiGj7Wf5uMash7SyYq527Hqck2AxYysAA7xmALppuCkwQ',
      '3c6cb8d0f6a264c91ea8b5030fadaa8e538b020f0a387421a12de9319dc93368',
    ],
    [
      "m/0'/1/2'/2/1000000000",
      'xpub6H1LXWLaKsWFhvm6RVpEL9P4KfRZSW7abD2ttkWP3SSQvnyA8FSVqNTEcYFgJS2UaFcxupHiYkro49S8yGasTvXEYBVPamhGW6cFJodrTHy',
    ],
  ]
  for (const [path, xpub, privateKey] of vectors) {
    const key = deriveAtPath(seed, path)
    t.is(key.extendedPublicKey, xpub, path)
    t.is(key.publicKey.length, 33)
    if (privateKey) t.is(hex.encode(key.privateKey), privateKey, path)
  }
})

test('BIP32 test vector 2: master and m/0 xpubs', (t) => {
  const seed = hex.decode(
    'fffcf9f6f3f0edeae7e4e1dedbd8d5d2cfccc9c6c3c0bdbab7b4b1aeaba8a5a29f9c999693908d8a8784817e7b7875726f6c696663605d5a5754514e4b484542',
  )
  t.is(
    deriveAtPath(seed, 'm').extendedPublicKey,
    'xpub661MyMwAqRbcFW31YEwpkMuc5THy2PSt5bDMsktWQcFF8syAmRUapSCGu8ED9W6oDMSgv6Zz8idoc4a6mr8BDzTJY47LJhkJ8UB7WEGuduB',
  )
  t.is(
    deriveAtPath(seed, 'm/0').extendedPublicKey,
    'xpub69H7F5d8KSRgmmdJg2KhpAK8SR3DjMwAdkxj3ZuxV27CprR9LgpeyGmXUbC6wb7ERfvrnKZjXoUmmDznezpbZb7ap6r1D3tgFxHmwMkQTPH',
  )
})

test('BIP39 vectors: mnemonic + passphrase "TREZOR" -> seed', (t) => {
  t.is(
    hex.encode(mnemonicToSeed(ABANDON_ABOUT, 'TREZOR')),
    'c55257c360c07c72029aebc1b53c05ed0362ada38ead3e3e9efa3708e53495531f09a6987599d18264c1e1c92f2cf141630c7a3c4ab7c81b2f001698e7463b04',
  )
  t.is(
    hex.encode(mnemonicToSeed(`${'abandon '.repeat(23)}art`, 'TREZOR')),
    'bda85446c68413707090a52022edd26a1c9462295029f2e60cd7c4f2bbd3097170af7a4d73245cafa9c3cca8d561a7c3de6f5d4a10be8ed2a5e608d68f92fcc8',
  )
})

test('the seed is the one @scure/bip39 derives, a passphrase with accents (NFKD) included', (t) => {
  for (const passphrase of ['', 'TREZOR', 'pässwörd ǅ', 'e\u0301']) {
    const mnemonic = generateMnemonic(12)
    t.is(hex.encode(mnemonicToSeed(mnemonic, passphrase)), hex.encode(mnemonicToSeedSync(mnemonic, passphrase)), passphrase)
  }
})

test('a generated mnemonic has 24 valid words by default and gives a 64-byte seed', (t) => {
  const mnemonic = generateMnemonic()
  t.is(mnemonic.split(' ').length, 24)
  t.true(isValidMnemonic(mnemonic))
  t.is(mnemonicToSeed(mnemonic).length, 64)
  t.is(generateMnemonic(12).split(' ').length, 12)
  t.not(generateMnemonic(), mnemonic)
})

test('import normalizes blanks and case, and refuses wrong counts, unknown words and bad checksums', (t) => {
  t.is(importMnemonic(`  ${ABANDON_ABOUT.toUpperCase().replaceAll(' ', '\n ')}  `), ABANDON_ABOUT)
  t.throws(() => importMnemonic('abandon abandon'), {instanceOf: ExchangeError, message: /12, 15, 18, 21 or 24 words/})
  t.throws(() => importMnemonic(`${'abandon '.repeat(11)}bitcoinz`), {instanceOf: ExchangeError, message: /word 12/})
  t.throws(() => importMnemonic('abandon '.repeat(12).trim()), {instanceOf: ExchangeError, message: /checksum/})
  t.false(isValidMnemonic('abandon '.repeat(12).trim()))
})

test('BIP84 vectors: zpub, first receive addresses and key of "abandon ... about"', (t) => {
  const seed = mnemonicToSeed(ABANDON_ABOUT)
  const account = accountExtendedPublicKey(seed, 'btc', 'mainnet')
  t.is(account.path, "m/84'/0'/0'")
  t.is(
    account.extendedPublicKey,
    'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs',
  )
  const first = deriveKey(seed, 'btc', 'mainnet', {branch: 'deposit', index: 0})
  t.is(first.path, "m/84'/0'/0'/0/0")
  t.is(hex.encode(first.publicKey), '0330d54fd0dd420a6e5f8d3624f5f3482cae350f79d5f0753bf5beef9c2d91af3c')
  t.is(hex.encode(first.privateKey), hex.encode(WIF().decode('KyZpNDKnfs94vbrwhJneDi77V6jF64PWPF8x5cdJb8ifgg2DUc9d')))
  t.is(p2wpkhAddress(first.publicKey, mainnet), 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu')
  const second = deriveKey(seed, 'btc', 'mainnet', {branch: 'deposit', index: 1})
  t.is(p2wpkhAddress(second.publicKey, mainnet), 'bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g')
})

test('paths per chain, network and branch (docs/blockchain.md "Key derivation")', (t) => {
  t.is(keyPath('btc', 'mainnet', {branch: 'deposit', index: 7}), "m/84'/0'/0'/0/7")
  t.is(keyPath('btc', 'testnet', {branch: 'deposit', index: 7}), "m/84'/1'/0'/0/7")
  t.is(keyPath('btc', 'regtest', {branch: 'hot', index: 0}), "m/84'/1'/1'/0/0")
  t.is(keyPath('eth', 'mainnet', {branch: 'deposit', index: 3}), "m/44'/60'/0'/0/3")
  t.is(keyPath('eth', 'regtest', {branch: 'hot', index: 0}), "m/44'/60'/1'/0/0")
  t.is(keyPath('tron', 'testnet', {branch: 'deposit', index: 0}), "m/44'/195'/0'/0/0")
  t.is(keyPath('tron', 'mainnet', {branch: 'hot', index: 0}), "m/44'/195'/1'/0/0")
  t.throws(() => keyPath('btc', 'mainnet', {branch: 'hot', index: 1}), {instanceOf: ExchangeError})
  t.throws(() => keyPath('btc', 'mainnet', {branch: 'deposit', index: -1}), {instanceOf: ExchangeError})
  t.throws(() => keyPath('btc', 'mainnet', {branch: 'deposit', index: 2 ** 31}), {instanceOf: ExchangeError})
})

test('hot wallet and deposit keys differ; the vpub of regtest and the xpub of eth and tron', (t) => {
  const seed = mnemonicToSeed(ABANDON_ABOUT)
  const deposit = deriveKey(seed, 'btc', 'regtest', {branch: 'deposit', index: 0})
  const hot = deriveKey(seed, 'btc', 'regtest', {branch: 'hot', index: 0})
  t.not(hex.encode(deposit.privateKey), hex.encode(hot.privateKey))
  t.is(hex.encode(deposit.publicKey), hex.encode(deriveAtPath(seed, "m/84'/1'/0'/0/0").publicKey))
  // BIP84's testnet vector: m/84'/1'/0'/0/0 of "abandon ... about".
  t.is(p2wpkhAddress(deposit.publicKey, BITCOIN_NETWORKS.testnet), 'tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl')
  t.regex(p2wpkhAddress(deposit.publicKey, BITCOIN_NETWORKS.regtest), /^bcrt1q/)
  t.regex(p2wpkhAddress(deposit.publicKey, LITECOIN_REGTEST), /^rltc1q/)
  t.regex(accountExtendedPublicKey(seed, 'btc', 'regtest').extendedPublicKey, /^vpub/)
  t.regex(accountExtendedPublicKey(seed, 'btc', 'mainnet', 'hot').extendedPublicKey, /^zpub/)
  const eth = accountExtendedPublicKey(seed, 'eth', 'mainnet')
  t.is(eth.path, "m/44'/60'/0'")
  t.is(eth.extendedPublicKey, deriveAtPath(seed, "m/44'/60'/0'").extendedPublicKey)
  t.regex(accountExtendedPublicKey(seed, 'tron', 'testnet', 'hot').extendedPublicKey, /^xpub/)
})

test('address validation: kinds, checksums and networks', (t) => {
  const valid: [string, keyof typeof BITCOIN_NETWORKS][] = [
    ['1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', 'mainnet'],
    ['3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', 'mainnet'],
    ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', 'mainnet'],
    ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0', 'mainnet'],
    ['tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7', 'testnet'],
    ['mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn', 'testnet'],
    ['2MzQwSSnBHWHqSAqtTVQ6v47XtaisrJa1Vc', 'regtest'],
  ]
  for (const [address, network] of valid) t.true(isValidAddress(address, BITCOIN_NETWORKS[network]), address)
  t.is(canonicalAddress('BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4', mainnet), 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')
  const program = bech32.toWords(hex.decode('751e76e8199196d454941c45d1b3a323f1433bd6'))
  const invalid: [string, string][] = [
    ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5', 'bech32 checksum'],
    ['1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3', 'base58 checksum'],
    [bech32m.encode('bc', [0, ...program]), 'segwit v0 in bech32m'],
    [bech32.encode('bc', [1, ...bech32.toWords(new Uint8Array(32).fill(7))]), 'segwit v1 in bech32'],
    ['tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7', 'testnet address on mainnet'],
    ['mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn', 'testnet P2PKH on mainnet'],
    ['BC1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', 'mixed case'],
    ['', 'empty'],
  ]
  for (const [address, why] of invalid) t.false(isValidAddress(address, mainnet), why)
  t.false(isValidAddress('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', BITCOIN_NETWORKS.regtest), 'mainnet on regtest')
  t.false(isValidAddress('tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7', LITECOIN_REGTEST), 'tb on rltc')
  // Litecoin regtest's P2SH version byte (0x3a) differs from Bitcoin's testnet/regtest one (0xc4).
  t.false(isValidAddress('2MzQwSSnBHWHqSAqtTVQ6v47XtaisrJa1Vc', LITECOIN_REGTEST))
})
