/**
 * Who hears of a module's committed changes, by id: cluster mode's copy of the reference data edges
 * answer from (API keys, accounts, tiers, sessions — cluster/sequencer/reference-data.ts). In role `all` nobody
 * listens and an emit costs a loop over an empty set.
 *
 * A listener is called synchronously, possibly inside the transaction of the change: it must only
 * note the id, and read the committed state later (the change may still roll back).
 */
export class Changes {
  private readonly listeners = new Set<(id: string) => void>()

  /** Calls `listener` with the id of every change from now on; returns the unsubscribe function. */
  on(listener: (id: string) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  emit(id: string): void {
    for (const listener of this.listeners) listener(id)
  }
}
