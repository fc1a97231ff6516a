/**
 * A minimal WebSocket client (RFC 6455) for bench/ws's subscribers: the opening handshake, then a
 * frame parser over the raw TCP bytes that hands every complete text message to `onText` as a
 * string — where the subscriber JSON.parses it. It answers pings (masked pong, as a client must)
 * and reports the close code.
 *
 * Why not the `ws` client: per message, its Receiver (a Writable stream with a state machine), the
 * 'message' event and a Buffer per message cost about as much as the JSON.parse the bench must do
 * of each message; the subscribers' side is the bench's bottleneck on 2 cores. Reads go through
 * `net`'s `onread` into one buffer shared by every socket of the thread (no Buffer per read, no
 * stream machinery); a frame split across reads is copied out and completed by the next read.
 */
import {createHash, randomBytes} from 'node:crypto'
import net from 'node:net'

export type RawHandlers = {
  /** A complete text message (the frame's payload, UTF-8). */
  onText(text: string): void
  /** The connection ended: the close frame's code, 1005 if it had none, 1006 if there was no close frame. */
  onClose(code: number): void
}

export type RawSocket = {
  readonly open: boolean
  /** Drops the TCP connection at once (no close handshake). */
  terminate(): void
}

const GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11'
/** One read buffer per thread: `onread` callbacks run one at a time and nothing keeps it past one. */
const readBuffer = Buffer.allocUnsafe(256 * 1024)

/** Opens `ws://host:port/path` and resolves once the server has accepted the upgrade. */
export function openRaw(url: string, handlers: RawHandlers): Promise<RawSocket> {
  const {hostname, port, pathname, search} = new URL(url)
  const key = randomBytes(16).toString('base64')
  const accept = createHash('sha1')
    .update(key + GUID)
    .digest('base64')
  return new Promise((resolve, reject) => {
    let handshaken = false
    let closed = false
    let closeCode = 1006
    /** Bytes of an incomplete frame (or of the handshake) carried over to the next read. */
    let carry: Buffer | undefined
    /** Payloads of a fragmented message so far. */
    let fragments: Buffer[] | undefined
    const self: RawSocket = {
      get open() {
        return handshaken && !closed
      },
      terminate: () => socket.destroy(),
    }

    const control = (opcode: number, payload: Buffer): void => {
      // A client's frames are masked; a zero mask leaves the payload as it is.
      const header = Buffer.from([0x80 | opcode, 0x80 | payload.length, 0, 0, 0, 0])
      socket.write(Buffer.concat([header, payload]))
    }

    /** Parses the complete frames of `data`; returns where the first incomplete one starts. */
    const frames = (data: Buffer): number => {
      let at = 0
      while (data.length - at >= 2) {
        const b0 = data[at]!
        let length = data[at + 1]! & 0x7f
        let start = at + 2
        if (length === 126) {
          if (data.length - at < 4) break
          length = data.readUInt16BE(at + 2)
          start = at + 4
        } else if (length === 127) {
          if (data.length - at < 10) break
          length = Number(data.readBigUInt64BE(at + 2))
          start = at + 10
        }
        const end = start + length
        if (end > data.length) break
        const opcode = b0 & 0x0f
        const fin = (b0 & 0x80) !== 0
        if (opcode === 1 && fin) handlers.onText(data.toString('utf8', start, end))
        else if (opcode === 1 || opcode === 0) {
          fragments = [...(fragments ?? []), Buffer.from(data.subarray(start, end))]
          if (fin) {
            const text = Buffer.concat(fragments).toString('utf8')
            fragments = undefined
            handlers.onText(text)
          }
        } else if (opcode === 9) control(10, data.subarray(start, end))
        else if (opcode === 8) {
          closeCode = length >= 2 ? data.readUInt16BE(start) : 1005
          control(8, data.subarray(start, Math.min(end, start + 2)))
          socket.end()
          return data.length
        } else if (opcode !== 10) throw new Error(`unexpected WebSocket opcode ${opcode}`)
        at = end
      }
      return at
    }

    const handshake = (data: Buffer): number => {
      const end = data.indexOf('\r\n\r\n')
      if (end < 0) return 0
      const [status = '', ...lines] = data.toString('latin1', 0, end).split('\r\n')
      const header = (name: string) =>
        lines
          .find((line) => line.toLowerCase().startsWith(`${name}:`))
          ?.slice(name.length + 1)
          .trim()
      if (!status.startsWith('HTTP/1.1 101 ') || header('sec-websocket-accept') !== accept) {
        reject(new Error(`upgrade refused: ${status}`))
        socket.destroy()
        return data.length
      }
      handshaken = true
      resolve(self)
      return end + 4
    }

    const socket = net.connect({
      host: hostname,
      port: Number(port),
      noDelay: true,
      onread: {
        buffer: readBuffer,
        callback: (nread: number, buffer: Uint8Array): boolean => {
          const fresh = Buffer.from(buffer.buffer, buffer.byteOffset, nread)
          const data = carry ? Buffer.concat([carry, fresh]) : fresh
          let used = handshaken ? 0 : handshake(data)
          if (handshaken && !closed) used += frames(data.subarray(used))
          // The shared buffer is overwritten by the next read, so what is left is copied out.
          carry = used < data.length ? Buffer.from(data.subarray(used)) : undefined
          return true
        },
      },
    })
    socket.on('connect', () => {
      socket.write(
        `GET ${pathname}${search} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nUpgrade: websocket\r\n` +
          `Connection: Upgrade\r\nSec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      )
    })
    socket.on('error', (error) => {
      if (!handshaken) reject(error)
    })
    socket.on('close', () => {
      if (closed) return
      closed = true
      if (!handshaken) reject(new Error('connection closed before the upgrade'))
      else handlers.onClose(closeCode)
    })
  })
}
