/** The P2P screen: being built (docs/web.md "Screens"). */
export function P2P() {
  return (
    <section class="panel">
      <h1>P2P</h1>
    </section>
  )
}
