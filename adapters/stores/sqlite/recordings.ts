import { setImmediate as turn } from 'node:timers/promises'
import * as O from 'fp-ts/lib/Option.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { PageQuery } from '../../../src/core/domain/page.js'
import { LIVE_BOT_STATES, type Run, type RunState } from '../../../src/core/domain/recordings/run.js'
import type { Utterance } from '../../../src/core/domain/recordings/utterance.js'
import { conflict, storeFailure } from '../../../src/core/errors.js'
import type { Upload } from '../../../src/core/domain/recordings/upload.js'
import type { NewRunRules, NotesStore, RunRefusal, RunStore, StoredNotes, UploadStore } from '../../../src/core/ports/recording-stores.js'
import { countedSql, keepsCountingSql, PROCESSING_SQL, type RunRow, toRun, toUpload, type UploadRow, warningsColumn } from '../shared/rows/recordings.js'
import { attempt, type Db } from './database.js'
import { storedNotesOf } from '../shared/rows/notes.js'
import { sqliteSearchDocuments } from './search-documents.js'
import { distinctChunksYielding } from './transcript-chunks.js'

/** A runs row as SQLite returns it: source, audio and transcribed_by are JSON text, has_notes is 0/1. */
export type SqliteRunRow = Omit<RunRow, 'source' | 'audio' | 'has_notes' | 'transcribed_by'> & { source: string | null; audio: string | null; has_notes: number; transcribed_by: string | null }

/** A row of `runs` as a Run; the share store reads runs too. */
export const runFromSqliteRow = (r: SqliteRunRow): Run =>
  toRun({
    ...r,
    source: r.source === null ? null : JSON.parse(r.source),
    audio: r.audio === null ? null : JSON.parse(r.audio),
    has_notes: r.has_notes === 1,
    transcribed_by: r.transcribed_by === null ? null : JSON.parse(r.transcribed_by),
  })

const runParams = (r: Run) => ({
  ...r,
  source: r.source === null ? null : JSON.stringify(r.source),
  audio: r.audio === null ? null : JSON.stringify(r.audio),
  hasNotes: r.hasNotes ? 1 : 0,
  transcribedBy: r.transcribedBy === null ? null : JSON.stringify(r.transcribedBy),
})

const RUN_COLUMNS = `id, account_id, reference, origin, meeting_id, title, starts_at, platform, join_url, state, detail, joined_at,
  waited_seconds, recording_seconds, ended_at, source, audio, has_notes, leave_requested_at, progress, language, detected_language, failed_stage, speaker_separation, transcribed_by, template, created_at, updated_at`
const RUN_VALUES = `@id, @accountId, @reference, @origin, @meetingId, @title, @startsAt, @platform, @joinUrl, @state, @detail, @joinedAt,
  @waitedSeconds, @recordingSeconds, @endedAt, @source, @audio, @hasNotes, @leaveRequestedAt, @progress, @language, @detectedLanguage, @failedStage, @speakerSeparation, @transcribedBy, @template, @createdAt, @updatedAt`
// Not the title: only rename changes it (RunStore.rename), so a writer holding an older copy never undoes a rename.
const RUN_SETS = `reference = @reference, origin = @origin, meeting_id = @meetingId, starts_at = @startsAt,
  platform = @platform, join_url = @joinUrl, state = @state, detail = @detail, joined_at = @joinedAt, waited_seconds = @waitedSeconds,
  recording_seconds = @recordingSeconds, ended_at = @endedAt, source = @source, audio = @audio, has_notes = @hasNotes,
  leave_requested_at = coalesce(leave_requested_at, @leaveRequestedAt), progress = @progress, language = @language,
  detected_language = @detectedLanguage, failed_stage = @failedStage, speaker_separation = @speakerSeparation, transcribed_by = @transcribedBy, template = @template, updated_at = @updatedAt`
/** Runs that hold their meeting's start (see RunStore). */
const OPEN = (state: RunState) => state !== 'superseded' && state !== 'cancelled'
const LIVE = LIVE_BOT_STATES.map((s) => `'${s}'`).join(', ')

const page = <A>(rows: A[], total: number, q: PageQuery) => ({ rows, total, limit: q.limit, offset: q.offset })

