import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { requestOrigin, serverOf } from '../../../../adapters/driving/http-koa/server-url.js'

test('a plain host[:port] gives the origin, https when the connection is TLS', () => {
  assert.is(requestOrigin('notes.example.com', true), 'https://notes.example.com')
  assert.is(requestOrigin('127.0.0.1:8080', false), 'http://127.0.0.1:8080')
  assert.is(requestOrigin('[::1]:3000', false), 'http://[::1]:3000')
  assert.is(requestOrigin('localhost', false), 'http://localhost')
  // Case and a default port are read as HTTP reads them.
  assert.is(requestOrigin('Notes.Example.COM:80', false), 'http://notes.example.com')
  assert.is(requestOrigin('notes.example.com:443', true), 'https://notes.example.com')
})

test('anything else in Host is not used', () => {
  const refused = [
    undefined,
    '',
    'evil.example/path',
    'ana@evil.example',
    'two words',
    'notes.example.com:',
    'notes.example.com:99999',
    'notes.example.com:8080:1',
    '-dash.example',
    'dash-.example',
    'ex%41mple.com',
    'éxample.com',
    'under_score.example',
    '999.1.1.1',
    '1.2.3',
    '[zz::1]',
    '[0:0::1]',
    'javascript:alert(1)',
    `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.example`,
    'a'.repeat(64),
  ]
  for (const host of refused) assert.is(requestOrigin(host, false), null, `${String(host)} is refused`)
})

test('the server: the public address first, then the request, then the relative path', () => {
  assert.equal(serverOf('https://notes.example.com', { host: 'other.example', tls: false }).url, 'https://notes.example.com/ext/v1')
  assert.equal(serverOf('https://example.com/notetaker').url, 'https://example.com/notetaker/ext/v1')
  assert.equal(serverOf('', { host: 'notes.example.com:8443', tls: true }).url, 'https://notes.example.com:8443/ext/v1')
  assert.equal(serverOf('', { host: 'bad/host', tls: true }).url, '/ext/v1')
  assert.equal(serverOf('').url, '/ext/v1')
  for (const s of [serverOf('x'), serverOf('', { host: 'h', tls: false }), serverOf('')]) assert.ok(s.description.length > 0)
})

test.run()
