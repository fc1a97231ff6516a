/** The Trade screen: being built (docs/web.md "Screens"). */
export function Trade() {
  return (
    <section class="panel">
      <h1>Trade</h1>
    </section>
  )
}
