/**
 * docs/quickstart.md cannot rot: its `sh quickstart` blocks run in order, in one bash session, against
 * a fresh node (the CLI steps through bin/run.js over dist/: `npm run build` first, as for the CLI
 * tests); then its Python and Node snippets; and its signature test vector is checked against the
 * node's own signer and against the page's openssl recipe.
 */
import {spawn} from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import test from 'ava'
import {sign} from '../../src/node/apikeys/signature.js'
import {startTestNode, tempDir, type TestNode} from '../helpers/node.js'
import {ROOT} from '../helpers/paths.js'

const PAGE = fs.readFileSync(path.join(ROOT, 'docs/quickstart.md'), 'utf8')

/** The bodies of the page's fenced blocks whose info string is exactly `info`, in order. */
function blocks(info: string): string[] {
  const found: string[] = []
  for (const match of PAGE.matchAll(/^```([^\n]*)\n([\s\S]*?)^```$/gm)) {
    if (match[1]!.trim() === info) found.push(match[2]!)
  }
  return found
}

type Run = {code: number | null; stdout: string; stderr: string}

function run(command: string, args: string[], env: NodeJS.ProcessEnv, input = ''): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {cwd: ROOT, env: {...process.env, NODE_OPTIONS: '', CI: 'true', ...env}})
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')))
    const timer = setTimeout(() => child.kill('SIGKILL'), 240_000)
    child.on('error', reject)
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({code, stdout, stderr})
    })
    child.stdin.end(input)
  })
}

let node: TestNode
test.before(async () => {
  node = await startTestNode()
})
test.after.always(async () => {
  await node?.close()
})

test("the signature test vector is what the node signs, and what the page's openssl recipe prints", async (t) => {
  const [vector] = blocks('text signature-vector')
  t.truthy(vector, 'the page has a signature-vector block')
  const fields = Object.fromEntries(
    vector!
      .trim()
      .split('\n')
      .map((line) => {
        const colon = line.indexOf(':')
        return [line.slice(0, colon).trim(), line.slice(colon + 1).trim()]
      }),
  )
  const message = `${fields['timestamp']}${fields['method']}${fields['target']}${fields['body']}`
  t.is(sign(fields['secret']!, message), fields['signature'])
  const [recipe] = blocks('sh vector')
  const printed = await run('bash', ['-euo', 'pipefail', '-c', recipe!], {})
  t.is(printed.code, 0, printed.stderr)
  t.is(printed.stdout.trim(), fields['signature'])
})

test('the quickstart runs as written: sign-up, codes from the outbox, funding → trading, an API key, signed orders by curl, Python and Node, and a first trade against a second trader', async (t) => {
  t.timeout(600_000)
  if (!fs.existsSync(path.join(ROOT, 'dist/commands/outbox/list.js'))) {
    t.fail('dist/ is missing: run `npm run build` (the quickstart uses the CLI)')
    return
  }
  const email = `quickstart-${Date.now()}@example.com`
  const phone = `+1415${String(Date.now()).slice(-7)}`
  const env = {EXCHANGE_URL: node.httpUrl, EXCHANGE_ADMIN_URL: node.grpcAddress, EMAIL: email, PHONE: phone, BOB: `bob-${email}`}
  const script = [
    ...blocks('sh quickstart'),
    'echo "QUICKSTART account=$ACCOUNT_ID"',
    'echo "QUICKSTART key=$API_KEY"',
    'echo "QUICKSTART secret=$API_SECRET"',
  ].join('\n')
  t.true(blocks('sh quickstart').length >= 8)
  const shell = await run('bash', ['-euo', 'pipefail', '-s'], env, script)
  t.is(shell.code, 0, `stdout:\n${shell.stdout}\nstderr:\n${shell.stderr}`)
  const value = (name: string): string => new RegExp(`^QUICKSTART ${name}=(.+)$`, 'm').exec(shell.stdout)?.[1] ?? ''
  const accountId = value('account')
  const trading = node.services.trading

  // The curl order rested (nobody sold at 20000), then Bob's signed sell traded with it: filled, as maker.
  t.like(trading.orderByClientId(accountId, 'quickstart-1'), {
    status: 'filled',
    price: '20000',
    qty: '0.001',
    filledQty: '0.001',
  })
  t.regex(shell.stdout, /"client_order_id":"quickstart-1"/)
  t.regex(shell.stdout, /"fills":\[\]/)
  t.regex(
    shell.stdout,
    /"status":"filled","fills":\[\{"trade_id":"[^"]+","price":"20000","qty":"0.001","fee":"0.04","fee_asset":"USDT"\}\]/,
  )
  t.regex(shell.stdout, /"avg_price":"20000"/)
  const trades = trading.listTrades({accountId, limit: 10, offset: 0}).trades
  t.is(trades.length, 1)
  t.like(trades[0], {price: '20000', qty: '0.001', isMaker: true})

  const keys = {...env, API_KEY: value('key'), API_SECRET: value('secret')}
  const [python] = blocks('python quickstart')
  const dir = tempDir('quickstart-')
  fs.writeFileSync(path.join(dir, 'place.py'), python!)
  const py = await run('python3', [path.join(dir, 'place.py')], keys)
  t.is(py.code, 0, py.stderr)
  t.like(JSON.parse(py.stdout), {client_order_id: 'quickstart-py', status: 'open'})

  const [js] = blocks('js quickstart')
  fs.writeFileSync(path.join(dir, 'place.mjs'), js!)
  const nodeRun = await run(process.execPath, [path.join(dir, 'place.mjs')], keys)
  t.is(nodeRun.code, 0, nodeRun.stderr)
  t.regex(nodeRun.stdout, /^200 /)
  t.like(trading.orderByClientId(accountId, 'quickstart-node'), {status: 'open'})

  // Of the 500 USDT moved to trading, the trade took 20 and two open orders hold 40; 500 stay on funding.
  // The 0.001 BTC bought arrives less the 0.1% maker fee.
  const account = node.services.accounts.cachedById(accountId)!
  t.deepEqual(node.services.ledger.balance(account.tradingAccountId, 'USDT'), {available: 440_000_000n, locked: 40_000_000n})
  t.deepEqual(node.services.ledger.balance(account.fundingAccountId, 'USDT'), {available: 500_000_000n, locked: 0n})
  t.deepEqual(node.services.ledger.balance(account.tradingAccountId, 'BTC'), {available: 99_900n, locked: 0n})
  t.true(node.services.ledger.verify().ok)
})
