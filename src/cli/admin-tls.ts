/**
 * The TLS flags every admin command has (--admin-ca, --admin-cert, --admin-key) and the gRPC
 * credentials they make: plaintext when none is given and the URL is not grpcs://, TLS otherwise
 * (with a client certificate when the node requires one). See docs/admin-grpc.md.
 */
import fs from 'node:fs'
import type {ChannelCredentials} from '@grpc/grpc-js'
import {Errors, Flags} from '@oclif/core'
import {tlsCredentials} from '../node/admin/client.js'

export const adminTlsFlags = {
  'admin-ca': Flags.string({
    env: 'EXCHANGE_ADMIN_CA',
    summary: "CA bundle (PEM) of the node's gRPC certificate; turns TLS on (default roots: the system's with grpcs://).",
    helpGroup: 'GLOBAL',
  }),
  'admin-cert': Flags.string({
    env: 'EXCHANGE_ADMIN_CERT',
    summary: 'Client certificate (PEM) for a node started with --grpc-tls-client-ca; needs --admin-key.',
    dependsOn: ['admin-key'],
    helpGroup: 'GLOBAL',
  }),
  'admin-key': Flags.string({
    env: 'EXCHANGE_ADMIN_KEY',
    summary: 'Private key (PEM) of --admin-cert.',
    dependsOn: ['admin-cert'],
    helpGroup: 'GLOBAL',
  }),
}

type AdminTlsFlags = {'admin-ca'?: string; 'admin-cert'?: string; 'admin-key'?: string}

/** The credentials for `url` and the TLS flags, and the address without its grpc:// or grpcs:// scheme. */
export function adminConnection(url: string, flags: AdminTlsFlags): {address: string; credentials?: ChannelCredentials} {
  const secureScheme = /^grpcs:\/\//.test(url)
  const address = url.replace(/^grpcs?:\/\//, '')
  if (!secureScheme && !flags['admin-ca'] && !flags['admin-cert']) return {address}
  return {
    address,
    credentials: tlsCredentials({
      ca: readPem(flags['admin-ca'], 'admin-ca'),
      cert: readPem(flags['admin-cert'], 'admin-cert'),
      key: readPem(flags['admin-key'], 'admin-key'),
    }),
  }
}

function readPem(file: string | undefined, flag: string): Buffer | undefined {
  if (!file) return undefined
  try {
    return fs.readFileSync(file)
  } catch (error) {
    throw new Errors.CLIError(`--${flag}: cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`, {
      exit: 2,
    })
  }
}
