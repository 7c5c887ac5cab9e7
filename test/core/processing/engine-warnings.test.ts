/**
 * What a speech engine warns of about its words (Whisper: a transcript mostly one phrase
 * repeated) reaches the upload's `warnings`, which the API and the upload page show.
 */
import * as TE from 'fp-ts/lib/TaskEither.js'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { Transcriber } from '../../../src/core/ports/transcriber.js'
import { putContent, silentWav } from '../../http/share-world.js'
import { closing, startHarness } from '../../support/http.js'

const WARNING = 'Much of this transcript is one phrase repeated ("Thank you"). The speech engine does this on music, noise or long silences, so these words are probably not what was said; check the recording.'

const warningTranscriber = (warnings?: ReadonlyArray<string>): Transcriber => ({
  name: 'warning',
  available: true,
  transcribe: () =>
    TE.right({
      utterances: [{ start_ms: 0, end_ms: 1500, speaker: 'Speaker 1', text: 'Thank you.' }],
      durationMs: 2000,
      ...(warnings === undefined ? {} : { warnings }),
    }),
})

const uploaded = async (transcriber: Transcriber) => {
  const h = await startHarness({ ports: { transcriber } })
  let seen: { one: any; list: any } | undefined
  await closing(h, async () => {
    const wav = silentWav(2)
    const u = (await h.request('POST', '/uploads', { body: { filename: 'call.wav', byteSize: wav.length } })).body.data
    assert.is((await putContent(h, u.id, wav, h.keys.full)).status, 200)
    await h.worker.drain()
    seen = { one: (await h.request('GET', `/uploads/${u.id}`)).body.data, list: (await h.request('GET', '/uploads')).body.data.rows[0] }
  })
  return seen!
}

test("the engine's warnings are the upload's, in GET /uploads/{id} and the list", async () => {
  const { one, list } = await uploaded(warningTranscriber([WARNING]))
  assert.equal([one.stage, one.warnings], ['ready', [WARNING]])
  assert.equal(list.warnings, [WARNING])
})

test('an engine that warns of nothing leaves the upload without warnings', async () => {
  const { one } = await uploaded(warningTranscriber())
  assert.equal([one.stage, one.warnings], ['ready', []])
})

test.run()