export const sqliteRunStore = (db: Db): RunStore => {
  const insert = db.prepare(`INSERT INTO runs (${RUN_COLUMNS}) VALUES (${RUN_VALUES})`)
  const find = db.prepare<[string, string], SqliteRunRow>('SELECT * FROM runs WHERE account_id = ? AND id = ?')
  const findLive = db.prepare<[string], SqliteRunRow>(`SELECT * FROM runs WHERE account_id = ? AND state IN (${LIVE})`)
  const replace = db.prepare(`UPDATE runs SET ${RUN_SETS} WHERE id = @id`)
  const stateOf = db.prepare<[string, string], { state: RunState }>('SELECT state FROM runs WHERE account_id = ? AND id = ?')
  const since = db
    .prepare<[{ accountId: string; since: string }], number>(
      `SELECT (SELECT count(*) FROM runs WHERE account_id = @accountId AND created_at >= @since AND ${countedSql('0')})
        + (SELECT count(*) FROM run_tombstones WHERE account_id = @accountId AND created_at >= @since)`,
    )
    .pluck()
  const bury = db.prepare(
    `INSERT INTO run_tombstones (account_id, created_at) SELECT account_id, created_at FROM runs WHERE account_id = ? AND id = ? AND ${keepsCountingSql('0')}`,
  )
  const dropRun = db.prepare('DELETE FROM runs WHERE account_id = ? AND id = ?')
  const remove = db.transaction((accountId: string, runId: string): boolean => {
    bury.run(accountId, runId)
    return dropRun.run(accountId, runId).changes > 0
  })
  const endedBefore = db.prepare<[string, string, string, number, number], SqliteRunRow>(
    `SELECT * FROM runs
     WHERE account_id = ? AND coalesce(ended_at, starts_at) < ? AND state IN (SELECT value FROM json_each(?)) AND (? = 0 OR audio IS NOT NULL)
     ORDER BY coalesce(ended_at, starts_at), id LIMIT ?`,
  )
  const writeProgress = db.prepare('UPDATE runs SET progress = ? WHERE account_id = ? AND id = ? AND state = ?')
  const markLeave = db.prepare(`UPDATE runs SET leave_requested_at = coalesce(leave_requested_at, ?) WHERE account_id = ? AND id = ? AND state IN (${LIVE})`)
  const update = db.transaction((run: Run, expected: ReadonlyArray<RunState>): Run | string => {
    const current = stateOf.get(run.accountId, run.id)
    if (current === undefined || !expected.includes(current.state)) return `The recording changed meanwhile (it is ${current?.state ?? 'gone'})`
    const live = findLive.get(run.accountId)
    if (LIVE_BOT_STATES.includes(run.state) && live !== undefined && live.id !== run.id) return `Another bot is live (${live.reference})`
    replace.run(runParams(run))
    return runFromSqliteRow(find.get(run.accountId, run.id)!)
  })
  const setTitle = db.prepare('UPDATE runs SET title = ? WHERE account_id = ? AND id = ?')
  const sameStart = db
    .prepare<[string, string], string>("SELECT id FROM runs WHERE meeting_id = ? AND starts_at = ? AND state NOT IN ('superseded', 'cancelled')")
    .pluck()
  const create = db.transaction((run: Run, rules: NewRunRules): Run | RunRefusal => {
    const live = LIVE_BOT_STATES.includes(run.state) ? findLive.get(run.accountId) : undefined
    if (live !== undefined) return { _tag: 'LiveBotExists', runId: live.id, reference: live.reference }
    const twin = run.meetingId === null || !OPEN(run.state) ? undefined : (sameStart.get(run.meetingId, run.startsAt) as string | undefined)
    if (twin !== undefined) return { _tag: 'MeetingRunExists', runId: twin }
    if (rules.allowance !== undefined) {
      const used = since.get({ accountId: run.accountId, since: rules.allowance.since }) as number
      if (used >= rules.allowance.cap) return { _tag: 'AllowanceSpent', used }
    }
    insert.run(runParams(run))
    return run
  })
  const list = db.prepare<[string, number, number], SqliteRunRow>(
    "SELECT * FROM runs WHERE account_id = ? AND state <> 'superseded' ORDER BY starts_at DESC, created_at DESC, id DESC LIMIT ? OFFSET ?",
  )
  // Kept by the triggers of migration 9: no count over the account's runs.
  const count = db.prepare<[string], number>('SELECT coalesce((SELECT listed FROM run_counts WHERE account_id = ?), 0)').pluck()
  // Named: without statistics the planner walks all the account's runs in created_at order (runs_created) instead.
  const current = db.prepare<[string, string], SqliteRunRow>(
    `SELECT * FROM runs INDEXED BY runs_meeting
     WHERE account_id = ? AND meeting_id IN (SELECT value FROM json_each(?)) AND meeting_id IS NOT NULL AND state <> 'superseded'
     ORDER BY created_at`,
  )
  const inProcessing = db.prepare<[number], { id: string; account_id: string }>(
    `SELECT id, account_id FROM runs INDEXED BY runs_processing WHERE ${PROCESSING_SQL} ORDER BY updated_at LIMIT ?`,
  )
  const queuedBots = db.prepare<[number], { id: string; account_id: string }>(
    `SELECT id, account_id FROM runs INDEXED BY runs_queued WHERE state = 'queued' ORDER BY created_at LIMIT ?`,
  )
  return {
    currentForMeetings: (accountId, meetingIds) =>
      attempt(() => new Map(current.all(accountId, JSON.stringify(meetingIds)).map((r) => [r.meeting_id as string, runFromSqliteRow(r)]))),
    create: (run, rules = {}) =>
      TE.flatMap((r: Run | RunRefusal) => ('_tag' in r ? TE.left(r) : TE.right(r)))(attempt(() => create.immediate(run, rules))),
    setProgress: (accountId, runId, state, progress) => attempt(() => writeProgress.run(progress, accountId, runId, state).changes > 0),
    requestLeave: (accountId, runId, at) =>
      attempt(() => (markLeave.run(at, accountId, runId).changes === 0 ? O.none : O.map(runFromSqliteRow)(O.fromNullable(find.get(accountId, runId))))),
    findLive: (accountId) => attempt(() => O.map(runFromSqliteRow)(O.fromNullable(findLive.get(accountId)))),
    find: (accountId, runId) => attempt(() => O.map(runFromSqliteRow)(O.fromNullable(find.get(accountId, runId)))),
    update: (run, expected) =>
      TE.flatMap((result: Run | string) => (typeof result === 'string' ? TE.left(conflict(result)) : TE.right(result)))(
        attempt(() => update.immediate(run, expected)),
      ),
    rename: (accountId, runId, title) =>
      attempt(() => (setTitle.run(title, accountId, runId).changes === 0 ? O.none : O.some(runFromSqliteRow(find.get(accountId, runId)!)))),
    list: (accountId, q) => attempt(() => page(list.all(accountId, q.limit, q.offset).map(runFromSqliteRow), count.get(accountId) as number, q)),
    countSince: (accountId, from) => attempt(() => since.get({ accountId, since: from }) as number),
    remove: (accountId, runId) => attempt(() => remove.immediate(accountId, runId)),
    endedBefore: (accountId, before, o) =>
      attempt(() => endedBefore.all(accountId, before, JSON.stringify(o.states), o.withAudio ? 1 : 0, o.limit).map(runFromSqliteRow)),
    inProcessing: (limit) => attempt(() => inProcessing.all(limit).map((r) => ({ id: r.id, accountId: r.account_id }))),
    queuedBots: (limit) => attempt(() => queuedBots.all(limit).map((r) => ({ id: r.id, accountId: r.account_id }))),
  }
}

