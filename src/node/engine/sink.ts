import type {DoneReason, EngineEvent, EventSink, RejectReason, Side} from './types.js'

/** Turns sink calls into event objects appended to an array: the array form of the API. */
export class ArraySink implements EventSink {
  out: EngineEvent[] = []

  trade(
    makerOrderId: number,
    makerAccountId: number,
    takerOrderId: number,
    takerAccountId: number,
    takerSide: Side,
    price: number,
    qty: number,
    makerRemaining: number,
  ): void {
    this.out.push({
      type: 'trade',
      makerOrderId,
      makerAccountId,
      takerOrderId,
      takerAccountId,
      takerSide,
      price,
      qty,
      makerRemaining,
    })
  }

  rested(orderId: number, remaining: number): void {
    this.out.push({type: 'rested', orderId, remaining})
  }

  done(orderId: number, reason: DoneReason, remaining: number): void {
    this.out.push({type: 'done', orderId, reason, remaining})
  }

  rejected(orderId: number, reason: RejectReason): void {
    this.out.push({type: 'rejected', orderId, reason})
  }
}
