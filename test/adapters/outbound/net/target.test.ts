import * as E from 'fp-ts/lib/Either.js'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { NetFailure } from '../../../../adapters/outbound/net/net-failure.js'
import { checkUrl, type Resolve, type VettedTarget, vetTarget } from '../../../../adapters/outbound/net/target.js'

const refusedUrl = (raw: string, allowPrivate: boolean): NetFailure => {
  const r = checkUrl(raw, allowPrivate)
  return E.isLeft(r) ? r.left : (assert.unreachable(`${raw} was accepted as ${r.right.href}`) as never)
}

test('an address that does not spell its host is refused, not repaired by the URL parser', () => {
  // WHATWG parsing would turn each of these into https://x.example.com/...
  const malformed = [
    'https:///x',
    'https:///x.example.com/feed.ics',
    'https:////x.example.com/',
    'https:/x.example.com/',
    'https:x.example.com',
    'https:\\\\x.example.com/',
    'https://\\x.example.com/',
    'http:///x',
  ]
  for (const allowPrivate of [false, true]) {
    for (const raw of malformed) {
      const f = refusedUrl(raw, allowPrivate)
      assert.is(f.kind, 'bad_url', raw)
      assert.match(f.message, /has no host name/, raw)
    }
  }
})

test('well-formed addresses still pass; other problems keep their own message', () => {
  for (const raw of ['https://x.example.com', 'https://x.example.com:8443/a?b#c', 'https://[2606:4700::1]:8443/', '  https://x.example.com/feed.ics  ', 'HTTPS://X.Example.COM/']) {
    assert.ok(E.isRight(checkUrl(raw, false)), raw)
  }
  assert.match(refusedUrl('file:///etc/passwd', false).message, /not file:/)
  assert.match(refusedUrl('https://user@x.example.com/', false).message, /user name or password/)
  for (const raw of ['not a url', 'https://:443/x', 'https://@/x', 'https://user:pw@/x']) assert.match(refusedUrl(raw, true).message, /not a valid URL/, raw)
})

const vet = async (raw: string, allowPrivate: boolean, resolve: Resolve): Promise<E.Either<NetFailure, VettedTarget>> => {
  const url = checkUrl(raw, allowPrivate)
  if (E.isLeft(url)) return assert.unreachable(url.left.message) as never
  return vetTarget(url.right, allowPrivate, resolve)
}
const noLookup: Resolve = () => Promise.reject(new Error('must not resolve'))

test('cloud metadata addresses are refused even when private addresses are allowed: literal, embedded, behind DNS, by name', async () => {
  const cases: ReadonlyArray<[string, Resolve]> = [
    ['http://169.254.169.254/latest/meta-data/', noLookup],
    ['http://0xa9fea9fe/latest/meta-data/', noLookup],
    ['http://169.254.170.2/v2/credentials', noLookup],
    ['http://100.100.100.200/latest/meta-data/', noLookup],
    ['http://[fd00:ec2::254]/latest/meta-data/', noLookup],
    ['http://[::ffff:169.254.169.254]/', noLookup],
    ['http://[64:ff9b::a9fe:a9fe]/', noLookup],
    ['http://metadata.google.internal/computeMetadata/v1/', noLookup],
    ['http://metadata/computeMetadata/v1/', noLookup],
    ['http://metadata.google.internal./', noLookup],
    ['http://imds.example/', async () => ['169.254.169.254']],
    ['http://imds6.example/', async () => ['::ffff:a9fe:a9fe']],
    ['http://mixed.example/', async () => ['127.0.0.1', 'fd00:ec2::254']],
  ]
  for (const allowPrivate of [true, false]) {
    for (const [raw, resolve] of cases) {
      const r = await vet(raw.replace(/^http:/, allowPrivate ? 'http:' : 'https:'), allowPrivate, resolve)
      assert.ok(E.isLeft(r), raw)
      if (E.isLeft(r)) {
        assert.is(r.left.kind, 'blocked_address', raw)
        assert.match(r.left.message, /cloud metadata/, raw)
        assert.match(r.left.hostless, /cloud metadata/, raw)
      }
    }
  }
})

test('with private addresses allowed, loopback and private targets still pass', async () => {
  const r = await vet('http://receiver.example:8080/hook', true, async () => ['127.0.0.1', '10.0.0.2'])
  assert.equal(E.isRight(r) ? [r.right.host, r.right.address, r.right.family] : r.left, ['receiver.example', '127.0.0.1', 4])
  const literal = await vet('http://169.254.0.7/', true, noLookup)
  assert.ok(E.isRight(literal), 'link-local but not a metadata address')
})

test('failures say the host in message and neither host nor address in hostless', async () => {
  const enotfound = () => Promise.reject(Object.assign(new Error('x'), { code: 'ENOTFOUND' }))
  const eagain = () => Promise.reject(Object.assign(new Error('x'), { code: 'EAI_AGAIN' }))
  const cases: ReadonlyArray<[string, boolean, Resolve, RegExp]> = [
    ['https://gone.example.org/x', false, enotfound, /could not be found/],
    ['https://flaky.example.org/x', false, eagain, /could not be resolved \(EAI_AGAIN\)/],
    ['https://empty.example.org/x', false, async () => [], /has no address/],
    ['https://intranet.example.org/x', false, async () => ['10.0.0.7'], /private network address/],
    ['https://10.0.0.7/x', false, noLookup, /private network address/],
    ['https://[::ffff:10.0.0.7]/x', false, noLookup, /private network address/],
    ['https://imds.example.org/x', true, async () => ['169.254.169.254'], /cloud metadata/],
    ['https://169.254.169.254/x', true, noLookup, /cloud metadata/],
    ['https://metadata.google.internal/x', true, noLookup, /cloud metadata/],
  ]
  for (const [raw, allowPrivate, resolve, meaning] of cases) {
    const r = await vet(raw, allowPrivate, resolve)
    if (E.isRight(r)) return assert.unreachable(`${raw} was allowed`)
    const host = new URL(raw).hostname.replace(/^\[(.*)\]$/, '$1')
    assert.ok(r.left.message.includes(host), `message names the host: ${r.left.message}`)
    assert.match(r.left.message, meaning)
    assert.match(r.left.hostless, meaning)
    for (const secret of [host, '10.0.0.7', '169.254.169.254', 'example.org', 'metadata.google']) {
      assert.not.ok(r.left.hostless.includes(secret), `${raw}: "${r.left.hostless}" shows ${secret}`)
    }
  }
})

test.run()