export const sqliteUploadStore = (db: Db): UploadStore => {
  const cols = 'id, account_id, run_id, reference, title, kind, filename, content_type, byte_size, duration_ms, starts_at, created_at, updated_at, error, warnings'
  const vals = '@id, @accountId, @runId, @reference, @title, @kind, @filename, @contentType, @byteSize, @durationMs, @startsAt, @createdAt, @updatedAt, @error, @warnings'
  const insert = db.prepare(`INSERT INTO uploads (${cols}) VALUES (${vals})`)
  const replace = db.prepare(`REPLACE INTO uploads (${cols}) VALUES (${vals})`)
  const find = db.prepare<[string, string], UploadRow>('SELECT * FROM uploads WHERE account_id = ? AND id = ?')
  const byRun = db.prepare<[string, string], UploadRow>('SELECT * FROM uploads WHERE account_id = ? AND run_id = ?')
  const dropByRun = db.prepare('DELETE FROM uploads WHERE account_id = ? AND run_id = ?')
  const list = db.prepare<[string, number, number], UploadRow>('SELECT * FROM uploads WHERE account_id = ? ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?')
  const count = db.prepare<[string], number>('SELECT count(*) FROM uploads WHERE account_id = ?').pluck()
  const one = (r: UploadRow | undefined) => O.map(toUpload)(O.fromNullable(r))
  const row = (u: Upload) => ({ ...u, warnings: warningsColumn(u) })
  return {
    create: (u) => attempt(() => (insert.run(row(u)), u)),
    find: (accountId, id) => attempt(() => one(find.get(accountId, id))),
    findByRun: (accountId, runId) => attempt(() => one(byRun.get(accountId, runId))),
    update: (u) => attempt(() => (replace.run(row(u)), u)),
    removeByRun: (accountId, runId) => attempt(() => void dropByRun.run(accountId, runId)),
    list: (accountId, q) => attempt(() => page(list.all(accountId, q.limit, q.offset).map(toUpload), count.get(accountId) as number, q)),
  }
}

/** Reads the index utterances_by_run (migration 012), not the texts. */
export const TRANSCRIPT_COUNT_SQL = 'SELECT count(*) FROM utterances WHERE run_id = ?'

/** Rows written (or removed) per transaction when a transcript is replaced: a few milliseconds of SQLite's one writer each. */
const SLICE = 500

