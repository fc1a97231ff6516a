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
  /** The stream broke the protocol, or a handler threw: the connection is dropped (then onClose). */
  onError(error: unknown): void
}

export type RawSocket = {
  readonly open: boolean
  /** Drops the TCP connection at once (no close handshake). */
  terminate(): void
}

const GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11'
/** One read buffer per thread: `onread` callbacks run one at a time and nothing keeps it past one. */
const readBuffer = Buffer.allocUnsafe(256 * 1024)

/** What the frame reader does with control frames: the socket's side. */
type FrameSink = {
  text(text: string): void
  /** A ping or close to answer, with its payload. */
  control(opcode: 9 | 8, payload: Buffer): void
}

/**
 * Server frames (unmasked) from a byte stream cut anywhere: `push` each chunk as it is read (it may be
 * overwritten after the call); complete messages go to the sink in order.
 */
export class FrameReader {
  /** Bytes of an incomplete frame carried over to the next chunk. */
  private carry: Buffer | undefined
  /** Payloads of a fragmented message so far. */
  private fragments: Buffer[] | undefined
  /** The close frame's code once one arrived (1005: it had none). */
  closeCode: number | undefined

  constructor(private readonly sink: FrameSink) {}

  push(chunk: Buffer): void {
    if (this.closeCode !== undefined) return
    const data = this.carry ? Buffer.concat([this.carry, chunk]) : chunk
    const used = this.frames(data)
    this.carry = used < data.length ? Buffer.from(data.subarray(used)) : undefined
  }

  /** Parses the complete frames of `data`; returns where the first incomplete one starts. */
  private frames(data: Buffer): number {
    let at = 0
    while (data.length - at >= 2) {
      const b0 = data[at]!
      const b1 = data[at + 1]!
      if (b1 & 0x80) throw new Error('a server frame must not be masked')
      let length = b1 & 0x7f
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
      at = end
      const opcode = b0 & 0x0f
      const fin = (b0 & 0x80) !== 0
      if (opcode === 1 && fin && !this.fragments) this.sink.text(data.toString('utf8', start, end))
      else if (opcode === 1 || opcode === 0) {
        if ((opcode === 0) !== (this.fragments !== undefined)) throw new Error('unexpected continuation frame')
        this.fragments = [...(this.fragments ?? []), Buffer.from(data.subarray(start, end))]
        if (fin) {
          const text = Buffer.concat(this.fragments).toString('utf8')
          this.fragments = undefined
          this.sink.text(text)
        }
      } else if (opcode === 9) this.sink.control(9, data.subarray(start, end))
      else if (opcode === 8) {
        this.closeCode = length >= 2 ? data.readUInt16BE(start) : 1005
        this.sink.control(8, data.subarray(start, Math.min(end, start + 2)))
        return data.length
      } else if (opcode !== 10) throw new Error(`unexpected WebSocket opcode ${opcode}`)
    }
    return at
  }
}

/** A client frame: masked (with a zero mask, which leaves the payload as it is), FIN set. */
export function clientFrame(opcode: number, payload: Buffer): Buffer {
  if (payload.length > 125) throw new Error('control frames carry at most 125 bytes')
  return Buffer.concat([Buffer.from([0x80 | opcode, 0x80 | payload.length, 0, 0, 0, 0]), payload])
}

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
    /** Bytes of the handshake response so far. */
    let head = Buffer.alloc(0)
    const self: RawSocket = {
      get open() {
        return handshaken && !closed
      },
      terminate: () => socket.destroy(),
    }
    const reader = new FrameReader({
      text: handlers.onText,
      control: (opcode, payload) => {
        if (opcode === 9) socket.write(clientFrame(10, payload))
        else socket.end(clientFrame(8, payload))
      },
    })

    /** Reads the response to the upgrade; returns where the frames start, or undefined if incomplete. */
    const handshake = (chunk: Buffer): number | undefined => {
      const data = Buffer.concat([head, chunk])
      const end = data.indexOf('\r\n\r\n')
      if (end < 0) {
        head = data
        return undefined
      }
      const [status = '', ...lines] = data.toString('latin1', 0, end).split('\r\n')
      const header = (name: string) =>
        lines
          .find((line) => line.toLowerCase().startsWith(`${name}:`))
          ?.slice(name.length + 1)
          .trim()
      if (!status.startsWith('HTTP/1.1 101 ') || header('sec-websocket-accept') !== accept) {
        throw new Error(`upgrade refused: ${status}`)
      }
      handshaken = true
      resolve(self)
      return end + 4 - head.length
    }

    const socket = net.connect({
      host: hostname,
      port: Number(port),
      noDelay: true,
      onread: {
        buffer: readBuffer,
        callback: (nread: number, buffer: Uint8Array): boolean => {
          if (closed) return false
          let chunk = Buffer.from(buffer.buffer, buffer.byteOffset, nread)
          try {
            if (!handshaken) {
              const start = handshake(chunk)
              if (start === undefined) return true
              chunk = chunk.subarray(start)
            }
            reader.push(chunk)
          } catch (error) {
            if (handshaken) handlers.onError(error)
            else reject(error)
            socket.destroy()
            return false
          }
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
      else handlers.onClose(reader.closeCode ?? 1006)
    })
  })
}
