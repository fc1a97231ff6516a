/**
 * TLS of the admin gRPC server (docs/admin-grpc.md): the server's credentials from its PEM files,
 * and the credentials the node's own AdminGateway dials it with.
 */
import fs from 'node:fs'
import * as grpc from '@grpc/grpc-js'
import type {GrpcTlsConfig} from '../ground/config.js'

/**
 * Plaintext without `tls`; TLS with the certificate and key; with `clientCaFile` also client
 * authentication: a client without a certificate that CA issued is refused in the handshake.
 */
export function serverCredentials(tls: GrpcTlsConfig | undefined): grpc.ServerCredentials {
  if (!tls) return grpc.ServerCredentials.createInsecure()
  const pair = {cert_chain: fs.readFileSync(tls.certFile), private_key: fs.readFileSync(tls.keyFile)}
  const clientCa = tls.clientCaFile ? fs.readFileSync(tls.clientCaFile) : null
  return grpc.ServerCredentials.createSsl(clientCa, [pair], clientCa !== null)
}

/**
 * How the node's AdminGateway dials its own gRPC server: plaintext without TLS; with TLS it presents
 * the server's certificate as its client certificate (accepted when the client CA issued it) and
 * does not verify the server's: it dials a port this process itself holds open.
 */
export function ownClientCredentials(tls: GrpcTlsConfig | undefined): grpc.ChannelCredentials | undefined {
  if (!tls) return undefined
  return grpc.credentials.createSsl(null, fs.readFileSync(tls.keyFile), fs.readFileSync(tls.certFile), {
    rejectUnauthorized: false,
  })
}
