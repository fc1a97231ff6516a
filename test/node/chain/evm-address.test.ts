import test from 'ava'
import {HDNodeWallet, Mnemonic, SigningKey, getBytes} from 'ethers'
import {
  canonicalEvmAddress,
  evmAddressFromPrivateKey,
  evmAddressFromPublicKey,
  isEvmAddress,
} from '../../../src/node/chain/evm/address.js'

// The test vectors of EIP-55 itself (https://eips.ethereum.org/EIPS/eip-55, "Test Cases").
const EIP55 = [
  // All caps
  '0x52908400098527886E0F7030069857D2E4169EE7',
  '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
  // All lower
  '0xde709f2102306220921060314715629080e2fb77',
  '0x27b1fdb04752bbc536007a920d24acb045561c26',
  // Normal
  '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
  '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
]

test('EIP-55 vectors are valid and the canonical form is their checksum', (t) => {
  for (const address of EIP55) {
    t.true(isEvmAddress(address), address)
    t.is(canonicalEvmAddress(address).toLowerCase(), address.toLowerCase())
  }
  t.is(canonicalEvmAddress('0xde709f2102306220921060314715629080e2fb77'), '0xde709f2102306220921060314715629080e2fb77')
  for (const address of EIP55.slice(4)) t.is(canonicalEvmAddress(address.toLowerCase()), address)
  t.is(canonicalEvmAddress('0x5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED'), '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')
})

test('a mixed-case address with a wrong checksum is refused, as are other shapes', (t) => {
  // One letter's case flipped in an EIP-55 vector.
  t.false(isEvmAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD'))
  t.false(isEvmAddress('0x5aaeb6053F3E94C9b9A09f33669435E7Ef1BeAed'))
  t.false(isEvmAddress('5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'), 'no 0x')
  t.false(isEvmAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeA'), 'short')
  t.false(isEvmAddress('XE65GB6LDNXYOFTX0NSV3FUWKOWIXAMJK36'), 'ICAP')
  t.false(isEvmAddress('TJRyWwFs9wTFGZg3JbrVriFbNfCug5tDeC'), 'TRON')
  const error = t.throws(() => canonicalEvmAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD'))
  t.is((error as {code?: string}).code, 'invalid_argument')
})

test('known key → address: anvil/Hardhat account 0', (t) => {
  const privateKey = getBytes('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
  const compressed = getBytes(SigningKey.computePublicKey(privateKey, true))
  t.is(compressed.length, 33)
  t.is(evmAddressFromPublicKey(compressed), '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
  t.is(evmAddressFromPrivateKey(privateKey), '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
})

test('a BIP44 coin-60 key derived from a mnemonic gives the address ethers gives', (t) => {
  const mnemonic = Mnemonic.fromPhrase('test test test test test test test test test test test junk')
  const node = HDNodeWallet.fromMnemonic(mnemonic, "m/44'/60'/0'/0/1")
  t.is(evmAddressFromPublicKey(getBytes(node.publicKey)), node.address)
  // anvil/Hardhat account 1
  t.is(node.address, '0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
  t.throws(() => evmAddressFromPublicKey(new Uint8Array(32)))
})
