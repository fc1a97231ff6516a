/** Wallet keys: the BIP39 seed and the BIP32 keys every chain adapter signs with. */
export {
  generateMnemonic,
  importMnemonic,
  isValidMnemonic,
  mnemonicToSeed,
  normalizeMnemonic,
  MNEMONIC_WORD_COUNTS,
} from './mnemonic.js'
export type {MnemonicWordCount} from './mnemonic.js'
export {accountExtendedPublicKey, accountPath, deriveAtPath, deriveKey, keyPath} from './derive.js'
export type {DerivedKey, KeyBranch, KeyLocation} from './derive.js'
