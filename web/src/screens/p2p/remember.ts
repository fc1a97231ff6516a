/**
 * The payment method a buyer chose when taking an ad, kept in this tab's session storage until the
 * order page asks for it at "Mark as paid" (the API takes the method with `pay`, not with the order).
 */
const key = (orderId: string) => `p2p-method:${orderId}`

export function rememberMethod(orderId: string, method: string): void {
  try {
    sessionStorage.setItem(key(orderId), method)
  } catch {
    // storage refused (a private window's quota): the buyer picks the method again
  }
}

export function rememberedMethod(orderId: string): string | null {
  try {
    return sessionStorage.getItem(key(orderId))
  } catch {
    return null
  }
}
