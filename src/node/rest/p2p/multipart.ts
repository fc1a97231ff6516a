/**
 * A minimal multipart/form-data reader for the chat's one-file upload: reads the request (at
 * most `limit` bytes, else 413 and the connection's last answer: http/body.ts), splits it on the
 * boundary and returns the first part that carries a file.
 */
import type {Context} from 'koa'
import {ExchangeError, invalid} from '../../ground/errors.js'
import {readLimited} from '../../http/body.js'

export type UploadedFile = {name: string; content: Buffer}

export async function readUpload(ctx: Context, limit: number): Promise<UploadedFile> {
  const match = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(ctx.get('content-type'))
  const boundary = match?.[1] ?? match?.[2]
  if (!boundary) throw invalid('multipart/form-data needs a boundary')
  const body = await readLimited(ctx, limit, () => new ExchangeError('payload_too_large', 'the file is larger than 5 MiB'))
  const delimiter = Buffer.from(`--${boundary}`)
  let start = body.indexOf(delimiter)
  while (start !== -1) {
    const headerStart = start + delimiter.length + 2
    const next = body.indexOf(delimiter, headerStart)
    if (next === -1) break
    const headerEnd = body.indexOf('\r\n\r\n', headerStart)
    if (headerEnd !== -1 && headerEnd < next) {
      const headers = body.subarray(headerStart, headerEnd).toString('utf8')
      const filename = /filename="([^"]*)"/i.exec(headers)
      if (filename) return {name: filename[1] ?? 'file', content: body.subarray(headerEnd + 4, next - 2)}
    }
    start = next
  }
  throw invalid('the multipart body has no file part')
}
