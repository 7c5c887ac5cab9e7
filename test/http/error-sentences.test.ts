import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { waitInWords } from '../../adapters/driving/http-koa/dispatch/envelope.js'
import { memoryRateLimiter } from '../../adapters/stores/memory/rate-limiter.js'
import { sizeInWords } from '../../src/core/domain/size-words.js'
import { type Harness, startHarness } from '../support/http.js'

// Errors are read by people (the web app shows `message` as it is): one sentence in words, each field named once,
// sizes and waits as a person says them; `details` keep each field's own message, to mark the field.

/** No field's name twice, no byte count, no run of the same words. */
const oneSentence = (message: string, fields: ReadonlyArray<string>) => {
  for (const f of fields) assert.ok((message.match(new RegExp(`\\b${f} (must|is)\\b`, 'g')) ?? []).length <= 1, `"${f}" named at most once in: ${message}`)
  assert.not.match(message, /\d+ bytes/, 'no byte count')
  assert.not.match(message, /: \w+ \w+ must/, 'no "field field must"')
}

const s = suite<{ h: Harness }>('Error messages are sentences a person reads')
s.before(async (ctx) => {
  ctx.h = await startHarness()
})
s.after(async ({ h }) => h.close())

s('a link that is not a meeting: its field named once; details keep its message', async ({ h }) => {
  const r = await h.request('POST', '/bots', { body: { joinUrl: 'https://example.com/x' } })
  assert.is(r.status, 422)
  assert.is(r.body.error.message, 'joinUrl must be a Zoom, Google Meet or Microsoft Teams join link')
  oneSentence(r.body.error.message, ['joinUrl'])
  assert.equal(r.body.error.details, [{ path: 'joinUrl', message: 'joinUrl must be a Zoom, Google Meet or Microsoft Teams join link' }])
})

s('a file that is neither audio nor a transcript says what it must be, in words', async ({ h }) => {
  const r = await h.request('POST', '/uploads', { body: { filename: 'notes.pdf' } })
  assert.is(r.status, 422)
  assert.is(r.body.error.message, 'The file must be audio (.wav, .mp3, .m4a, .ogg, .opus, .webm, .flac, .mp4) or a transcript (.vtt, .srt, .txt, .json)')
  assert.equal(r.body.error.details.map((d: { path: string }) => d.path), ['filename'])
})

s('a body refused on its fields: the message says each field once, in the order of details', async ({ h }) => {
  const missing = await h.request('POST', '/uploads', { body: {} })
  assert.equal([missing.status, missing.body.error.message], [422, 'filename is required'])
  assert.equal(missing.body.error.details, [{ path: 'filename', message: 'is required' }])

  const unknown = await h.request('POST', '/uploads', { body: { filename: 'a.vtt', sizeBytes: 1 } })
  assert.is(unknown.body.error.message, 'sizeBytes is not a known field')

  const meeting = await h.request('POST', '/meetings', { body: { title: ' ', link: 'https://example.com/x', startsAt: '2026-06-02T09:00:00Z', durationMinutes: 0 } })
  assert.is(meeting.status, 422)
  assert.is(
    meeting.body.error.message,
    'title must be 1 to 500 characters, not counting spaces at the ends; link must be a Zoom, Google Meet or Microsoft Teams join link; durationMinutes must be a whole number of minutes from 1 to 1440',
  )
  oneSentence(meeting.body.error.message, ['title', 'durationMinutes', 'link'])
  assert.is(meeting.body.error.details.length, 3)
})

s('a query parameter and a filter the list cannot use are said the same way', async ({ h }) => {
  const limit = await h.request('GET', '/recordings?limit=500')
  assert.is(limit.status, 422)
  assert.match(limit.body.error.message, /^limit must be /)
  const from = await h.request('GET', '/recordings?from=2026-02-30T00:00:00Z')
  assert.is(from.status, 422)
  assert.match(from.body.error.message, /^from /)
  oneSentence(from.body.error.message, ['from'])
})

s('sizes are said in MB, never in bytes', async ({ h }) => {
  const audio = await h.request('POST', '/uploads', { body: { filename: 'long.wav', byteSize: 6 * 1024 * 1024 } })
  assert.equal([audio.status, audio.body.error.message], [422, 'the file is larger than the 5 MB upload limit'])
  assert.is(sizeInWords(524_288_000), '500 MB')
  assert.is(sizeInWords(1.5 * 1024 * 1024), '1.5 MB')
  assert.is(sizeInWords(300), '1 KB')
  assert.is(sizeInWords(3 * 1024 ** 3), '3 GB')
})

s.run()

const r = suite<{ h: Harness }>('Too many requests: the wait in words, Retry-After exact')
r.before(async (ctx) => {
  ctx.h = await startHarness({ ports: { rateLimiter: memoryRateLimiter({ limit: 1, windowSeconds: 600 }) } })
})
r.after(async ({ h }) => h.close())

r('the message rounds the wait up to minutes; the header keeps the seconds', async ({ h }) => {
  await h.request('GET', '/me')
  const limited = await h.request('GET', '/me')
  assert.is(limited.status, 429)
  const seconds = Number(limited.headers.get('retry-after'))
  assert.ok(seconds > 60, `a wait of minutes (${seconds} s)`)
  assert.is(limited.body.error.message, `Too many requests; try again in ${Math.ceil(seconds / 60)} minutes`)
})

r('waits in words: seconds, minutes, hours, rounded up', () => {
  assert.equal([1, 45, 60, 811, 3600, 5400].map(waitInWords), ['1 second', '45 seconds', '1 minute', '14 minutes', '1 hour', '2 hours'])
})

r.run()
