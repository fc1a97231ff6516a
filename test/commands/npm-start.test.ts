/**
 * `npm start` as the README's quick start runs it, stopped the way a supervisor or a terminal user
 * stops it: `kill <pid of npm>`. npm forwards SIGTERM to the script's shell; unless the script
 * `exec`s the node, the shell dies and the node goes on running with its ports and data dir held.
 *
 * The script line is package.json's own, run by npm in a scratch project whose `build` does nothing
 * (the suite builds once before it runs; rebuilding here would only cost time) and whose `bin` is
 * this project's. Data dir and ports come from the environment, as an operator would set them.
 */
import {spawn} from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import test from 'ava'
import {PID_FILE} from '../../src/node/store/lock.js'
import {CLI_TIMEOUT_MS} from '../helpers/cli.js'
import {tempDir} from '../helpers/node.js'
import {waitFor} from '../helpers/wait.js'
import {ROOT} from '../helpers/paths.js'

const BUILD = 'npm run --silent build && '

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** Whether a listener can bind `port` on 127.0.0.1 now (nothing else holds it). */
const portFree = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const probe = net.createServer()
    probe.once('error', () => resolve(false))
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)))
  })

test('SIGTERM to the npm process of `npm start` stops the node: it exits, its ports are free, its data dir is released', async (t) => {
  const start = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {scripts: {start: string}}).scripts.start
  t.true(start.startsWith(BUILD), `the start script no longer builds first: ${start}`)
  const project = tempDir('npm-start-')
  fs.writeFileSync(
    path.join(project, 'package.json'),
    JSON.stringify({name: 'npm-start-test', private: true, scripts: {build: 'true', start}}),
  )
  fs.symlinkSync(path.join(ROOT, 'bin'), path.join(project, 'bin'))
  const dataDir = path.join(project, 'data')

  const npm = spawn('npm', ['start'], {
    cwd: project,
    env: {
      ...process.env,
      CI: 'true',
      NODE_OPTIONS: '',
      EXCHANGE_DATA_DIR: dataDir,
      EXCHANGE_HTTP_HOST: '127.0.0.1',
      EXCHANGE_HTTP_PORT: '0',
      EXCHANGE_ADMIN_HTTP_PORT: '0',
      EXCHANGE_GRPC_PORT: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const npmExited = new Promise<number | null>((resolve) => npm.on('exit', (code) => resolve(code)))
  let output = ''
  npm.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const ports = await new Promise<Record<string, number>>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the node did not start:\n${output}`)), CLI_TIMEOUT_MS)
    npm.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const started = output.split('\n').find((line) => line.includes('"node started"'))
      if (!started) return
      clearTimeout(timer)
      resolve((JSON.parse(started) as {ports: Record<string, number>}).ports)
    })
    npm.on('exit', () => reject(new Error(`npm exited before the node started:\n${output}`)))
  })
  const nodePid = Number(fs.readFileSync(path.join(dataDir, PID_FILE), 'utf8'))
  // Whatever happens below, no node outlives the test.
  t.teardown(() => {
    if (alive(nodePid)) process.kill(nodePid, 'SIGKILL')
  })
  t.not(nodePid, npm.pid)

  npm.kill('SIGTERM')
  await npmExited
  t.true(await waitFor(() => !alive(nodePid), CLI_TIMEOUT_MS), `the node (pid ${nodePid}) is still running after npm exited`)
  for (const [listener, port] of Object.entries(ports)) t.true(await portFree(port), `${listener} port ${port} is still held`)
  t.false(fs.existsSync(path.join(dataDir, PID_FILE)), 'the data dir is still locked')
  t.regex(output, /"signal received"/)
})
