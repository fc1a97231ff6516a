/** `node start --trusted-proxies` / EXCHANGE_TRUSTED_PROXIES (docs/configuration.md "Behind a reverse proxy"); the behaviour itself: test/node/http/. */
import test from 'ava'
import {runCli} from '../helpers/cli.js'

test('node start --help lists --trusted-proxies with its environment variable', async (t) => {
  const help = await runCli(['node', 'start', '--help'])
  t.regex(help.stdout, /--trusted-proxies/)
  t.regex(help.stdout, /EXCHANGE_TRUSTED_PROXIES/)
})

test('node start: a malformed trusted proxy is a usage error naming the flag (exit 2), before anything starts', async (t) => {
  const [flag, env] = await Promise.all([
    runCli(['node', 'start', '--trusted-proxies', '127.0.0.1,10.0.0.0/33']),
    runCli(['node', 'start'], {env: {EXCHANGE_TRUSTED_PROXIES: 'nginx'}}),
  ])
  for (const result of [flag, env]) {
    t.is(result.code, 2, result.stderr)
    t.true(result.stderr.includes('--trusted-proxies'), result.stderr)
  }
})
