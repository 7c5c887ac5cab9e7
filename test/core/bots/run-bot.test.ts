import * as O from 'fp-ts/lib/Option.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { memoryBlobStore } from '../../../adapters/stores/memory/blob-store.js'
import { eventLog } from '../../../adapters/stores/memory/event-log.js'
import { memoryStores } from '../../../adapters/stores/memory/stores.js'
import { fixedClock } from '../../../adapters/system/clock.js'
import { randomIds } from '../../../adapters/system/ids.js'
import { runBot } from '../../../src/core/bots/run-bot.js'
import { botFiles } from '../../../src/core/domain/recordings/bot-recording.js'
import { storeFailure } from '../../../src/core/errors.js'
import type { BlobStore } from '../../../src/core/ports/blob-store.js'
import type { BotEvent, BotRunner, BotSession } from '../../../src/core/ports/bot-runner.js'
import { run } from '../../../src/contracts/recording-stores.js'
import { left, right } from '../../support/run.js'

const AT = Date.parse('2026-05-11T09:00:00.000Z')

/** A runner that plays `script`, then (when `stays`) stays in the meeting until asked to leave. */
const scripted = (script: ReadonlyArray<BotEvent>, o: { readonly stays: boolean; readonly startFails?: true }) => {
  const asked: string[] = []
  const runner: BotRunner = {
    name: 'scripted',
    start: (_job, onEvent) => {
      if (o.startFails === true) throw new Error('no browser')
      let leave = () => {}
      const left = new Promise<void>((r) => (leave = r))
      const finished = (async () => {
        for (const event of script) await onEvent(event)
        if (!o.stays) return
        await left
        await onEvent({ type: 'left', at: AT + 60_000, reason: 'asked_to_leave', detail: '' })
      })()
      return {
        leave: async () => {
          asked.push('leave')
          leave()
        },
        finished,
      }
    },
  }
  return { runner, asked }
}

const world = async (runner: BotRunner, blobs: BlobStore = memoryBlobStore()) => {
  const stores = memoryStores({ idempotencyRetentionMs: 60_000, newId: randomIds.uuid })
  const events = eventLog()
  const bots = { botName: 'Notetaker', leaveCheckMs: 5, wait: (ms: number) => new Promise<void>((r) => setTimeout(r, ms)) }
  const deps = { ...stores, blobs, events, clock: fixedClock(new Date(AT)), ids: randomIds, botRunner: runner, bots }
  const bot = run(1, { origin: 'manual', state: 'queued', source: null, platform: 'google_meet', joinUrl: 'https://meet.google.com/abc-defg-hij' })
  await right(stores.runs.create(bot))
  const live = new Set<BotSession>()
  const attempt = (number: number) => runBot(deps, live)({ accountId: bot.accountId, runId: bot.id }, { number, last: number === 2 })
  const current = async () => O.toNullable(await right(stores.runs.find(bot.accountId, bot.id)))
  return { attempt, current, events, stores, bot, live }
}

const inMeeting: ReadonlyArray<BotEvent> = [
  { type: 'joining', at: AT },
  { type: 'admitted', at: AT + 1_000 },
  { type: 'caption', at: AT + 5_000, startMs: 1_000, endMs: 4_000, speaker: 'Ada', text: 'Good morning.' },
]

test('a caption the store cannot keep stops the bot: it is asked to leave, later events are dropped, and the job fails to be tried again', async () => {
  const { runner, asked } = scripted(inMeeting, { stays: true })
  const memory = memoryBlobStore()
  const full: BlobStore = { ...memory, append: (key, chunk) => (key.endsWith('captions.jsonl') ? TE.left(storeFailure('disk full')) : memory.append(key, chunk)) }
  const { attempt, current } = await world(runner, full)
  const failure = await left(attempt(1))
  assert.is(failure.retryable, true)
  assert.match(failure.message, /^storing a caption: /)
  assert.equal(asked, ['leave'])
  // The `left` that followed was dropped: the second attempt finishes the run with what was kept (nothing).
  assert.is((await current())?.state, 'recording')
  await right(attempt(2))
  const failed = await current()
  assert.is(failed?.state, 'failed')
  assert.match(failed?.detail ?? '', /recorded neither audio nor captions/)
})

test('a bot whose runner cannot start fails its run with the reason; the job is done', async () => {
  const { runner } = scripted([], { stays: false, startFails: true })
  const { attempt, current, events } = await world(runner)
  assert.is(await right(attempt(1)), undefined)
  const failed = await current()
  assert.is(failed?.state, 'failed')
  assert.is(failed?.detail, 'The bot could not start: Error: no browser')
  assert.equal(
    events.events.map((e) => e.type),
    ['bot.joining', 'bot.failed'],
  )
})

test('a bot whose runner stops without its last event failed: it stopped unexpectedly', async () => {
  const { runner } = scripted([{ type: 'joining', at: AT }, { type: 'waiting', at: AT + 500 }], { stays: false })
  const { attempt, current, events } = await world(runner)
  await right(attempt(1))
  const failed = await current()
  assert.is(failed?.state, 'failed')
  assert.is(failed?.detail, 'The bot stopped unexpectedly.')
  assert.equal(
    events.events.map((e) => e.type),
    ['bot.joining', 'bot.waiting', 'bot.failed'],
  )
})

test('a bot asked to leave (through the store, as from another process) keeps its captions and hands them to processing', async () => {
  const { runner, asked } = scripted(inMeeting, { stays: true })
  const { attempt, current, events, stores, bot, live } = await world(runner)
  const done = attempt(1)()
  while ((await current())?.state !== 'recording') await new Promise((r) => setTimeout(r, 5))
  assert.is(live.size, 1) // a stopping process can make it leave
  await right(stores.runs.requestLeave(bot.accountId, bot.id, new Date(AT + 30_000).toISOString()))
  assert.ok((await done)._tag === 'Right')
  assert.equal(asked, ['leave'])
  assert.is(live.size, 0)
  const stored = await current()
  assert.is(stored?.state, 'stored')
  assert.equal(stored?.source, { kind: 'transcript', key: botFiles(bot.accountId, bot.id).transcript, format: 'json' })
  assert.equal(
    events.events.map((e) => e.type),
    ['bot.joining', 'meeting.started', 'meeting.ended'],
  )
  assert.equal(
    stores.jobs.entries().map((j) => j.kind),
    ['recording.process'],
  )
})

test.run()
