import fc from 'fast-check'
import * as O from 'fp-ts/lib/Option.js'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { recognisePlatform } from '../../../src/core/domain/meetings/platform.js'

// Hostile variants of real join links: whatever an attacker adds around a
// genuine link, the result must be refused (or, when recognised, stay on a
// platform host).

const validLink = fc.oneof(
  fc.tuple(fc.constantFrom('', 'us02web.', 'acme.'), fc.stringMatching(/^\d{9,11}$/)).map(([sub, id]) => `https://${sub}zoom.us/j/${id}`),
  fc.stringMatching(/^[a-z]{3}-[a-z]{4}-[a-z]{3}$/).map((code) => `https://meet.google.com/${code}`),
  fc.stringMatching(/^\d{10,14}$/).map((id) => `https://teams.live.com/meet/${id}`),
  fc.stringMatching(/^[A-Za-z0-9]{4,20}$/).map((id) => `https://teams.microsoft.com/l/meetup-join/19%3ameeting_${id}%40thread.v2/0`),
)

const split = (link: string): { host: string; rest: string } => {
  const m = /^https:\/\/([^/]+)(.*)$/.exec(link)
  return { host: m?.[1] ?? '', rest: m?.[2] ?? '' }
}

const evilHost = fc.constantFrom('evil.io', 'attacker.example', '127.0.0.1', '[::1]', 'evil.io.', 'x')
const label = fc.stringMatching(/^[a-z0-9]{1,12}$/)
const PLATFORM_HOST = /^((?:[a-z0-9-]+\.)?(zoom\.us|zoomgov\.com)|meet\.google\.com|teams\.microsoft\.com|teams\.live\.com)$/

test('generated genuine links are recognised, and normalising is idempotent', () => {
  fc.assert(
    fc.property(validLink, (link) => {
      const found = recognisePlatform(link)
      assert.ok(O.isSome(found), link)
      if (O.isSome(found)) assert.equal(recognisePlatform(found.value.url), found)
    }),
  )
})

test('a platform host followed by another domain is refused', () => {
  fc.assert(
    fc.property(validLink, label, fc.constantFrom('.io', '.com', '.evil.io', '-evil.com'), (link, l, tail) => {
      const { host, rest } = split(link)
      assert.ok(O.isNone(recognisePlatform(`https://${host}${tail === '.io' ? `.${l}.io` : tail}${rest}`)))
    }),
  )
})

test('glued prefixes (evilzoom.us, xmeet.google.com) are refused', () => {
  fc.assert(
    fc.property(validLink, label, (link, l) => {
      const { host, rest } = split(link)
      // Glue onto the registrable name: a.zoom.us -> a.<l>zoom.us, meet.google.com -> <l>meet.google.com.
      const glued = host.endsWith('zoom.us') ? host.replace(/zoom\.us$/, `${l}zoom.us`) : `${l}${host}`
      assert.ok(O.isNone(recognisePlatform(`https://${glued}${rest}`)), glued)
    }),
  )
})

test('userinfo on either side of the platform host is refused', () => {
  fc.assert(
    fc.property(validLink, evilHost, (link, evil) => {
      const { host, rest } = split(link)
      assert.ok(O.isNone(recognisePlatform(`https://${host}@${evil}${rest}`)))
      assert.ok(O.isNone(recognisePlatform(`https://${evil}@${host}${rest}`)))
      assert.ok(O.isNone(recognisePlatform(`https://${evil}\\@${host}${rest}`)))
    }),
  )
})

test('any whitespace, control or non-ASCII character anywhere is refused', () => {
  const bad = fc.oneof(
    fc.integer({ min: 0, max: 0x20 }),
    fc.integer({ min: 0x7f, max: 0x9f }),
    fc.constantFrom(0xa0, 0x2028, 0x200b, 0xfeff, 0x3000, 0x43e),
  )
  fc.assert(
    fc.property(validLink, bad, fc.nat(), (link, code, at) => {
      const i = at % (link.length + 1)
      const mutated = link.slice(0, i) + String.fromCharCode(code) + link.slice(i)
      assert.ok(O.isNone(recognisePlatform(mutated)), JSON.stringify(mutated))
    }),
  )
})

test('any scheme other than https is refused', () => {
  const scheme = fc.oneof(fc.constantFrom('http', 'javascript', 'ftp', 'data', 'file', 'ws', 'wss', 'zoommtg', 'msteams'), fc.stringMatching(/^[a-z][a-z0-9+.-]{0,10}$/))
  fc.assert(
    fc.property(validLink, scheme, (link, s) => {
      fc.pre(s !== 'https')
      assert.ok(O.isNone(recognisePlatform(link.replace(/^https/, s))))
    }),
  )
})

test('any explicit port other than 443 is refused', () => {
  fc.assert(
    fc.property(validLink, fc.integer({ min: 0, max: 65535 }), (link, port) => {
      fc.pre(port !== 443)
      const { host, rest } = split(link)
      assert.ok(O.isNone(recognisePlatform(`https://${host}:${port}${rest}`)))
    }),
  )
})

test('whatever random URL is recognised stays on a platform host with https and no fragment', () => {
  fc.assert(
    fc.property(fc.oneof(fc.webUrl({ withFragments: true, withQueryParameters: true }), fc.string()), (raw) => {
      const found = recognisePlatform(raw)
      if (O.isSome(found)) {
        const url = new URL(found.value.url)
        assert.equal(url.protocol, 'https:')
        assert.ok(PLATFORM_HOST.test(url.hostname), url.hostname)
        assert.equal(url.hash, '')
      }
    }),
    { numRuns: 2000 },
  )
})

test('host case does not matter', () => {
  fc.assert(
    fc.property(validLink, fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }), (link, flips) => {
      const { host, rest } = split(link)
      const mixed = [...host].map((ch, i) => (flips[i % 40] ? ch.toUpperCase() : ch)).join('')
      assert.equal(recognisePlatform(`https://${mixed}${rest}`), recognisePlatform(link))
    }),
  )
})

test.run()
