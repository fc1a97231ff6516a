/** The SignUp screen: being built (docs/web.md "Screens"). */
export function SignUp() {
  return (
    <section class="panel">
      <h1>SignUp</h1>
    </section>
  )
}
