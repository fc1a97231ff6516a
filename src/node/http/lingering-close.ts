/**
 * Closing a connection after a refusal that leaves the request's body unread (docs/rest.md "Errors"):
 * a body over its limit, or any refusal answered before the body has arrived whole. The answer says
 * `Connection: close`, and the connection is closed without a reset: the node sends its FIN after the
 * answer and goes on reading, and dropping, what the client still sends until the client closes its
 * side too, for at most LINGER_MS. A socket closed with bytes unread makes the kernel answer with
 * RST, and a client that is still sending its body (most send it whole before they read) then loses
 * the answer, or its next request on a pooled connection fails with ECONNRESET.
 */
import type {Socket} from 'node:net'
import type {Duplex} from 'node:stream'
import type {Context} from 'koa'

/** How long a closing connection waits for the client's side to close (reading and dropping its bytes meanwhile). */
export const LINGER_MS = 5000

const closing = new WeakSet<object>()

/**
 * Whether the connection is closing after a refusal: a request that follows on it (pipelined behind
 * the refused one) is not served — its answer could never be sent, so an order in it must not be
 * placed (RFC 9112 §9.6: a server SHOULD NOT process requests received after a "close").
 */
export const isClosing = (socket: object): boolean => closing.has(socket)

/**
 * Makes the answer of this request the connection's last (`Connection: close`) and closes the
 * connection without a reset once the answer is written (see the file's comment).
 */
export function closeAfterAnswer(ctx: Context): void {
  const {req, res} = ctx
  if (!res.headersSent) res.setHeader('Connection', 'close')
  const socket = req.socket as Socket | null
  if (socket === null || socket.destroyed || closing.has(socket)) return
  closing.add(socket)
  // The rest of the body is dropped as it arrives, so that the client's sending never stalls.
  req.resume()
  // Node ends the connection of a `Connection: close` answer with destroySoon() once the answer is
  // written (_http_server.js, resOnFinish): a FIN, then the socket destroyed as soon as the FIN is
  // out — with the rest of the body unread. Here the destroy waits for the client's FIN.
  socket.destroySoon = () => linger(socket)
}

/**
 * Ends a socket the HTTP server has let go (a refused WebSocket upgrade) with `response`, a whole
 * HTTP answer that says `Connection: close`, and closes it without a reset as closeAfterAnswer does.
 */
export function endWith(socket: Duplex, response: string): void {
  // After an 'upgrade' event the HTTP server no longer listens for the socket's errors.
  socket.on('error', () => socket.destroy())
  if (!socket.writable) {
    socket.destroy()
    return
  }
  // The HTTP server stopped reading it: whatever the client sends after its request is dropped.
  socket.resume()
  socket.write(response)
  linger(socket)
}

/**
 * FIN once everything written is out, then wait for the client's: a socket of the HTTP server allows
 * half-open connections, so it is destroyed when both sides have ended (or by the HTTP server when
 * the client's FIN cuts a body short) — with nothing left unread, so without a reset. A client that
 * does not close within LINGER_MS is cut off.
 */
function linger(socket: Duplex): void {
  socket.end()
  const timer = setTimeout(() => socket.destroy(), LINGER_MS)
  timer.unref()
  socket.once('close', () => clearTimeout(timer))
}
