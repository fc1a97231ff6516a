/**
 * Fires the P2P timers: each order keeps the deadline of its current state in the store; the
 * scheduler looks for due ones every tick (and at once on start, so deadlines that passed while
 * the node was down fire after a restart) and gives waiting disputes an arbitrator.
 */
import type {Logger} from '../ground/logger.js'
import type {OrderStore} from './order-store.js'
import type {P2POrders} from './orders.js'

export class Scheduler {
  private timer: NodeJS.Timeout | undefined

  constructor(
    private readonly store: OrderStore,
    private readonly orders: P2POrders,
    private readonly now: () => number,
    private readonly logger: Logger,
  ) {}

  start(tickMs: number): void {
    this.fireDue()
    this.timer = setInterval(() => this.fireDue(), tickMs)
    this.timer.unref()
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer)
    this.timer = undefined
  }

  /** Fires every due deadline; returns how many orders changed. */
  fireDue(): number {
    let fired = 0
    for (const id of this.store.due(this.now())) {
      try {
        if (this.orders.expire(id)) fired++
      } catch (error) {
        this.logger.error({err: error, order_id: id}, 'p2p timer failed')
      }
    }
    try {
      this.orders.assignWaiting()
    } catch (error) {
      this.logger.error({err: error}, 'p2p dispute assignment failed')
    }
    return fired
  }
}
