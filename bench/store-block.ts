/**
 * npm run bench:store-block [-- --mb 50] [--utterances 100000] [--rounds 3]
 *
 * How long does the SQLite store hold the thread that answers requests while it stores, reads and
 * deletes a 50 MB transcript (100,000 utterances, with notes and its search document)? In this
 * process, on a file in a temporary directory: the event loop's delay (perf_hooks
 * monitorEventLoopDelay, 10 ms resolution) during each step, max and p99, and each step's time.
 * --rounds repeats store and delete on the same database (a server that has run a while: the
 * search index has older segments to merge), each with fresh recordings.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import * as E from 'fp-ts/lib/Either.js'
import { openDatabase, migrate } from '../adapters/stores/sqlite/database.js'
import { sqliteStores } from '../adapters/stores/sqlite/stores.js'
import { newRun } from '../src/core/domain/recordings/run.js'
import type { Utterance } from '../src/core/domain/recordings/utterance.js'

const { values: args } = parseArgs({ options: { mb: { type: 'string', default: '50' }, utterances: { type: 'string', default: '100000' }, rounds: { type: 'string', default: '3' } } })
const count = Number(args.utterances)
const perLine = Math.floor((Number(args.mb) * 1024 * 1024) / count)
const words = 'launch budget review customer release design testing hiring roadmap pricing support partner migration security onboarding'.split(' ')
const utterances: Utterance[] = Array.from({ length: count }, (_, i) => {
  let text = `item ${i}:`
  for (let w = i; text.length < perLine; w = (w * 31 + 7) % 1_000_003) text += ` ${words[w % words.length]}`
  return { start_ms: i * 3_000, end_ms: i * 3_000 + 2_500, speaker: `Speaker ${1 + (i % 4)}`, text }
})
const notes = { shortSummary: 'A long meeting.', detailedSummary: 'Long.', topics: [], actionItems: [], decisions: [], attendees: [] } as never

const dir = mkdtempSync(join(tmpdir(), 'notetaker-store-block-'))
const db = openDatabase(join(dir, 'notetaker.db'))
migrate(db)
let n = 0
const stores = sqliteStores(db, { idempotencyRetentionMs: 86_400_000, newId: () => `id-${++n}` })
const must = async <A>(task: () => Promise<E.Either<unknown, A>>): Promise<A> => {
  const r = await task()
  if (E.isLeft(r)) throw new Error(JSON.stringify(r.left))
  return r.right
}

/** Runs `f`, answering the loop's delay meanwhile (ms) and how long it took. */
const measured = async (f: () => Promise<unknown>) => {
  const h = monitorEventLoopDelay({ resolution: 10 })
  h.enable()
  const started = performance.now()
  await f()
  const ms = performance.now() - started
  // One more turn, so a block that ends the step is sampled.
  await new Promise((r) => setTimeout(r, 20))
  h.disable()
  return `${(ms / 1000).toFixed(1)} s; loop delay max ${(h.max / 1e6).toFixed(0)} ms, p99 ${(h.percentile(99) / 1e6).toFixed(0)} ms`
}

try {
  const now = new Date().toISOString()
  await must(stores.accounts.create({ id: 'acc-1', name: 'A', email: 'a@bench.localhost', planKey: 'pro', organizationId: null, serverAdmin: false, createdAt: now }))
  console.log(`SQLite, ${count.toLocaleString('en')} utterances of ${perLine} bytes (${args.mb} MB), ${args.rounds} round(s)`)
  for (let round = 1; round <= Number(args.rounds); round++) {
    const run = newRun({ id: `run-${round}`, accountId: 'acc-1', reference: `rec-${round}`, origin: 'upload', title: 'Long meeting', startsAt: now, state: 'analysing', createdAt: now })
    await must(stores.runs.create(run))
    console.log(`round ${round}: store transcript  ${await measured(() => must(stores.notes.replace(run.id, null, utterances)))}`)
    console.log(`round ${round}: store with notes  ${await measured(() => must(stores.notes.replace(run.id, notes, utterances)))}`)
    console.log(`round ${round}: read 2,000        ${await measured(() => must(stores.notes.transcript(run.id, { limit: 2_000, offset: 0 })))}`)
    console.log(`round ${round}: delete            ${await measured(() => must(stores.notes.remove(run.id)))}`)
    // Kept for the next round's index to merge against: the same transcript under another recording.
    if (round < Number(args.rounds)) {
      const kept = newRun({ ...run, id: `kept-${round}`, reference: `kept-${round}` })
      await must(stores.runs.create(kept))
      await must(stores.notes.replace(kept.id, notes, utterances))
    }
  }
} finally {
  db.close()
  rmSync(dir, { recursive: true, force: true })
}
