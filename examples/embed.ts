/**
 * Notetaker inside your own Node program (docs/embedding.md): start it, create an
 * account, upload a meeting transcript, wait for its notes, print them, stop.
 *
 *   node --import tsx examples/embed.ts            nothing kept (memory)
 *   node --import tsx examples/embed.ts --sqlite   SQLite in a temp folder, removed at the end
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { createNotetaker } from '../src/index.js'

const TRANSCRIPT = join(import.meta.dirname, '..', 'fixtures', 'transcripts', 'planning-meeting.vtt')

export const main = async (store: 'memory' | 'sqlite', print: (line: string) => void = console.log) => {
  const dataDir = store === 'sqlite' ? mkdtempSync(join(tmpdir(), 'notetaker-example-')) : undefined
  // The job worker runs in this process too, so the upload is processed here.
  const notetaker = await createNotetaker({ store, ...(dataDir === undefined ? {} : { dataDir }) })
  try {
    const account = await notetaker.accounts.create({ name: 'Ada Lovelace', email: 'ada@example.com' })
    // Act as the account; with a key (`(await notetaker.keys.create({ account: account.id })).key`), as its holder would.
    const ada = notetaker.as(account.id)

    const upload = await ada.uploads.create({ filename: 'planning-meeting.vtt', title: 'Launch planning' })
    await ada.uploads.putContent(upload.id, TRANSCRIPT)
    const done = await ada.uploads.waitUntilProcessed(upload.id, { signal: AbortSignal.timeout(120_000) })
    if (done.stage === 'failed') throw new Error(`processing failed: ${done.error}`)

    // The same JSON as GET /ext/v1/recordings/{runId}.
    const notes = await ada.recordings.get(done.runId)
    print(`${notes.title}: ${notes.shortSummary}`)
    print('Action items:')
    for (const item of notes.actionItems) print(`- ${item.title}${item.owner === null ? '' : ` (${item.owner})`}`)
  } finally {
    await notetaker.close()
    if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true })
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await main(process.argv.includes('--sqlite') ? 'sqlite' : 'memory')
}
