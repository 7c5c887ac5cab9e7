import * as E from 'fp-ts/lib/Either.js'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { flagWouldAllow, screenUrl } from '../../../../adapters/outbound/net/url-policy.js'

/** What screenUrl says of an address, with private addresses refused and allowed. */
const verdict = (raw: string, allowPrivate: boolean): string => {
  const r = screenUrl(raw, allowPrivate)
  return E.isRight(r) ? 'ok' : `${r.left.kind}${flagWouldAllow(r.left) ? '+flag' : ''}`
}

// [address, without NOTETAKER_ALLOW_PRIVATE_URLS, with it]
const table: ReadonlyArray<[string, string, string]> = [
  ['https://calendar.example.com/ical/abc/basic.ics', 'ok', 'ok'],
  ['https://93.184.216.34/feed', 'ok', 'ok'],
  ['https://[2606:4700:4700::1111]/feed', 'ok', 'ok'],
  ['http://calendar.example.com/feed', 'scheme+flag', 'ok'],
  ['ftp://calendar.example.com/feed', 'scheme', 'scheme'],
  ['https://user:pass@calendar.example.com/feed', 'invalid', 'invalid'],
  ['https://user@calendar.example.com/feed', 'invalid', 'invalid'],
  ['https:///calendar.example.com/feed', 'invalid', 'invalid'],
  ['https:calendar.example.com/feed', 'invalid', 'invalid'],
  ['nonsense', 'invalid', 'invalid'],
  ['https://127.0.0.1/feed', 'private+flag', 'ok'],
  ['http://127.0.0.1:8080/feed', 'scheme+flag', 'ok'],
  ['https://2130706433/feed', 'private+flag', 'ok'],
  ['https://[::1]/feed', 'private+flag', 'ok'],
  ['https://10.1.2.3/feed', 'private+flag', 'ok'],
  ['https://192.168.0.10/feed', 'private+flag', 'ok'],
  ['https://[fe80::1]/feed', 'private+flag', 'ok'],
  ['https://[fd12::1]/feed', 'private+flag', 'ok'],
  ['https://localhost/feed', 'private+flag', 'ok'],
  ['https://cal.localhost/feed', 'private+flag', 'ok'],
  ['https://LOCALHOST./feed', 'private+flag', 'ok'],
  ['https://169.254.169.254/latest/meta-data/', 'metadata', 'metadata'],
  ['http://169.254.169.254/latest/meta-data/', 'metadata', 'metadata'],
  ['https://0xa9fea9fe/', 'metadata', 'metadata'],
  ['https://169.254.170.2/v2/credentials', 'metadata', 'metadata'],
  ['https://100.100.100.200/latest/meta-data/', 'metadata', 'metadata'],
  ['https://[fd00:ec2::254]/latest/meta-data/', 'metadata', 'metadata'],
  ['https://[::ffff:169.254.169.254]/', 'metadata', 'metadata'],
  ['https://[::ffff:a9fe:a9fe]/', 'metadata', 'metadata'],
  ['https://[64:ff9b::a9fe:a9fe]/', 'metadata', 'metadata'],
  ['https://metadata.google.internal/computeMetadata/v1/', 'metadata', 'metadata'],
  ['http://metadata/computeMetadata/v1/', 'metadata', 'metadata'],
  ['https://169.254.0.9/feed', 'private+flag', 'ok'],
]

for (const [raw, strict, lenient] of table) {
  test(`screens ${raw}`, () => {
    assert.is(verdict(raw, false), strict, 'without the flag')
    assert.is(verdict(raw, true), lenient, 'with the flag')
  })
}

test('a refused host is reported with what it is', () => {
  const r = screenUrl('https://[::ffff:10.0.0.1]/x', false)
  assert.equal(E.isLeft(r) ? r.left : null, { kind: 'private', host: '[::ffff:a00:1]', what: 'a private network address (10.0.0.1 inside an IPv6 address)' })
  const m = screenUrl('https://metadata.google.internal/x', true)
  assert.equal(E.isLeft(m) ? m.left : null, { kind: 'metadata', host: 'metadata.google.internal', what: 'the name of a cloud metadata service' })
})

test.run()
