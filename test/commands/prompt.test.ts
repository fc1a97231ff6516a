/**
 * On a terminal, missing required input is asked for (inquirer) and money operations ask for
 * confirmation. The terminal is a real pseudo-terminal from util-linux `script`.
 */
import {spawn} from 'node:child_process'
import {generateMnemonic} from '@scure/bip39'
import {wordlist} from '@scure/bip39/wordlists/english.js'
import test from 'ava'
import {BIN, CLI_TIMEOUT_MS} from '../helpers/cli.js'
import {startTestNode, uniqueEmail, type TestNode} from '../helpers/node.js'

let node: TestNode
test.before(async () => {
  node = await startTestNode()
})
test.after.always(async () => {
  await node?.close()
})

/** Runs the CLI inside a pseudo-terminal; for each [prompt pattern, answer] waits for the prompt, then types. */
function runOnTerminal(args: string[], answers: [RegExp, string][]): Promise<{code: number; output: string}> {
  return new Promise((resolve, reject) => {
    const command = [process.execPath, BIN, ...args].map((part) => `'${part.replace(/'/g, `'\\''`)}'`).join(' ')
    const env: NodeJS.ProcessEnv = {...process.env, NODE_OPTIONS: '', TERM: 'xterm'}
    delete env['CI']
    const child = spawn('script', ['-qec', command, '/dev/null'], {env, stdio: ['pipe', 'pipe', 'pipe']})
    let output = ''
    let seen = 0
    const pending = [...answers]
    const timer = setTimeout(() => child.kill('SIGKILL'), CLI_TIMEOUT_MS)
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8')
      const next = pending[0]
      if (next && next[0].test(output.slice(seen))) {
        pending.shift()
        seen = output.length
        child.stdin.write(`${next[1]}\r`)
      }
    })
    child.on('error', reject)
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({code: code ?? -1, output})
    })
  })
}

test('a missing e-mail and password are prompted for on a terminal', async (t) => {
  const email = uniqueEmail('tty')
  const {code, output} = await runOnTerminal(
    ['accounts', 'create', '--admin-url', node.grpcAddress],
    [
      [/E-mail/, email],
      [/Password/, 'password123'],
    ],
  )
  t.is(code, 0, output)
  t.false(output.includes('password123'), 'the password is masked')
  const details = await node.admin.call<{email: string; status: string}>('AccountsService', 'GetAccountDetails', {email})
  t.is(details.status, 'active')
})

test('a money operation asks for confirmation and does nothing when refused', async (t) => {
  const account = await node.admin.call<{id: string; email: string}>('AccountsService', 'CreateAccount', {
    email: uniqueEmail('tty'),
    password: 'password123',
  })
  const args = [
    'ops',
    'topup',
    '--admin-url',
    node.grpcAddress,
    '--account-id',
    account.id,
    '--asset',
    'USDT',
    '--amount',
    '5',
    '--reason',
    'tty test',
  ]
  const refused = await runOnTerminal(args, [[/\(y\/N\)/, 'n']])
  // Declined: exit 2 as docs/cli.md says for a refused confirmation; the prompt names the e-mail.
  t.is(refused.code, 2, refused.output)
  t.true(refused.output.includes(`top up 5 USDT to ${account.email}`), refused.output)
  t.regex(refused.output, /cancelled/)
  const accepted = await runOnTerminal(args, [[/\(y\/N\)/, 'y']])
  t.is(accepted.code, 0, accepted.output)
  t.true(accepted.output.includes(`funding USDT of ${account.email}: available 5, locked 0`), accepted.output)
  const {balances} = await node.admin.call<{balances: {asset: string; account_type: string; available: string}[]}>(
    'AccountsService',
    'GetBalances',
    {email: (await node.services.accounts.byId(account.id))!.email},
  )
  t.is(balances.find((b) => b.asset === 'USDT' && b.account_type === 'funding')!.available, '5')
})

test('wallet import on a terminal asks for the mnemonic with hidden input and imports it', async (t) => {
  const mnemonic = generateMnemonic(wordlist, 256)
  const {code, output} = await runOnTerminal(
    ['wallet', 'import', '--admin-url', node.grpcAddress],
    [[/BIP39 mnemonic/, mnemonic]],
  )
  t.is(code, 0, output)
  t.false(output.includes(mnemonic.split(' ').slice(0, 2).join(' ')), 'the words are not echoed')
  t.regex(output, /seed\s+imported/)
  const wallet = await node.admin.call<{imported: boolean}>('BlockchainService', 'GetWallet', {})
  t.true(wallet.imported)
})
