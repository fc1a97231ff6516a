/**
 * Property: random sequences of actions by random parties (maker, taker or a stranger) on random
 * orders, with timers firing as the clock moves. After each step: the escrow held on funding
 * accounts equals the sum of what the orders in escrowing states hold, `ledger.verify()` is
 * clean (which includes: no balance negative), and every order's history is a path of the table.
 */
import test from 'ava'
import fc from 'fast-check'
import type {Account} from '../../../src/node/accounts/accounts.js'
import type {CreateAdInput} from '../../../src/node/p2p/ads.js'
import {Escrow} from '../../../src/node/p2p/escrow.js'
import {ESCROW_STATUSES, isPath} from '../../../src/node/p2p/states.js'
import type {TestNode} from '../../helpers/node.js'
import {adminOf} from '../../helpers/admin-gateway.js'
import {MINUTE, p2pNode, testClock, user} from '../../helpers/p2p.js'

const clock = testClock()
let node: TestNode

test.before(async () => {
  node = await p2pNode(clock)
  await adminOf(node, 'arbitrator')
})
test.after.always(() => node?.close())

type Step =
  | {kind: 'create'; taker: number; ad: number; amount: number}
  | {kind: 'accept' | 'reject' | 'cancel' | 'pay' | 'confirm' | 'dispute'; order: number; who: number}
  | {kind: 'decide'; order: number; winner: 'buyer' | 'seller'}
  | {kind: 'time'; minutes: number}

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({kind: fc.constant('create' as const), taker: fc.nat(3), ad: fc.nat(1), amount: fc.integer({min: 1, max: 60})}),
  fc.record({
    kind: fc.constantFrom(
      'accept' as const,
      'reject' as const,
      'cancel' as const,
      'pay' as const,
      'confirm' as const,
      'dispute' as const,
    ),
    order: fc.nat(9),
    who: fc.nat(3),
  }),
  fc.record({
    kind: fc.constant('decide' as const),
    order: fc.nat(9),
    winner: fc.constantFrom('buyer' as const, 'seller' as const),
  }),
  fc.record({kind: fc.constant('time' as const), minutes: fc.integer({min: 1, max: 40})}),
)

test('random actions keep escrow = orders in escrow, the ledger clean and every history a path of the table', async (t) => {
  const {p2p, ledger} = node.services
  await fc.assert(
    fc.asyncProperty(fc.array(step, {minLength: 5, maxLength: 30}), async (steps) => {
      const users: Account[] = []
      for (let i = 0; i < 4; i++) users.push((await user(node, {USDT: '100'})).account)
      const adIds = [p2p.ads.create(users[0]!.id, adBody('SELL')).id, p2p.ads.create(users[1]!.id, adBody('BUY')).id]
      const orderIds: string[] = []
      for (const s of steps) {
        try {
          if (s.kind === 'create') {
            orderIds.push(p2p.orders.create(users[s.taker]!, {advertisementId: adIds[s.ad], amount: String(s.amount)}).id)
          } else if (s.kind === 'time') {
            clock.advance(s.minutes * MINUTE)
            p2p.scheduler.fireDue()
          } else if (orderIds.length > 0) {
            const id = orderIds[s.order % orderIds.length]!
            if (s.kind === 'decide') {
              const dispute = p2p.disputes.ofOrder(id)
              if (dispute) p2p.orders.decide(dispute.id, {id: 'property', superadmin: true}, {winner: s.winner, comment: ''})
            } else {
              const who = users[s.who]!
              if (s.kind === 'pay') p2p.orders.pay(who, id, 'card')
              else if (s.kind === 'dispute') p2p.orders.dispute(who, id, 'property')
              else p2p.orders[s.kind](who, id)
            }
          }
        } catch (error) {
          const code = (error as {code?: string}).code
          if (!['invalid_state', 'permission_denied', 'not_found', 'invalid_argument', 'insufficient_funds'].includes(code ?? ''))
            throw error
        }
        // Invariants after every step.
        const report = ledger.verify()
        if (!report.ok) throw new Error(report.problems.join('; '))
        let held = 0n
        for (const id of orderIds) {
          const order = p2p.store.require(id)
          if (ESCROW_STATUSES.includes(order.status)) held += Escrow.heldOf(order)
          const history = p2p.store.history(id).map((entry) => entry.status)
          if (!isPath(history) || history.at(-1) !== order.status) throw new Error(`history of ${id}: ${history.join(' → ')}`)
        }
        let locked = 0n
        for (const account of users) {
          const balance = ledger.balance(account.fundingAccountId, 'USDT')
          if (balance.available < 0n || balance.locked < 0n) throw new Error('negative balance')
          locked += balance.locked
        }
        if (locked !== held) throw new Error(`escrow held ${locked} but orders in escrow hold ${held}`)
      }
    }),
    {numRuns: 25},
  )
  t.pass()
})

function adBody(type: 'BUY' | 'SELL'): CreateAdInput {
  return {
    type,
    asset: 'USDT',
    fiat: 'USD',
    priceType: 'fixed',
    price: '1',
    minAmount: '1',
    maxAmount: '1000',
    totalAmount: '150',
    paymentMethods: ['card', 'bank_transfer'],
  }
}
