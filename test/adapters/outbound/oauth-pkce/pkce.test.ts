import { createHash } from 'node:crypto'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { newPkce, pkceChallenge } from '../../../../adapters/outbound/oauth-pkce/index.js'

test("the challenge of RFC 7636's own example (appendix B)", () => {
  assert.is(pkceChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk'), 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM')
})

test('a new pair: a verifier of 43 to 128 unreserved characters, its S256 challenge, never the same twice', () => {
  const pairs = Array.from({ length: 200 }, newPkce)
  for (const { verifier, challenge } of pairs) {
    assert.ok(/^[A-Za-z0-9\-._~]{43,128}$/.test(verifier), verifier)
    assert.is(challenge, createHash('sha256').update(verifier).digest('base64url'))
    assert.ok(/^[A-Za-z0-9\-_]{43}$/.test(challenge), 'base64url without padding')
  }
  assert.is(new Set(pairs.map((p) => p.verifier)).size, pairs.length)
})

test.run()