export const sqliteNotesStore = (db: Db): NotesStore => {
  const lastSeq = db.prepare<[string], number | null>('SELECT max(seq) FROM utterances WHERE run_id = ?').pluck()
  const clearRange = db.prepare('DELETE FROM utterances WHERE run_id = ? AND seq >= ? AND seq < ?')
  const addUtterance = db.prepare('INSERT INTO utterances (run_id, seq, start_ms, end_ms, speaker, text) VALUES (?, ?, ?, ?, ?, ?)')
  const putNotes = db.prepare('REPLACE INTO notes (run_id, body) VALUES (?, ?)')
  const dropNotes = db.prepare('DELETE FROM notes WHERE run_id = ?')
  const addSlice = (runId: string, utterances: ReadonlyArray<Utterance>, from: number) => {
    for (let i = from; i < Math.min(from + SLICE, utterances.length); i++) {
      const u = utterances[i]!
      addUtterance.run(runId, i, Math.round(u.start_ms), Math.round(u.end_ms), u.speaker, u.text)
    }
  }
  const clearAll = (runId: string, last: number) => {
    for (let from = 0; from <= last; from += SLICE) clearRange.run(runId, from, from + SLICE)
  }
  const writeSearchDocument = sqliteSearchDocuments(db)
  // The notes and the search document together: a run is found exactly while it has notes.
  const finish = (runId: string, notes: StoredNotes | null, searchTranscript: string) => {
    if (notes === null) return void dropNotes.run(runId)
    putNotes.run(runId, JSON.stringify(notes))
    writeSearchDocument(runId, notes, searchTranscript)
  }
  const replaceAtOnce = db.transaction(
    (runId: string, notes: StoredNotes | null, utterances: ReadonlyArray<Utterance>, last: number, searchTranscript: string) => {
      clearAll(runId, last)
      addSlice(runId, utterances, 0)
      finish(runId, notes, searchTranscript)
    },
  )
  const inSlices = async (runId: string, notes: StoredNotes | null, utterances: ReadonlyArray<Utterance>, last: number, searchTranscript: string) => {
    dropNotes.run(runId)
    for (let from = 0; from <= last; from += SLICE) {
      clearRange.run(runId, from, from + SLICE)
      await turn()
    }
    for (let from = 0; from < utterances.length; from += SLICE) {
      db.transaction(addSlice).immediate(runId, utterances, from)
      await turn()
    }
    db.transaction(finish).immediate(runId, notes, searchTranscript)
  }
  const find = db.prepare<[string], string>('SELECT body FROM notes WHERE run_id = ?').pluck()
  const transcript = db.prepare<[string, number, number], Utterance>(
    'SELECT start_ms, end_ms, speaker, text FROM utterances WHERE run_id = ? ORDER BY seq LIMIT ? OFFSET ?',
  )
  const count = db.prepare<[string], number>(TRANSCRIPT_COUNT_SQL).pluck()
  const texts = db.prepare<[string], { text: string }>('SELECT text FROM utterances WHERE run_id = ? ORDER BY seq')
  const rewriteSearch = db.transaction((runId: string, searchTranscript: string) => {
    const body = find.get(runId) as string | undefined
    if (body !== undefined) writeSearchDocument(runId, storedNotesOf(JSON.parse(body)), searchTranscript)
  })
  return {
    reindex: (runId) =>
      TE.tryCatch(async () => {
        if (find.get(runId) === undefined) return
        rewriteSearch.immediate(runId, await distinctChunksYielding(texts.all(runId)))
      }, storeFailure),
    replace: (runId, notes, utterances) =>
      TE.tryCatch(async () => {
        // The search document's transcript part, found before any transaction opens, letting the event loop turn.
        const searchTranscript = notes === null ? '' : await distinctChunksYielding(utterances)
        const last = lastSeq.get(runId) ?? -1
        // A meeting of ordinary length is replaced in one transaction; a very long one in slices.
        if (utterances.length <= SLICE && last < SLICE) replaceAtOnce.immediate(runId, notes, utterances, last, searchTranscript)
        else await inSlices(runId, notes, utterances, last, searchTranscript)
      }, storeFailure),
    find: (runId) => attempt(() => O.map((b: string) => storedNotesOf(JSON.parse(b)))(O.fromNullable(find.get(runId) as string | undefined))),
    // The notes first (a reader then sees none), then the transcript in slices, as a long replace does.
    remove: (runId) =>
      TE.tryCatch(async () => {
        dropNotes.run(runId)
        const last = lastSeq.get(runId) ?? -1
        for (let from = 0; from <= last; from += SLICE) {
          clearRange.run(runId, from, from + SLICE)
          if (from + SLICE <= last) await turn()
        }
      }, storeFailure),
    transcript: (runId, q) => attempt(() => page(transcript.all(runId, q.limit, q.offset), count.get(runId) as number, q)),
  }
}
