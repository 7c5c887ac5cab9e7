import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as E from 'fp-ts/lib/Either.js'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { aesGcmSecretBox, loadSecretKey } from '../../../adapters/system/secret-box.js'

const s = suite<{ dir: string }>('webhook-http: secret box (AES-256-GCM) and its key')
s.before.each((ctx) => {
  ctx.dir = mkdtempSync(join(tmpdir(), 'notetaker-key-'))
})
s.after.each(({ dir }) => rmSync(dir, { recursive: true, force: true }))

s('seals and opens; the sealed form reveals nothing and differs every time', () => {
  const box = aesGcmSecretBox(randomBytes(32))
  const secret = 'whsec_c2VjcmV0IHNlY3JldCBzZWNyZXQgc2VjcmV0IQ=='
  const a = box.seal(secret)
  const b = box.seal(secret)
  assert.is.not(a, b, 'a fresh nonce each time')
  assert.ok(a.startsWith('v1:'))
  assert.not.ok(a.includes(secret.slice(6)) || a.includes(Buffer.from(secret).toString('base64')))
  assert.equal(box.open(a), E.right(secret))
  assert.equal(box.open(b), E.right(secret))
})

s('a tampered value, another key or a foreign format fails to open with a reason', () => {
  const box = aesGcmSecretBox(randomBytes(32))
  const sealed = box.seal('whsec_abc')
  const raw = Buffer.from(sealed.slice(3), 'base64')
  raw[raw.length - 1]! ^= 1
  const tampered = `v1:${raw.toString('base64')}`
  for (const bad of [tampered, 'plain', 'v1:AAAA']) assert.ok(E.isLeft(box.open(bad)), bad)
  const other = aesGcmSecretBox(randomBytes(32)).open(sealed)
  assert.ok(E.isLeft(other) && /another key/.test(other.left.message))
  assert.throws(() => aesGcmSecretBox(randomBytes(16)), /32 bytes/)
})

s('the configured key wins; else a key file is made once with mode 0600 and reused', ({ dir }) => {
  const configured = randomBytes(32)
  assert.equal(loadSecretKey({ configured: configured.toString('base64'), file: join(dir, 'unused.key') }), configured)
  const file = join(dir, 'sub', 'secret.key')
  const first = loadSecretKey({ configured: '', file })
  assert.is(first.length, 32)
  assert.is(statSync(file).mode & 0o777, 0o600)
  assert.equal(loadSecretKey({ configured: '', file }), first, 'reused')
  assert.equal(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64'), first)
  const sealed = aesGcmSecretBox(first).seal('whsec_x')
  assert.equal(aesGcmSecretBox(loadSecretKey({ configured: '', file })).open(sealed), E.right('whsec_x'), 'a restart opens what was sealed before')
  assert.is(loadSecretKey({ configured: '', file: null }).length, 32)
})

s('a key file that is not 32 bytes of base64 stops start-up with its name', ({ dir }) => {
  const file = join(dir, 'secret.key')
  writeFileSync(file, 'too short')
  assert.throws(() => loadSecretKey({ configured: '', file }), /secret\.key must hold 32 bytes/)
})

s.run()
