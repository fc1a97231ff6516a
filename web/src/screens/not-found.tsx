export function NotFound() {
  return (
    <section class="panel narrow">
      <h1>Not found</h1>
      <p>
        There is no page here. <a href="/trade/BTC-USDT">Go to trading</a>.
      </p>
    </section>
  )
}
