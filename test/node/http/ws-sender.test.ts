import test from 'ava'
import {Sender, type SocketLike} from '../../../src/node/http/ws-sender.js'

/** A socket whose send buffer the test controls; write callbacks (one per sendLatest) fire when the test calls them. */
function fakeSocket() {
  const sent: {data: string; binary: boolean}[] = []
  const callbacks: ((error?: Error) => void)[] = []
  const socket = {
    bufferedAmount: 0,
    readyState: 1 as 0 | 1 | 2 | 3,
    terminated: false,
    send(data: Buffer, options: {binary: boolean}, cb?: (error?: Error) => void) {
      sent.push({data: data.toString(), binary: options.binary})
      if (cb) callbacks.push(cb)
    },
    terminate() {
      this.terminated = true
      this.readyState = 3
    },
  }
  return {socket, sent, callbacks}
}

const limits = {conflateBytes: 1000, dropBytes: 5000}
const frame = (text: string) => Buffer.from(text)

test('frames are sent as text frames while the buffer is below the limits', (t) => {
  const {socket, sent} = fakeSocket()
  const sender = new Sender(socket as unknown as SocketLike, limits, () => t.fail())
  sender.send(frame('a'))
  sender.sendLatest(frame('b'))
  t.deepEqual(sent, [
    {data: 'a', binary: false},
    {data: 'b', binary: false},
  ])
})

test('order-book snapshots are conflated while the buffer is full: only the newest goes out once it drains', (t) => {
  const {socket, sent, callbacks} = fakeSocket()
  const sender = new Sender(socket as unknown as SocketLike, limits, () => t.fail())
  sender.sendLatest(frame('s1'))
  sender.sendLatest(frame('s2'))
  socket.bufferedAmount = 2000
  sender.sendLatest(frame('s3'))
  sender.sendLatest(frame('s4'))
  sender.sendLatest(frame('s5'))
  t.deepEqual(
    sent.map((s) => s.data),
    ['s1', 's2'],
  )
  t.true(sender.hasPending)
  // s1 is written but the buffer is still above the limit: keep waiting.
  socket.bufferedAmount = 1500
  callbacks.shift()!()
  t.deepEqual(
    sent.map((s) => s.data),
    ['s1', 's2'],
  )
  // s2 is written and the buffer has drained: the newest kept snapshot goes out, the others never.
  socket.bufferedAmount = 0
  callbacks.shift()!()
  t.deepEqual(
    sent.map((s) => s.data),
    ['s1', 's2', 's5'],
  )
  t.false(sender.hasPending)
})

test('a snapshot sent below the limit replaces a kept older one', (t) => {
  const {socket, sent} = fakeSocket()
  const sender = new Sender(socket as unknown as SocketLike, limits, () => t.fail())
  socket.bufferedAmount = 2000
  sender.sendLatest(frame('old'))
  socket.bufferedAmount = 10
  sender.sendLatest(frame('new'))
  t.deepEqual(
    sent.map((s) => s.data),
    ['new'],
  )
  t.false(sender.hasPending)
})

test('a trades or orders subscriber past the hard limit is dropped once, and gets nothing more', (t) => {
  const {socket, sent} = fakeSocket()
  const drops: number[] = []
  const sender = new Sender(socket as unknown as SocketLike, limits, (buffered) => drops.push(buffered))
  sender.send(frame('t1'))
  socket.bufferedAmount = 4000
  sender.send(frame('t2')) // above the conflation limit, below the hard one: still sent
  socket.bufferedAmount = 6000
  sender.send(frame('t3'))
  sender.send(frame('t4'))
  t.deepEqual(
    sent.map((s) => s.data),
    ['t1', 't2'],
  )
  t.true(socket.terminated)
  t.deepEqual(drops, [6000])
  t.false(sender.open)
})

test('nothing is sent on a socket that is no longer open', (t) => {
  const {socket, sent} = fakeSocket()
  const sender = new Sender(socket as unknown as SocketLike, limits, () => t.fail())
  socket.readyState = 2
  sender.send(frame('a'))
  sender.sendLatest(frame('b'))
  t.deepEqual(sent, [])
})

test('with a raw transport, a snapshot goes out as its pre-built frame, and conflation waits for the raw writes', (t) => {
  const {socket, sent} = fakeSocket()
  const raw: {frame: string; written?: (error?: Error | null) => void}[] = []
  const sender = new Sender(
    socket as unknown as SocketLike,
    limits,
    () => t.fail(),
    (frame, written) => raw.push({frame: frame.toString(), written}),
  )
  sender.sendLatest(frame('s1'), frame('<s1>'))
  socket.bufferedAmount = 2000
  sender.sendLatest(frame('s2'), frame('<s2>'))
  sender.sendLatest(frame('s3'), frame('<s3>'))
  t.deepEqual(
    raw.map((r) => r.frame),
    ['<s1>'],
  )
  socket.bufferedAmount = 0
  raw[0]!.written!()
  t.deepEqual(
    raw.map((r) => r.frame),
    ['<s1>', '<s3>'],
  )
  // A payload without its frame still goes through the socket's own send.
  sender.sendLatest(frame('s4'))
  t.deepEqual(
    sent.map((s) => s.data),
    ['s4'],
  )
})
