/**
 * A built web app as Vite leaves it in `dist/web/` (docs/web.md "Serving"), made in a temp folder for
 * a node's `webRoot`: `index.html`, a content-hashed script with its `.br` and `.gz` beside it, a
 * stylesheet with a `.gz` only, a favicon, and, outside the app's folder, a file no request may reach.
 */
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import zlib from 'node:zlib'
import {tempDir} from './node.js'

export type WebFixture = {
  /** The app's folder, for `webRoot`. */
  root: string
  /** The folder holding it (and the secret beside it). */
  dir: string
  index: string
  script: {path: string; plain: string; br: Buffer; gzip: Buffer}
  style: {path: string; plain: string; gzip: Buffer}
  favicon: Buffer
  /** The text of a file outside the app's folder: never in an answer. */
  secret: string
}

export const INDEX_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Exchange</title>' +
  '<script type="module" src="/assets/app-3f9a1c.js"></script><link rel="stylesheet" href="/assets/app-77d0e2.css">' +
  '</head><body><div id="root"></div></body></html>'

export function makeWebApp(): WebFixture {
  const dir = tempDir('exchange-web-')
  const root = path.join(dir, 'web')
  fs.mkdirSync(path.join(root, 'assets'), {recursive: true})
  const plain = `console.log(${JSON.stringify('trade '.repeat(200))})\n`
  const script = {
    path: '/assets/app-3f9a1c.js',
    plain,
    br: zlib.brotliCompressSync(plain),
    gzip: zlib.gzipSync(plain),
  }
  const stylePlain = `body { margin: 0; }\n${'.row { display: flex; }\n'.repeat(50)}`
  const style = {path: '/assets/app-77d0e2.css', plain: stylePlain, gzip: zlib.gzipSync(stylePlain)}
  const favicon = Buffer.from([0, 0, 1, 0, 1, 0, 16, 16])
  const secret = `secret outside the app ${process.pid}`
  fs.writeFileSync(path.join(root, 'index.html'), INDEX_HTML)
  fs.writeFileSync(path.join(root, 'index.html.br'), zlib.brotliCompressSync(INDEX_HTML))
  fs.writeFileSync(path.join(root, 'index.html.gz'), zlib.gzipSync(INDEX_HTML))
  fs.writeFileSync(path.join(root, script.path), script.plain)
  fs.writeFileSync(path.join(root, `${script.path}.br`), script.br)
  fs.writeFileSync(path.join(root, `${script.path}.gz`), script.gzip)
  fs.writeFileSync(path.join(root, style.path), style.plain)
  fs.writeFileSync(path.join(root, `${style.path}.gz`), style.gzip)
  fs.writeFileSync(path.join(root, 'favicon.ico'), favicon)
  fs.writeFileSync(path.join(dir, 'secret.txt'), secret)
  fs.symlinkSync(path.join(dir, 'secret.txt'), path.join(root, 'linked-secret.txt'))
  return {root, dir, index: INDEX_HTML, script, style, favicon, secret}
}

export type RawAnswer = {status: number; headers: http.IncomingHttpHeaders; body: Buffer}

/**
 * One request with the target sent byte for byte (fetch and URL resolve `..` and escapes before
 * sending, which would hide what a client can really send), and no decoding of the answer.
 */
export function rawRequest(
  port: number,
  target: string,
  options: {method?: string; headers?: http.OutgoingHttpHeaders} = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request({
      host: '127.0.0.1',
      port,
      path: target,
      method: options.method ?? 'GET',
      headers: options.headers,
    })
    request.on('response', (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () =>
        resolve({status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks)}),
      )
    })
    request.on('error', reject)
    request.end()
  })
}
