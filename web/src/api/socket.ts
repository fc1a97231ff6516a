/**
 * One WebSocket to the node, kept open: it reconnects after a drop with a growing, jittered delay
 * (0.5 s doubling up to 10 s), and tells its owner each time it is open again so that the owner
 * resynchronises (a book from REST, say) before trusting what follows. The live hooks (live/) each
 * own one of these; a screen never opens a socket itself.
 */
export type SocketHandlers = {
  /** The socket is open (the first time and after every reconnect). */
  open?: () => void
  message: (data: unknown) => void
  /** The socket dropped; it reconnects by itself. */
  closed?: () => void
}

const FIRST_DELAY_MS = 500
const MAX_DELAY_MS = 10_000

export class LiveSocket {
  private socket: WebSocket | undefined
  private timer: ReturnType<typeof setTimeout> | undefined
  private delay = FIRST_DELAY_MS
  private stopped = false

  /** `path` on this page's origin (`/api/v1/exchange/ws/trades/?ticker=BTC-USDT`). */
  constructor(
    private readonly path: string,
    private readonly handlers: SocketHandlers,
  ) {
    this.connect()
  }

  close(): void {
    this.stopped = true
    clearTimeout(this.timer)
    this.socket?.close()
  }

  private connect(): void {
    const url = new URL(this.path, window.location.href)
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:'
    const socket = new WebSocket(url)
    this.socket = socket
    socket.onopen = () => {
      this.delay = FIRST_DELAY_MS
      this.handlers.open?.()
    }
    socket.onmessage = (event) => {
      let data: unknown
      try {
        data = JSON.parse(String(event.data))
      } catch {
        return
      }
      this.handlers.message(data)
    }
    socket.onclose = () => {
      if (this.stopped) return
      this.handlers.closed?.()
      const wait = this.delay * (0.75 + Math.random() / 2)
      this.delay = Math.min(this.delay * 2, MAX_DELAY_MS)
      this.timer = setTimeout(() => this.connect(), wait)
    }
  }
}
