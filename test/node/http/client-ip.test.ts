import test from 'ava'
import {TrustedProxies} from '../../../src/node/http/client-ip.js'

test('without trusted proxies the socket peer is the client, whatever X-Forwarded-For says', (t) => {
  const none = new TrustedProxies([])
  t.false(none.any)
  t.is(none.clientOf('::ffff:192.0.2.1', '203.0.113.9'), '192.0.2.1')
})

test('from a trusted proxy, X-Forwarded-For is walked from the right to the first untrusted hop', (t) => {
  const proxies = new TrustedProxies(['10.0.0.0/8', 'fd00::/8'])
  t.is(proxies.clientOf('10.0.0.2', '203.0.113.9'), '203.0.113.9')
  // The client wrote a header of its own: what its first proxy appended is on the right.
  t.is(proxies.clientOf('10.0.0.2', '198.51.100.1, 203.0.113.9'), '203.0.113.9')
  // Two proxies in a row, the second IPv6 and the peer IPv4-mapped.
  t.is(proxies.clientOf('::ffff:10.0.0.2', '198.51.100.1, 203.0.113.9, fd00::7'), '203.0.113.9')
  // Repeated headers arrive as one list (node joins them) or as an array.
  t.is(proxies.clientOf('10.0.0.2', ['198.51.100.1', '203.0.113.9']), '203.0.113.9')
  // Hops with ports, IPv6 in brackets, IPv4-mapped IPv6.
  t.is(proxies.clientOf('10.0.0.2', '203.0.113.9:5123'), '203.0.113.9')
  t.is(proxies.clientOf('10.0.0.2', '[2001:db8::1]:443'), '2001:db8::1')
  t.is(proxies.clientOf('10.0.0.2', '::ffff:203.0.113.9'), '203.0.113.9')
  // Every hop trusted: the leftmost is the client.
  t.is(proxies.clientOf('10.0.0.2', '10.0.0.3, 10.0.0.4'), '10.0.0.3')
  // A malformed hop stops the walk at the last address vouched for.
  t.is(proxies.clientOf('10.0.0.2', '203.0.113.9, unknown'), '10.0.0.2')
  t.is(proxies.clientOf('10.0.0.2', 'unknown, 10.0.0.5'), '10.0.0.5')
  // No header: the proxy itself.
  t.is(proxies.clientOf('10.0.0.2', undefined), '10.0.0.2')
})

test('from an untrusted peer the header is ignored', (t) => {
  const proxies = new TrustedProxies(['10.0.0.0/8'])
  t.is(proxies.clientOf('192.0.2.1', '10.0.0.3'), '192.0.2.1')
  t.is(proxies.clientOf('192.0.2.1', '203.0.113.9'), '192.0.2.1')
})

test('a malformed trusted proxy is refused as invalid_argument', (t) => {
  t.throws(() => new TrustedProxies(['10.0.0.0/33']), {message: /invalid prefix/})
  t.throws(() => new TrustedProxies(['nginx']), {message: /not an IP address/})
})
