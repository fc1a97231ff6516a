/** The SignIn screen: being built (docs/web.md "Screens"). */
export function SignIn() {
  return (
    <section class="panel">
      <h1>SignIn</h1>
    </section>
  )
}
