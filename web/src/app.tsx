/**
 * The app: branding, the session, and one route per screen (docs/web.md "Screens"). Each screen is its
 * own chunk, loaded when first visited, so the first page loads only what it shows.
 */
import {useEffect, useState} from 'preact/hooks'
import {ErrorBoundary, lazy, LocationProvider, Route, Router} from 'preact-iso'
import {Layout} from './components/layout'
import {applyBranding, DEFAULT_BRANDING, loadBranding, type Branding} from './lib/branding'
import {SessionProvider} from './lib/session'

const Trade = lazy(() => import('./screens/trade/trade').then((module) => module.Trade))
const SignIn = lazy(() => import('./screens/sign-in/sign-in').then((module) => module.SignIn))
const SignUp = lazy(() => import('./screens/sign-up/sign-up').then((module) => module.SignUp))
const Wallet = lazy(() => import('./screens/wallet/wallet').then((module) => module.Wallet))
const Orders = lazy(() => import('./screens/orders/orders').then((module) => module.Orders))
const Account = lazy(() => import('./screens/account/account').then((module) => module.Account))
const P2P = lazy(() => import('./screens/p2p/p2p').then((module) => module.P2P))
const P2POrder = lazy(() => import('./screens/p2p/order').then((module) => module.P2POrder))
const NotFound = lazy(() => import('./screens/not-found').then((module) => module.NotFound))

export function App() {
  const [branding, setBranding] = useState<Branding>(DEFAULT_BRANDING)
  useEffect(() => {
    void loadBranding().then((loaded) => {
      applyBranding(loaded)
      setBranding(loaded)
    })
  }, [])
  return (
    <LocationProvider>
      <SessionProvider>
        <Layout branding={branding}>
          <ErrorBoundary>
            <Router>
              <Route path="/" component={Trade} />
              <Route path="/trade/:symbol" component={Trade} />
              <Route path="/sign-in" component={SignIn} />
              <Route path="/sign-up" component={SignUp} />
              <Route path="/wallet" component={Wallet} />
              <Route path="/orders" component={Orders} />
              <Route path="/account" component={Account} />
              <Route path="/p2p" component={P2P} />
              <Route path="/p2p/orders/:id" component={P2POrder} />
              <Route default component={NotFound} />
            </Router>
          </ErrorBoundary>
        </Layout>
      </SessionProvider>
    </LocationProvider>
  )
}
