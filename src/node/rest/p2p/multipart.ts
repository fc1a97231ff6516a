/**
 * A minimal multipart/form-data reader for the chat's one-file upload: reads the request (at
 * most `limit` bytes), splits it on the boundary and returns the first part that carries a file.
 */
import type {IncomingMessage} from 'node:http'
import {invalid} from '../../ground/errors.js'

export type UploadedFile = {name: string; content: Buffer}

export async function readUpload(req: IncomingMessage, contentType: string, limit: number): Promise<UploadedFile> {
  const match = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType)
  const boundary = match?.[1] ?? match?.[2]
  if (!boundary) throw invalid('multipart/form-data needs a boundary')
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > limit) throw invalid('the file is larger than 5 MiB')
    chunks.push(chunk)
  }
  const body = Buffer.concat(chunks)
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
