/**
 * One sender per socket: the only place that writes stream messages, and the slow-client policy.
 *
 * Frames arrive already encoded (one Buffer shared by every subscriber) and are sent as text frames.
 * Nothing here ever waits: a socket whose send buffer (`bufferedAmount`) is full either has its
 * order-book snapshots conflated (only the newest is kept and sent once the buffer drains) or, for
 * streams where every message matters (trades, order updates), is dropped past a hard limit.
 */
import * as wsLibrary from 'ws'
import type {WebSocket} from 'ws'

/** What the sender needs of a socket: a server-side `ws` WebSocket, or a fake in tests. */
export type SocketLike = Pick<WebSocket, 'bufferedAmount' | 'readyState' | 'terminate'> & {
  send(data: Buffer, options: {binary: boolean}, cb?: (error?: Error) => void): void
}

export type SendLimits = {
  /** Above this many buffered bytes, order-book snapshots wait (only the newest is kept). */
  conflateBytes: number
  /** Above this many buffered bytes, a trades or orders subscriber is dropped. */
  dropBytes: number
}

export const DEFAULT_SEND_LIMITS: SendLimits = {conflateBytes: 1024 * 1024, dropBytes: 8 * 1024 * 1024}

const OPEN = 1

/** Writes bytes that are already complete WebSocket frames straight to the socket's transport. */
export type RawWrite = (frames: Buffer, written?: (error?: Error | null) => void) => void

/** A complete, unmasked, uncompressed server text frame. */
const TEXT_FRAME = {fin: true, rsv1: false, opcode: 1, mask: false, readOnly: false}

/** `ws`'s own frame encoder (Sender.frame: header and payload); @types/ws does not declare it. */
const encodeFrame = (wsLibrary as unknown as {Sender: {frame(data: Buffer, options: typeof TEXT_FRAME): Buffer[]}}).Sender.frame

/** The complete text frame of a payload, built once and written as it is to any number of sockets. */
export function textFrame(payload: Buffer): Buffer {
  return Buffer.concat(encodeFrame(payload, TEXT_FRAME))
}

export class Sender {
  /** The newest snapshot that could not be sent yet (conflation); replaced by every newer one. */
  private pending: {payload: Buffer; frame: Buffer | undefined} | undefined
  private dropped = false

  constructor(
    readonly socket: SocketLike,
    private readonly limits: SendLimits,
    /** Called once when the socket is dropped for being too slow, with its buffered bytes. */
    private readonly onDrop: (bufferedBytes: number) => void,
    /** When given, `sendFrames` writes a whole batch of pre-built frames in one call. */
    private readonly raw?: RawWrite,
  ) {}

  get open(): boolean {
    return !this.dropped && this.socket.readyState === OPEN
  }

  /** Whether a conflated snapshot is waiting for the buffer to drain. */
  get hasPending(): boolean {
    return this.pending !== undefined
  }

  /** Every message matters (trades, order updates): sent in order; a client past the hard limit is dropped. */
  send(frame: Buffer): void {
    if (!this.open) return
    const buffered = this.socket.bufferedAmount
    if (buffered > this.limits.dropBytes) {
      this.drop(buffered)
      return
    }
    this.socket.send(frame, {binary: false})
  }

  /**
   * A batch where every message matters, framed once for all subscribers: one write of `frames`
   * (the complete text frames of `payloads`, concatenated) per socket instead of one per message.
   * Without a raw transport (tests with fake sockets) the payloads are sent one by one.
   */
  sendFrames(frames: Buffer, payloads: readonly Buffer[]): void {
    if (!this.open) return
    const buffered = this.socket.bufferedAmount
    if (buffered > this.limits.dropBytes) {
      this.drop(buffered)
      return
    }
    if (this.raw) this.raw(frames)
    else for (const payload of payloads) this.socket.send(payload, {binary: false})
  }

  /**
   * Only the newest matters (order-book snapshots): above the conflation limit the message is kept
   * instead of sent, replacing any older one, and goes out when a write completes below the limit.
   * `frame` is the payload's text frame (`textFrame`), built once for all subscribers; with a raw
   * transport it is written as it is.
   */
  sendLatest(payload: Buffer, frame?: Buffer): void {
    if (!this.open) return
    if (this.socket.bufferedAmount > this.limits.conflateBytes) {
      this.pending = {payload, frame}
      return
    }
    this.pending = undefined
    this.write(payload, frame)
  }

  private write(payload: Buffer, frame: Buffer | undefined): void {
    if (this.raw && frame) this.raw(frame, this.written)
    else this.socket.send(payload, {binary: false}, this.written)
  }

  /** A write completed: if the buffer has drained below the limit, the kept snapshot goes out. */
  private readonly written = (error?: Error | null): void => {
    if (error || !this.pending || !this.open) return
    if (this.socket.bufferedAmount > this.limits.conflateBytes) return
    const {payload, frame} = this.pending
    this.pending = undefined
    this.write(payload, frame)
  }

  /**
   * Terminates at once: a close frame would queue behind the megabytes the client is not reading,
   * so the client sees an abnormal closure (1006) and should reconnect and resubscribe.
   */
  private drop(buffered: number): void {
    this.dropped = true
    this.pending = undefined
    this.onDrop(buffered)
    this.socket.terminate()
  }
}
