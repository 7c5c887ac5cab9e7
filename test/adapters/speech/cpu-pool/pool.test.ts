import { readdirSync, readFileSync } from 'node:fs'
import { setImmediate as turn } from 'node:timers/promises'
import * as E from 'fp-ts/lib/Either.js'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createBuiltinAnalyzer } from '../../../../adapters/notes/builtin/index.js'
import { type CpuPool, createCpuPool } from '../../../../adapters/speech/cpu-pool/index.js'
import { createTranscriptParser, parseTranscript } from '../../../../adapters/speech/transcript-parse/index.js'
import type { ParsedTranscript, TranscriptParser } from '../../../../src/core/ports/transcript-parser.js'
import { fixture } from '../transcript-parse/helpers.js'
import { sampleMeeting } from '../../notes/builtin/sample-meeting.js'

const limits = { maxUtterances: 100_000 }
const bytes = (text: string) => new TextEncoder().encode(text)
const s = suite<{ pool: CpuPool }>('cpu pool: transcripts read and analyzed on worker threads')
s.before(async (ctx) => {
  ctx.pool = createCpuPool({ threads: 1 })
})
s.after(async ({ pool }) => pool.close())

s('a transcript read on the pool is the one read here, failures included', async ({ pool }) => {
  for (const [format, name] of [['vtt', 'planning-meeting.vtt'], ['srt', 'zoom.srt'], ['txt', 'otter.txt'], ['json', 'utterances.json']] as const) {
    assert.equal(await pool.transcriptParser.parse(format, bytes(fixture(name)), limits)(), parseTranscript(format, bytes(fixture(name)), limits), name)
  }
  for (const broken of ['WEBVTT\n\n00:00:01.000 --> 00:00:xx.000\n<v Ann>Hello\n', 'WEBVTT\n\n00:00:01.000 --> 00:00:xx.000\nlost\n\n00:00:02.000 --> 00:00:03.000\nkept\n']) {
    const pooled = await pool.transcriptParser.parse('vtt', bytes(broken), limits)()
    assert.equal(pooled, parseTranscript('vtt', bytes(broken), limits))
  }
  const latin1 = new Uint8Array(Buffer.from('1\n00:00:01,000 --> 00:00:02,000\nCE FILM RELATE DES \xc9V\xc9NEMENTS\n', 'latin1'))
  const read = await pool.transcriptParser.parse('srt', latin1, limits)()
  assert.equal(E.map((r: ParsedTranscript) => [r.utterances[0]!.text, r.guessedEncoding])(read), E.right(['CE FILM RELATE DES ÉVÉNEMENTS', 'windows-1252']))
  const tooMany = await pool.transcriptParser.parse('txt', bytes('Ann: one\nBo: two\nAnn: three'), { maxUtterances: 2 })()
  assert.equal(tooMany, E.left({ _tag: 'TranscriptParseFailure', line: null, message: 'the transcript has 3 utterances; at most 2 can be processed' }))
})

s('notes analyzed on the pool are the ones analyzed here', async ({ pool }) => {
  const input = { title: 'Planning', startsAt: '2026-03-16T10:00:00Z', utterances: sampleMeeting, attendees: [] }
  assert.equal(await pool.analyzer.analyze(input)(), await createBuiltinAnalyzer().analyze(input)())
})

/** How many times the event loop turned while the parse ran: none when it runs on this thread. */
const turnsDuring = async (parser: TranscriptParser, text: string): Promise<{ turns: number; utterances: number }> => {
  let turns = 0
  let running = true
  const parsed = parser.parse('txt', bytes(text), limits)().finally(() => {
    running = false
  })
  while (running) {
    await turn()
    turns++
  }
  const result = await parsed
  return { turns, utterances: E.isRight(result) ? result.right.utterances.length : -1 }
}

s('a large transcript is read while this thread keeps answering: the event loop turns throughout', async ({ pool }) => {
  const text = Array.from({ length: 60_000 }, (_, i) => `Speaker ${i % 4}: we will look at item ${i} of the quarterly plan and decide who owns it`).join('\n')
  const here = await turnsDuring(createTranscriptParser(), text)
  const pooled = await turnsDuring(pool.transcriptParser, text)
  assert.equal([here.utterances, pooled.utterances], [60_000, 60_000])
  assert.ok(here.turns <= 1, `on this thread the loop is held for the whole parse (${here.turns} turns)`)
  assert.ok(pooled.turns > 20, `on the pool the loop kept turning (${pooled.turns} turns)`)
})

s('a task whose signal aborts fails saying it was stopped, and the pool goes on with the next one', async ({ pool }) => {
  const huge = Array.from({ length: 300_000 }, (_, i) => `Speaker ${i % 4}: item ${i} of a transcript long enough to take a while to read`).join('\n')
  const controller = new AbortController()
  const reading = pool.transcriptParser.parse('txt', Buffer.from(huge), { maxUtterances: 1_000_000 }, { signal: controller.signal })()
  setTimeout(() => controller.abort(new Error('the processing time limit passed')), 50)
  const stopped = await reading
  assert.ok(E.isLeft(stopped) && /stopped/.test(stopped.left.message), JSON.stringify(E.isLeft(stopped) ? stopped.left : 'read whole'))
  const next = await pool.transcriptParser.parse('txt', Buffer.from('Ann: hello'), limits)()
  assert.ok(E.isRight(next) && next.right.utterances.length === 1)
  const analysis = new AbortController()
  analysis.abort(new Error('the processing time limit passed'))
  const notAnalysed = await pool.analyzer.analyze({ title: 'Planning', startsAt: '2026-03-16T10:00:00Z', utterances: sampleMeeting, attendees: [] }, { signal: analysis.signal })()
  assert.ok(E.isLeft(notAnalysed) && /stopped/.test(notAnalysed.left.message))
})

/** The niceness of each thread of this process (Linux: field 19 of /proc/self/task/TID/stat). */
const niceOf = (tid: string): number => Number(readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ')[16])

s('on Linux the pool threads step back for the thread that answers requests (niceness 10)', async ({ pool }) => {
  if (process.platform !== 'linux') return
  await pool.transcriptParser.parse('txt', bytes('Ann: hello'), limits)()
  const nice = readdirSync('/proc/self/task').map(niceOf)
  assert.ok(nice.includes(10), `thread niceness: ${nice.join(', ')}`)
  assert.is(niceOf(String(process.pid)), 0, 'the main thread keeps its priority')
})

s.run()
