/**
 * The countdown of an order's current state to its `expires_at` (docs/p2p.md "Decisions", "Timers"),
 * ticking each second on this device's clock. At zero the node's scheduler acts within a second or
 * so, and the stream brings the new state.
 */
import {useEffect, useState} from 'preact/hooks'
import {countdown} from './words'

export function Timer({expiresAt, label}: {expiresAt: string; label: string}) {
  const deadline = Date.parse(expiresAt)
  const [now, setNow] = useState(Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [deadline])
  const left = deadline - now
  return (
    <div class={`timer${left < 60_000 ? ' urgent' : ''}`}>
      <span id="timer-label">{label}</span>
      <span role="timer" aria-labelledby="timer-label" class="num">
        {left > 0 ? countdown(left) : 'Time is up'}
      </span>
    </div>
  )
}
