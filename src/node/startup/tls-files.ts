/**
 * The certificate files of the TLS listeners, read and checked before the store is opened (issue 12
 * item 8): a file that cannot be read or is not PEM, or a key that does not go with its certificate,
 * refuses the start with the flag and the path (`--http-tls-cert /etc/x.pem: cannot read the
 * certificate: no such file or directory (ENOENT)`), and the store is not touched. The listeners read
 * the files again when they open (and the HTTPS ones on SIGHUP).
 */
import {X509Certificate} from 'node:crypto'
import fs from 'node:fs'
import tls from 'node:tls'
import type {NodeConfig, TlsFiles} from '../ground/config.js'
import {causeOf, StartupRefused} from '../store/refusal.js'

type Listener = {flag: string; files: TlsFiles | undefined; clientCaFile?: string}

export function checkTlsFiles(config: NodeConfig): void {
  const listeners: Listener[] = [
    {flag: '--http-tls', files: config.httpTls},
    {flag: '--admin-http-tls', files: config.adminHttpTls},
    {flag: '--grpc-tls', files: config.grpcTls, clientCaFile: config.grpcTls?.clientCaFile},
  ]
  for (const {flag, files, clientCaFile} of listeners) {
    if (!files) continue
    const cert = read(`${flag}-cert`, files.certFile, 'certificate')
    const key = read(`${flag}-key`, files.keyFile, 'key')
    attempt(`${flag}-cert ${files.certFile}: not a PEM certificate`, () => tls.createSecureContext({cert}))
    attempt(`${flag}-key ${files.keyFile}: not the key of ${flag}-cert ${files.certFile}`, () =>
      tls.createSecureContext({cert, key}),
    )
    if (clientCaFile !== undefined) {
      const ca = read(`${flag}-client-ca`, clientCaFile, 'CA bundle')
      // createSecureContext passes over a CA bundle that is not PEM; X509Certificate does not.
      attempt(`${flag}-client-ca ${clientCaFile}: not a PEM certificate`, () => new X509Certificate(ca))
    }
  }
}

function read(flag: string, file: string, what: string): Buffer {
  try {
    return fs.readFileSync(file)
  } catch (error) {
    throw new StartupRefused(`${flag} ${file}: cannot read the ${what}: ${causeOf(error)}`)
  }
}

function attempt(refusal: string, check: () => unknown): void {
  try {
    check()
  } catch (error) {
    throw new StartupRefused(`${refusal} (${causeOf(error)})`)
  }
}
