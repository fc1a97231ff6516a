import {Errors, Flags} from '@oclif/core'
import {AdminCommand} from '../../cli/admin-command.js'
import {walletColumns, walletSummary} from './show.js'

export default class WalletImport extends AdminCommand {
  static override summary =
    "Replace the node's generated wallet seed with your BIP39 mnemonic, before any address is issued (BlockchainService.ImportWallet)."
  static override description =
    'The mnemonic (12 to 24 English words) is read from a hidden prompt on a terminal, or from stdin when piped; ' +
    'never from a flag or an argument, so it stays out of shell history and process lists. ' +
    'The node refuses (FAILED_PRECONDITION) once it has issued a deposit address from its seed.'
  static override examples = [
    '<%= config.bin %> wallet import',
    '<%= config.bin %> wallet import < mnemonic.txt',
    'pass show exchange/mnemonic | <%= config.bin %> wallet import --json',
  ]

  static override flags = {
    xpub: Flags.boolean({default: false, summary: 'Also show the new deposit account paths and extended public keys.'}),
  }

  async run() {
    const {flags} = await this.parse(WalletImport)
    const mnemonic = await this.readMnemonic()
    const response = await this.call('BlockchainService', 'ImportWallet', {mnemonic})
    if (response.wallet) {
      this.details(walletSummary(response.wallet))
      this.table(response.wallet.chains, walletColumns(flags.xpub))
    }
    return response
  }

  /** The mnemonic: a hidden prompt when stdin is a terminal, else all of stdin; words separated by single spaces. */
  private async readMnemonic(): Promise<string> {
    let text: string
    if (process.stdin.isTTY) {
      // The prompt goes to stderr, so `--json > file` keeps stdout clean.
      const {createPromptModule} = await import('inquirer')
      const prompt = createPromptModule({output: process.stderr})
      const answer = await prompt<{mnemonic: string}>([
        {type: 'password', name: 'mnemonic', message: 'BIP39 mnemonic (input hidden)', mask: undefined},
      ])
      text = answer.mnemonic
    } else {
      text = await readStdin()
    }
    const mnemonic = text.trim().split(/\s+/).join(' ')
    if (mnemonic === '') {
      throw new Errors.CLIError(
        'no mnemonic: run on a terminal to be asked for it, or pipe it on stdin (echo "word1 word2 ..." | exchange wallet import)',
        {exit: 2},
      )
    }
    return mnemonic
  }
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of process.stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer))
  return Buffer.concat(chunks).toString('utf8')
}
