/** The Wallet screen: being built (docs/web.md "Screens"). */
export function Wallet() {
  return (
    <section class="panel">
      <h1>Wallet</h1>
    </section>
  )
}
