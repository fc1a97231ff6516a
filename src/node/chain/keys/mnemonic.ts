/**
 * The wallet seed as an operator sees it: a BIP39 mnemonic (24 English words by default), checked
 * against its checksum, and turned into the 64-byte BIP32 seed. Only @scure/bip39 touches the words;
 * the seed's PBKDF2 runs in node:crypto (OpenSSL), about a hundred times less CPU than @scure's
 * JavaScript one, paid at every start of a node with a wallet.
 */
import {pbkdf2Sync} from 'node:crypto'
import {generateMnemonic as generate, validateMnemonic} from '@scure/bip39'
import {wordlist} from '@scure/bip39/wordlists/english.js'
import {invalid} from '../../ground/errors.js'

/** Word counts BIP39 defines (128 to 256 bits of entropy, 32 bits per 3 words). */
export const MNEMONIC_WORD_COUNTS = [12, 15, 18, 21, 24] as const
export type MnemonicWordCount = (typeof MNEMONIC_WORD_COUNTS)[number]

/** A new random mnemonic; 24 words (256 bits of entropy) unless told otherwise. */
export function generateMnemonic(words: MnemonicWordCount = 24): string {
  if (!MNEMONIC_WORD_COUNTS.includes(words)) throw invalid(`a mnemonic has 12, 15, 18, 21 or 24 words, not ${words}`)
  return generate(wordlist, (words / 3) * 32)
}

/** The mnemonic as BIP39 spells it: lower case, NFKD, single spaces, no surrounding blanks. */
export function normalizeMnemonic(text: string): string {
  return text.normalize('NFKD').trim().toLowerCase().split(/\s+/).join(' ')
}

/** Whether `text` is a well-formed English BIP39 mnemonic (known words, right count, valid checksum). */
export function isValidMnemonic(text: string): boolean {
  return validateMnemonic(normalizeMnemonic(text), wordlist)
}

/**
 * Checks an operator's mnemonic (`exchange wallet import`) and returns it normalized; refuses an
 * unknown word, a wrong word count or a bad checksum with `invalid_argument`, never echoing the words.
 */
export function importMnemonic(text: string): string {
  const mnemonic = normalizeMnemonic(text)
  const count = mnemonic === '' ? 0 : mnemonic.split(' ').length
  if (!(MNEMONIC_WORD_COUNTS as readonly number[]).includes(count)) {
    throw invalid(`a mnemonic has 12, 15, 18, 21 or 24 words, got ${count}`)
  }
  const unknown = mnemonic.split(' ').findIndex((word) => !wordlist.includes(word))
  if (unknown >= 0) throw invalid(`word ${unknown + 1} of the mnemonic is not in the BIP39 English word list`)
  if (!validateMnemonic(mnemonic, wordlist)) throw invalid('the mnemonic checksum does not match (a word is wrong or misplaced)')
  return mnemonic
}

/** The 64-byte BIP32 seed of a mnemonic (BIP39: PBKDF2-HMAC-SHA512, 2048 rounds, salt "mnemonic" + passphrase, NFKD). */
export function mnemonicToSeed(mnemonic: string, passphrase = ''): Uint8Array {
  const salt = `mnemonic${passphrase}`.normalize('NFKD')
  return new Uint8Array(pbkdf2Sync(importMnemonic(mnemonic), salt, 2048, 64, 'sha512'))
}
