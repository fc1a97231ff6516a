/** The Account screen: being built (docs/web.md "Screens"). */
export function Account() {
  return (
    <section class="panel">
      <h1>Account</h1>
    </section>
  )
}
