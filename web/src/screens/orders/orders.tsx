/** The Orders screen: being built (docs/web.md "Screens"). */
export function Orders() {
  return (
    <section class="panel">
      <h1>Orders</h1>
    </section>
  )
}
