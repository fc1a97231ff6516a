/**
 * The P2P calls of the app (docs/p2p.md "Endpoints"): advertisements, the caller's payment details,
 * orders and their actions, the chat with its files, feedback and profiles. Each is one call of the
 * typed `api`; refusals throw `ApiError` with the API's message. Money stays the API's decimal strings.
 */
import {api, call} from './client'
import type {components} from './schema'

type Schemas = components['schemas']
export type Ad = Schemas['P2PAdvertisement']
export type AdRequest = Schemas['P2PAdvertisementRequest']
export type AdType = Ad['type']
export type P2POrder = Schemas['P2POrder']
export type P2PStatus = P2POrder['status']
export type Message = Schemas['P2PMessage']
export type Profile = Schemas['P2PProfile']
export type PaymentMethod = Schemas['P2PPaymentMethod']
export type PaymentDetails = Schemas['P2PPaymentDetails']
export type Asset = Schemas['Asset']

/** The listing's filters, as `GET /p2p/advertisements/` takes them; `amount` is a fiat amount the ad must take now. */
export type AdFilter = {type: AdType; asset?: string; fiat?: string; payment_method?: string; amount?: string}

export async function listAds(filter: AdFilter): Promise<Ad[]> {
  const query = Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined && value !== ''))
  return (await call(api.GET('/p2p/advertisements/', {params: {query}}))).advertisements
}

/** The caller's own ads, active and paused, newest first. */
export async function myAds(): Promise<Ad[]> {
  return (await call(api.GET('/p2p/me/advertisements/'))).advertisements
}

export const createAd = (body: AdRequest): Promise<Ad> => call(api.POST('/p2p/advertisements/', {body}))

export const setAdStatus = (id: string, status: 'active' | 'paused'): Promise<Ad> =>
  call(api.PATCH('/p2p/advertisements/{id}/', {params: {path: {id}}, body: {status}}))

/** A DELETE has no body, but a cookie write must say `Content-Type: application/json` (docs/rest.md "Browsers: cookies, CSRF and CORS"). */
const JSON_WRITE = {'Content-Type': 'application/json'}

export const deleteAd = (id: string): Promise<Ad> =>
  call(api.DELETE('/p2p/advertisements/{id}/', {params: {path: {id}}, headers: JSON_WRITE}))

export async function paymentMethods(): Promise<PaymentMethod[]> {
  return (await call(api.GET('/p2p/payment-methods/'))).payment_methods
}

export async function assets(): Promise<Asset[]> {
  return (await call(api.GET('/exchange/assets/'))).assets
}

export async function myPaymentDetails(): Promise<PaymentDetails[]> {
  return (await call(api.GET('/p2p/me/payment-methods/'))).payment_methods
}

export const savePaymentDetails = (payment_method: string, details: string): Promise<PaymentDetails> =>
  call(api.POST('/p2p/me/payment-methods/', {body: {payment_method, details}}))

export async function removePaymentDetails(method: string): Promise<void> {
  await call(api.DELETE('/p2p/me/payment-methods/{method}/', {params: {path: {method}}, headers: JSON_WRITE}))
}

export const profile = (id: string): Promise<Profile> => call(api.GET('/p2p/users/{id}/', {params: {path: {id}}}))

/** Takes an ad: by a crypto `amount` or by a `fiat_amount`, exactly as typed. The order starts CREATED. */
export const takeAd = (advertisement_id: string, size: {amount: string} | {fiat_amount: string}): Promise<P2POrder> =>
  call(api.POST('/p2p/orders/', {body: {advertisement_id, ...size}}))

export async function myOrders(): Promise<P2POrder[]> {
  return (await call(api.GET('/p2p/orders/', {params: {query: {limit: 200}}}))).orders
}

export const order = (id: string): Promise<P2POrder> => call(api.GET('/p2p/orders/{id}/', {params: {path: {id}}}))

type Path = {params: {path: {id: string}}}

/** The order actions of docs/p2p.md "Roles", each answering the order after it. */
export const actions = {
  accept: (id: string) => call(api.POST('/p2p/orders/{id}/accept/', {...pathOf(id), body: {}})),
  reject: (id: string) => call(api.POST('/p2p/orders/{id}/reject/', {...pathOf(id), body: {}})),
  cancel: (id: string) => call(api.POST('/p2p/orders/{id}/cancel/', {...pathOf(id), body: {}})),
  pay: (id: string, payment_method: string) => call(api.POST('/p2p/orders/{id}/pay/', {...pathOf(id), body: {payment_method}})),
  confirm: (id: string) => call(api.POST('/p2p/orders/{id}/confirm/', {...pathOf(id), body: {}})),
  dispute: (id: string, reason: string) => call(api.POST('/p2p/orders/{id}/dispute/', {...pathOf(id), body: {reason}})),
} satisfies Record<string, (id: string, ...rest: string[]) => Promise<P2POrder>>

function pathOf(id: string): Path {
  return {params: {path: {id}}}
}

export const leaveFeedback = (id: string, rating: number, comment: string) =>
  call(api.POST('/p2p/orders/{id}/feedback/', {...pathOf(id), body: {rating, comment}}))

export async function messages(id: string): Promise<Message[]> {
  return (await call(api.GET('/p2p/orders/{id}/messages/', pathOf(id)))).messages
}

export const sendText = (id: string, text: string): Promise<Message> =>
  call(api.POST('/p2p/orders/{id}/messages/', {...pathOf(id), body: {text}}))

/**
 * One file into the chat, as `multipart/form-data` (the browser writes the boundary); the session
 * cookie authenticates it like any other write (docs/p2p.md "Decisions").
 */
export function sendFile(id: string, file: File): Promise<Message> {
  const form = new FormData()
  form.append('file', file, file.name)
  return call(
    api.POST('/p2p/orders/{id}/messages/', {
      ...pathOf(id),
      body: {file: ''},
      bodySerializer: () => form,
    }),
  )
}

/** The largest chat file the node takes (docs/p2p.md "Decisions"). */
export const MAX_FILE_BYTES = 5 * 1024 * 1024
export const FILE_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const
