/**
 * The test function of a file whose tests need a system daemon (litecoind, nats-server), which
 * `.ci/run` installs with apt-get but a newcomer's machine may lack.
 *
 * `const test = daemonTest<Context>('litecoind', 'litecoind')` is ava's `test` when the command is on
 * the PATH. When it is not, the file's own tests are left out and one line stands for them: a skipped
 * test naming the `apt-get install` that enables it, or, with `CI=true`, a failing one (CI must run them).
 */
import anyTest, {type TestFn} from 'ava'
import type {ChildProcess} from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'

/**
 * Where the executable `command` is: the PATH's directories, then the sbin directories Debian
 * installs daemons into (nats-server is /usr/sbin/nats-server), which a user's PATH may lack.
 */
export function which(command: string): string | undefined {
  const dirs = [...(process.env['PATH'] ?? '').split(path.delimiter), '/usr/sbin', '/usr/local/sbin', '/sbin']
  for (const dir of dirs.filter((entry) => entry !== '')) {
    const file = path.join(dir, command)
    try {
      fs.accessSync(file, fs.constants.X_OK)
      return file
    } catch {
      // not here
    }
  }
  return undefined
}

/** Takes any property access and any call, and does nothing: the file's tests when the daemon is absent. */
const inert: unknown = new Proxy(() => undefined, {get: () => inert, apply: () => inert})

export function daemonTest<Context = unknown>(command: string, aptPackage: string): TestFn<Context> {
  const test = anyTest as TestFn<Context>
  if (which(command) !== undefined) return test
  const line = `${command} is not installed: apt-get install -y ${aptPackage}`
  if (process.env['CI'] === 'true') test(`${line} (required with CI=true)`, (t) => t.fail(line))
  else test.skip(line, () => undefined)
  return inert as TestFn<Context>
}

/** A free TCP port on 127.0.0.1 (free now: the daemon started next binds it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const {port} = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

/** Resolves once `child` has exited (at once if it has). */
export function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()))
}
