/** The P2POrder screen: being built (docs/web.md "Screens"). */
export function P2POrder() {
  return (
    <section class="panel">
      <h1>P2POrder</h1>
    </section>
  )
}
