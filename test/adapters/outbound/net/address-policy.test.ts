import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { isMetadataName, judgeAddress, METADATA_ADDRESSES } from '../../../../adapters/outbound/net/address-policy.js'

const refused: ReadonlyArray<[string, RegExp]> = [
  ['127.0.0.1', /loopback/],
  ['127.255.0.9', /loopback/],
  ['10.1.2.3', /private/],
  ['172.16.0.1', /private/],
  ['172.31.255.255', /private/],
  ['192.168.1.1', /private/],
  ['100.64.0.1', /carrier-grade NAT/],
  ['100.127.255.254', /carrier-grade NAT/],
  ['169.254.169.254', /link-local/],
  ['169.254.0.1', /link-local/],
  ['0.0.0.0', /unspecified/],
  ['0.1.2.3', /unspecified/],
  ['255.255.255.255', /broadcast/],
  ['224.0.0.251', /multicast/],
  ['239.255.255.250', /multicast/],
  ['240.0.0.1', /reserved/],
  ['192.0.2.10', /reserved/],
  ['198.18.0.1', /reserved/],
  ['::1', /loopback/],
  ['::', /unspecified/],
  ['fe80::1', /link-local/],
  ['febf::1', /link-local/],
  ['fc00::1', /unique-local/],
  ['fd12:3456:789a::1', /unique-local/],
  ['ff02::1', /multicast/],
  ['2001:db8::1', /reserved/],
  ['2001::1', /Teredo/],
  ['64:ff9b:1::a', /NAT64/],
  ['::ffff:127.0.0.1', /loopback.*\(127\.0\.0\.1 inside/],
  ['::ffff:7f00:1', /loopback.*\(127\.0\.0\.1 inside/],
  ['::ffff:a9fe:a9fe', /link-local.*\(169\.254\.169\.254 inside/],
  ['[::ffff:10.0.0.1]', /private/],
  ['::ffff:0:7f00:1', /loopback/],
  ['::7f00:1', /loopback/],
  ['::127.0.0.1', /loopback/],
  ['64:ff9b::10.0.0.1', /private.*\(10\.0\.0\.1 inside/],
  ['64:ff9b::7f00:1', /loopback/],
  ['2002:c0a8:0101::1', /private.*\(192\.168\.1\.1 inside/],
  ['4000::1', /reserved or special/],
  ['fe80::1%eth0', /not a valid IP/],
  ['2130706433', /not a valid IP/],
  ['0x7f.1', /not a valid IP/],
  ['0177.0.0.1', /not a valid IP/],
  ['localhost', /not a valid IP/],
  ['', /not a valid IP/],
]

for (const [address, reason] of refused) {
  test(`refuses ${address}`, () => {
    const verdict = judgeAddress(address)
    assert.is(verdict.allowed, false)
    if (!verdict.allowed) assert.match(verdict.reason, reason)
  })
}

const allowed: ReadonlyArray<[string, string, 4 | 6]> = [
  ['93.184.216.34', '93.184.216.34', 4],
  ['8.8.8.8', '8.8.8.8', 4],
  ['172.32.0.1', '172.32.0.1', 4],
  ['100.128.0.1', '100.128.0.1', 4],
  ['2606:4700:4700::1111', '2606:4700:4700::1111', 6],
  ['[2a00:1450:4001:80b::200e]', '2a00:1450:4001:80b::200e', 6],
  ['::ffff:8.8.8.8', '::ffff:808:808', 6],
  ['64:ff9b::8.8.8.8', '64:ff9b::808:808', 6],
]

for (const [input, address, family] of allowed) {
  test(`allows ${input}`, () => {
    assert.equal(judgeAddress(input), { allowed: true, address, family })
  })
}

// Cloud metadata services: refused whatever NOTETAKER_ALLOW_PRIVATE_URLS says, so the verdict marks them.
const metadata: ReadonlyArray<[string, RegExp]> = [
  ['169.254.169.254', /link-local address of a cloud metadata service$/],
  ['169.254.170.2', /cloud metadata service/],
  ['169.254.170.23', /cloud metadata service/],
  ['100.100.100.200', /carrier-grade NAT address of a cloud metadata service/],
  ['fd00:ec2::254', /unique-local.*cloud metadata service/],
  ['[fd00:ec2::254]', /cloud metadata service/],
  ['fd00:ec2:0:0:0:0:0:254', /cloud metadata service/],
  ['fd00:ec2::23', /cloud metadata service/],
  ['::ffff:169.254.169.254', /cloud metadata service \(169\.254\.169\.254 inside an IPv6 address\)/],
  ['::ffff:a9fe:a9fe', /link-local.*cloud metadata service.*\(169\.254\.169\.254 inside/],
  ['[::ffff:100.100.100.200]', /cloud metadata service/],
  ['::169.254.169.254', /cloud metadata service/],
  ['::ffff:0:a9fe:a9fe', /cloud metadata service/],
  ['64:ff9b::a9fe:a9fe', /cloud metadata service/],
  ['2002:a9fe:a9fe::1', /cloud metadata service/],
]

for (const [address, reason] of metadata) {
  test(`marks ${address} as a cloud metadata address`, () => {
    const verdict = judgeAddress(address)
    assert.is(verdict.allowed, false)
    if (!verdict.allowed) {
      assert.is(verdict.metadata, true)
      assert.match(verdict.reason, reason)
    }
  })
}

test('other refused addresses are not marked as metadata', () => {
  for (const address of ['169.254.0.1', '169.254.169.253', '100.100.100.201', 'fd00:ec2::253', '127.0.0.1', '10.0.0.1', '::ffff:10.0.0.1']) {
    const verdict = judgeAddress(address)
    assert.ok(!verdict.allowed && !verdict.metadata, address)
  }
})

test('the metadata list and names', () => {
  assert.equal(METADATA_ADDRESSES, ['169.254.169.254', '169.254.170.2', '169.254.170.23', '100.100.100.200', 'fd00:ec2::254', 'fd00:ec2::23'])
  for (const name of ['metadata', 'metadata.', 'metadata.google.internal', 'METADATA.Google.Internal', 'metadata.google.internal.']) assert.ok(isMetadataName(name), name)
  for (const name of ['metadata.example.com', 'mymetadata', 'google.internal', 'calendar.google.com']) assert.not.ok(isMetadataName(name), name)
})

test.run()
