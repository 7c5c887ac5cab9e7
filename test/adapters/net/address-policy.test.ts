import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { judgeAddress } from '../../../adapters/net/address-policy.js'

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

test.run()
