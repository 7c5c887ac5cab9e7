import * as E from 'fp-ts/lib/Either.js'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { scryptPasswordHasher } from '../../../adapters/system/password-hasher.js'
import { sessionSecrets } from '../../../adapters/system/session-secrets.js'
import { right } from '../../support/run.js'

test('scrypt hashes describe themselves, are salted, and verify only the same password', async () => {
  const hasher = scryptPasswordHasher({ N: 1024 })
  const a = await right(hasher.hash('correct horse battery staple'))
  const b = await right(hasher.hash('correct horse battery staple'))
  assert.match(a, /^scrypt\$1024\$8\$1\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/)
  assert.is.not(a, b, 'a random salt each time')
  assert.is(await right(hasher.verify('correct horse battery staple', a)), true)
  assert.is(await right(hasher.verify('correct horse battery stapler', a)), false)
  assert.is(await right(hasher.verify('correct horse battery staple', null)), false, 'the dummy hash matches nothing')
  assert.is(await right(hasher.verify('anything', 'not a hash')), false)
  assert.is(await right(hasher.verify('anything', 'scrypt$33554432$8$1$AAAA$AAAA')), false, 'absurd parameters are refused, not computed')
})

test('a hash made with other parameters still verifies (they travel with it); the default is N=2^15', async () => {
  const cheap = await right(scryptPasswordHasher({ N: 1024 }).hash('a long enough password'))
  const strong = scryptPasswordHasher()
  assert.is(await right(strong.verify('a long enough password', cheap)), true)
  const made = await right(strong.hash('a long enough password'))
  assert.match(made, /^scrypt\$32768\$8\$1\$/)
  const r = await strong.verify('a long enough password', made)()
  assert.equal(r, E.right(true))
})

test('session tokens are 256 random bits; only their SHA-256 is the stored form; CSRF tokens compare exactly', () => {
  const a = sessionSecrets.mint()
  const b = sessionSecrets.mint()
  assert.match(a.token, /^[A-Za-z0-9_-]{43}$/)
  assert.is.not(a.token, b.token)
  assert.is(a.tokenHash, sessionSecrets.hashOf(a.token))
  assert.is.not(a.tokenHash, a.token)
  assert.ok(sessionSecrets.same(a.csrfToken, a.csrfToken))
  assert.not.ok(sessionSecrets.same(a.csrfToken, b.csrfToken))
  assert.not.ok(sessionSecrets.same('', a.csrfToken))
})

test.run()
