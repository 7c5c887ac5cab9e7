/**
 * The client's types, checked by `npm run typecheck` (tsc over test/ and clients/):
 * each `@ts-expect-error` below must be an error, or tsc fails on the unused directive.
 * The functions are never called; the one runtime test only keeps uvu honest.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createClient, type NotetakerApiError, type PagedPath, type Recording, type WebhookEvent } from '../../clients/typescript/src/index.js'

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false
const same = <A, B>(_: Equal<A, B>) => undefined

export const typeChecks = async () => {
  const client = createClient({ baseUrl: 'http://localhost:8080', apiKey: 'ntk_x' })

  // request(): the path must exist for the method; path parameters, required queries and bodies are required.
  const recording = await client.request('get', '/recordings/{runId}', { path: { runId: 'r' }, query: { include: 'transcript' } })
  same<typeof recording.data, Recording>(true)
  // @ts-expect-error no such path
  await client.request('get', '/recording')
  // @ts-expect-error /me has no POST
  await client.request('post', '/me')
  // @ts-expect-error the path parameter is missing
  await client.request('get', '/recordings/{runId}')
  // @ts-expect-error a path parameter of another name
  await client.request('get', '/recordings/{runId}', { path: { id: 'r' } })
  // @ts-expect-error the schedule needs from and to
  await client.request('get', '/meetings/schedule')
  await client.request('get', '/meetings/schedule', { query: { from: 'a', to: 'b' } })
  // @ts-expect-error /me takes no query
  await client.request('get', '/me', { query: { limit: 1 } })
  // @ts-expect-error POST /bots needs its body
  await client.request('post', '/bots')
  // @ts-expect-error joinUrl is a string
  await client.request('post', '/bots', { body: { joinUrl: 42 } })
  await client.request('put', '/uploads/{uploadId}/content', { path: { uploadId: 'u' }, body: new Uint8Array([1]) })
  // The content is bytes (the document gives it an empty schema): a Blob goes, a JSON object does not.
  await client.request('put', '/uploads/{uploadId}/content', { path: { uploadId: 'u' }, body: new Blob(['WEBVTT']), contentType: 'text/vtt' })
  // @ts-expect-error the content is bytes, not JSON
  await client.request('put', '/uploads/{uploadId}/content', { path: { uploadId: 'u' }, body: { text: 'WEBVTT' } })

  // Resource methods answer the `data`, typed.
  const bot = await client.bots.send({ joinUrl: 'https://meet.google.com/abc-defg-hij' })
  same<typeof bot.runId, string>(true)
  const upload = await client.uploads.upload({ data: 'meeting.vtt', title: 'x' })
  same<typeof upload.stage, 'pending' | 'stored' | 'transcribing' | 'analysing' | 'ready' | 'failed'>(true)
  for await (const row of client.recordings.list({ limit: 10 })) same<typeof row.runId, string>(true)
  // @ts-expect-error limit is a number
  client.recordings.list({ limit: '10' })
  // @ts-expect-error the schedule's window is required
  client.meetings.schedule({})

  // Paged paths are read off the document: these page, /webhooks (the whole collection) and /me do not.
  same<Extract<PagedPath, '/recordings' | '/uploads' | '/bots' | '/meetings' | '/meetings/schedule' | '/recordings/{runId}/transcript'>, '/recordings' | '/uploads' | '/bots' | '/meetings' | '/meetings/schedule' | '/recordings/{runId}/transcript'>(true)
  same<Extract<PagedPath, '/me' | '/webhooks'>, never>(true)

  // Errors and webhook events.
  const code: NotetakerApiError['code'] = 'NOT_FOUND'
  // @ts-expect-error not one of the eight codes
  const wrong: NotetakerApiError['code'] = 'GONE'
  const onEvent = (event: WebhookEvent) => {
    if (event.type === 'upload.ready') same<typeof event.data.uploadId, string>(true)
  }
  return [code, wrong, onEvent]
}

test('the type checks compile (npm run typecheck runs them)', () => {
  assert.type(typeChecks, 'function')
})

test.run()
