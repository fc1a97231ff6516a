/**
 * Certificates made at run time with the `openssl` command: a test CA, a server certificate for
 * 127.0.0.1 and localhost (serverAuth and clientAuth, so the AdminGateway can present it to an
 * mTLS gRPC server), a client certificate from the same CA, and an untrusted client certificate
 * from another CA. EC P-256 keys, valid for a day, in a fresh temp dir.
 */
import {execFileSync} from 'node:child_process'
import {randomBytes, X509Certificate} from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/** PEM file paths of one certificate and its key, and the certificate's serial (hex, as X509Certificate gives it). */
export type Issued = {cert: string; key: string; serial: string}

export type TestPki = {
  dir: string
  /** The CA's certificate (PEM path): trusted by clients for the server, and by the server for clients. */
  ca: string
  server: Issued
  client: Issued
  /** Issued by a CA the node does not trust. */
  untrustedClient: Issued
  /** Issues another server certificate (a new serial) into `<name>.pem` / `<name>.key`. */
  issueServer(name: string): Issued
  read(file: string): Buffer
}

const openssl = (cwd: string, args: string[]): void => {
  execFileSync('openssl', args, {cwd, stdio: ['ignore', 'ignore', 'pipe']})
}

const KEY = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes']

function makeCa(dir: string, name: string): void {
  openssl(dir, [
    'req', '-x509', ...KEY, '-keyout', `${name}.key`, '-out', `${name}.pem`, '-days', '1', '-subj', `/CN=${name}`,
    '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign',
  ]) // prettier-ignore
}

function issue(dir: string, ca: string, name: string, extensions: string): Issued {
  fs.writeFileSync(path.join(dir, `${name}.ext`), extensions)
  openssl(dir, ['req', '-new', ...KEY, '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', `/CN=${name}`])
  openssl(dir, [
    'x509', '-req', '-in', `${name}.csr`, '-CA', `${ca}.pem`, '-CAkey', `${ca}.key`, '-days', '1',
    '-set_serial', `0x${randomBytes(8).toString('hex')}`, '-extfile', `${name}.ext`, '-out', `${name}.pem`,
  ]) // prettier-ignore
  const cert = path.join(dir, `${name}.pem`)
  return {cert, key: path.join(dir, `${name}.key`), serial: new X509Certificate(fs.readFileSync(cert)).serialNumber}
}

const SERVER_EXTENSIONS =
  'basicConstraints=CA:FALSE\nsubjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth,clientAuth\n'
const CLIENT_EXTENSIONS = 'basicConstraints=CA:FALSE\nextendedKeyUsage=clientAuth\n'

/** A fresh PKI in a temp dir; `fs.rmSync(pki.dir, {recursive: true})` when done. */
export function makeTestPki(): TestPki {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'exchange-tls-'))
  makeCa(dir, 'ca')
  makeCa(dir, 'other-ca')
  return {
    dir,
    ca: path.join(dir, 'ca.pem'),
    server: issue(dir, 'ca', 'server', SERVER_EXTENSIONS),
    client: issue(dir, 'ca', 'client', CLIENT_EXTENSIONS),
    untrustedClient: issue(dir, 'other-ca', 'untrusted-client', CLIENT_EXTENSIONS),
    issueServer: (name) => issue(dir, 'ca', name, SERVER_EXTENSIONS),
    read: (file) => fs.readFileSync(file),
  }
}
