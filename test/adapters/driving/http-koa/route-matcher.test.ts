import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { routeMatcher } from '../../../../adapters/driving/http-koa/route-matcher.js'

const matcher = routeMatcher('/ext/v1', [
  { method: 'get', path: '/meetings/schedule', handler: 'schedule' },
  { method: 'get', path: '/meetings/{id}', handler: 'meeting' },
  { method: 'get', path: '/things/{id}', handler: 'first' },
  { method: 'get', path: '/things/special', handler: 'shadowed' },
  { method: 'post', path: '/webhooks/{id}/deliveries/{deliveryId}/resend', handler: 'resend' },
  { method: 'get', path: '/openapi.json', handler: 'openapi' },
])
const found = (method: string, path: string) => {
  const m = matcher.match(method, path)
  return m === null ? null : { handler: m.handler, params: { ...m.params } }
}

test('finds static and parameter routes, parameters decoded', () => {
  assert.equal(found('GET', '/ext/v1/meetings/schedule'), { handler: 'schedule', params: {} })
  assert.equal(found('GET', '/ext/v1/meetings/a%20b'), { handler: 'meeting', params: { id: 'a b' } })
  assert.equal(found('POST', '/ext/v1/webhooks/w1/deliveries/d%2F2/resend'), { handler: 'resend', params: { id: 'w1', deliveryId: 'd/2' } })
  assert.equal(found('GET', '/ext/v1/meetings/%E0%A4%A'), { handler: 'meeting', params: { id: '%E0%A4%A' } }, 'an undecodable value is kept as sent')
})

test('the first registered route that matches wins, as with @koa/router', () => {
  assert.equal(found('GET', '/ext/v1/things/special'), { handler: 'first', params: { id: 'special' } })
})

test('paths are case-insensitive and may end in one slash; dots are literal', () => {
  assert.equal(found('GET', '/EXT/v1/Meetings/Schedule/')?.handler, 'schedule')
  assert.equal(found('GET', '/ext/v1/meetings/schedule//'), null)
  assert.equal(found('GET', '/ext/v1/openapiXjson'), null)
})

test('a GET route answers HEAD; other methods and unknown paths find nothing', () => {
  assert.equal(found('HEAD', '/ext/v1/openapi.json')?.handler, 'openapi')
  assert.equal(found('POST', '/ext/v1/openapi.json'), null)
  assert.equal(found('GET', '/ext/v1/meetings'), null)
  assert.equal(found('GET', '/ext/v1/meetings/a/b'), null)
  assert.equal(found('GET', '/meetings/schedule'), null)
})

test('lists what it mounted, with HEAD beside GET', () => {
  assert.equal(matcher.mounted.map((m) => `${m.methods.join(',')} ${m.path}`).slice(0, 2), ['HEAD,GET /ext/v1/meetings/schedule', 'HEAD,GET /ext/v1/meetings/:id'])
})

test.run()
