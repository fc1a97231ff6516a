/**
 * One HTTP request on a connection of its own (no keep-alive socket that the server may be
 * closing, e.g. after refusing an oversized body before reading it), with a time limit: a request
 * the node never answers is reported as status 0, not left hanging.
 */
import http from 'node:http'

export type Answer = {status: number; body: unknown; text: string}

/**
 * At most this many connections at once for a burst of requests: a thousand simultaneous connects
 * overflow the listen backlog of a loaded machine (resets before the request is even sent), while
 * 128 in flight still race for one balance inside the node.
 */
export const burstAgent = new http.Agent({keepAlive: false, maxSockets: 128})

export function request(
  url: string,
  method: string,
  headers: Record<string, string>,
  body = '',
  timeoutMs = 30_000,
  agent: http.Agent | false = false,
): Promise<Answer> {
  const target = new URL(url)
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method,
        headers,
        agent,
        timeout: timeoutMs,
      },
      (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (text += chunk))
        response.on('end', () => {
          let parsed: unknown = text
          try {
            parsed = JSON.parse(text)
          } catch {
            // not JSON: the caller judges the text
          }
          resolve({status: response.statusCode ?? 0, body: parsed, text})
        })
      },
    )
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)))
    req.on('error', (error) => resolve({status: 0, body: undefined, text: String(error)}))
    req.end(body)
  })
}
