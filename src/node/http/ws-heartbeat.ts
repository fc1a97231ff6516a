/**
 * Server pings (docs/websockets.md "Heartbeat"): every interval each socket is pinged; a socket that has not answered
 * the previous ping with a pong by the next tick is terminated. One timer for all sockets.
 */
import type {WebSocket} from 'ws'

export class Heartbeat {
  /** Socket → whether it has answered since the last ping. */
  private readonly alive = new Map<WebSocket, boolean>()
  private readonly timer: NodeJS.Timeout

  constructor(
    intervalMs: number,
    private readonly onTimeout: (socket: WebSocket) => void,
  ) {
    this.timer = setInterval(() => this.tick(), intervalMs)
    this.timer.unref()
  }

  track(socket: WebSocket): void {
    this.alive.set(socket, true)
    socket.on('pong', () => this.alive.set(socket, true))
    socket.once('close', () => this.alive.delete(socket))
  }

  stop(): void {
    clearInterval(this.timer)
    this.alive.clear()
  }

  private tick(): void {
    for (const [socket, answered] of this.alive) {
      if (!answered) {
        this.alive.delete(socket)
        this.onTimeout(socket)
        socket.terminate()
        continue
      }
      this.alive.set(socket, false)
      if (socket.readyState === socket.OPEN) socket.ping()
    }
  }
}
