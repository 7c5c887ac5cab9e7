import * as O from 'fp-ts/lib/Option.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { PageQuery } from '../../../src/core/domain/page.js'
import { LIVE_BOT_STATES, type Run, type RunState } from '../../../src/core/domain/recordings/run.js'
import type { Upload } from '../../../src/core/domain/recordings/upload.js'
import type { Utterance } from '../../../src/core/domain/recordings/utterance.js'
import { conflict } from '../../../src/core/errors.js'
import type { NewRunRules, NotesStore, RunRefusal, RunStore, StoredNotes, UploadStore } from '../../../src/core/ports/recording-stores.js'
import { countedSql, keepsCountingSql, PROCESSING_SQL, type RunRow, toRun, toUpload, type UploadRow, warningsColumn } from '../shared/rows/recordings.js'
import { attempt, count, first, inTransaction, isUniqueViolation, json, lockFor, LOCKS, type Pool, type Queryable, rows } from './database.js'
import { storedNotesOf } from '../shared/rows/notes.js'
import { putSearchDocument } from './search-documents.js'

/** Every column but id, account_id and created_at, which a run keeps; in the order of changeableValues. */
const RUN_CHANGEABLE = [
  'reference', 'origin', 'meeting_id', 'title', 'starts_at', 'platform', 'join_url', 'state', 'detail', 'joined_at', 'waited_seconds',
  'recording_seconds', 'ended_at', 'source', 'audio', 'has_notes', 'leave_requested_at', 'progress', 'language', 'detected_language', 'failed_stage', 'speaker_separation', 'transcribed_by', 'template', 'updated_at',
]
const changeableValues = (r: Run) => [
  r.reference, r.origin, r.meetingId, r.title, r.startsAt, r.platform, r.joinUrl, r.state, r.detail, r.joinedAt, r.waitedSeconds,
  r.recordingSeconds, r.endedAt, r.source === null ? null : json(r.source), r.audio === null ? null : json(r.audio), r.hasNotes,
  r.leaveRequestedAt, r.progress, r.language, r.detectedLanguage, r.failedStage, r.speakerSeparation, r.transcribedBy === null ? null : json(r.transcribedBy), r.template, r.updatedAt,
]
const params = (from: number, n: number) => Array.from({ length: n }, (_, i) => `$${from + i}`)
const INSERT_RUN = `INSERT INTO runs (id, account_id, created_at, ${RUN_CHANGEABLE.join(', ')}) VALUES (${params(1, 3 + RUN_CHANGEABLE.length).join(', ')})`
const insertValues = (r: Run) => [r.id, r.accountId, r.createdAt, ...changeableValues(r)]
// Compare and set: only while the run is in one of the expected states. A leave request is sticky: a writer
// that read the run before it was made does not clear it.
// The title stays as stored (coalesce with a never-null column): only rename changes it (RunStore.rename).
const sticky = (c: string, i: number) =>
  c === 'leave_requested_at' ? `${c} = coalesce(${c}, $${3 + i})` : c === 'title' ? `${c} = coalesce(${c}, $${3 + i})` : `${c} = $${3 + i}`
const UPDATE_RUN = `UPDATE runs SET ${RUN_CHANGEABLE.map(sticky).join(', ')}
  WHERE id = $1 AND account_id = $2 AND state = ANY($${3 + RUN_CHANGEABLE.length}::text[]) RETURNING *`
const updateValues = (r: Run, expected: ReadonlyArray<RunState>) => [r.id, r.accountId, ...changeableValues(r), expected]

const LIVE = `state IN (${LIVE_BOT_STATES.map((s) => `'${s}'`).join(', ')})`
/** Runs that hold their meeting's start (see RunStore). */
const OPEN = (state: RunState) => state !== 'superseded' && state !== 'cancelled'

const page = <A>(rows: A[], total: number, q: PageQuery) => ({ rows, total, limit: q.limit, offset: q.offset })

const liveRun = (db: Queryable, accountId: string) => first<RunRow>(db, `SELECT * FROM runs WHERE account_id = $1 AND ${LIVE}`, [accountId])
const runAtSameStart = (db: Queryable, meetingId: string, startsAt: string) =>
  first<{ id: string }>(db, "SELECT id FROM runs WHERE meeting_id = $1 AND starts_at = $2 AND state NOT IN ('superseded', 'cancelled')", [meetingId, startsAt])
const countSince = (db: Queryable, accountId: string, since: string) =>
  count(
    db,
    `SELECT (SELECT count(*) FROM runs WHERE account_id = $1 AND created_at >= $2 AND ${countedSql('false')})
      + (SELECT count(*) FROM run_tombstones WHERE account_id = $1 AND created_at >= $2) AS n`,
    [accountId, since],
  )
// One statement: the row goes, and its tombstone is written when it keeps counting.
const REMOVE_RUN = `WITH gone AS (DELETE FROM runs WHERE account_id = $1 AND id = $2 RETURNING *),
  buried AS (INSERT INTO run_tombstones (account_id, created_at) SELECT account_id, created_at FROM gone WHERE ${keepsCountingSql('false')})
  SELECT count(*) AS n FROM gone`
const ENDED_BEFORE = `SELECT * FROM runs WHERE account_id = $1 AND coalesce(ended_at, starts_at) < $2 AND state = ANY($3::text[]) AND ($4 = false OR audio IS NOT NULL)
  ORDER BY coalesce(ended_at, starts_at), id LIMIT $5`

/**
 * Runs on Postgres, many processes at once. The one-live-bot and one-run-per-
 * meeting-start rules are partial unique indexes (runs_one_live_bot,
 * runs_one_per_meeting_start), so no interleaving can break them. `create`
 * also takes a per-account advisory lock, so its checks (and the allowance
 * count) see every earlier create of the account and refuse with the reason;
 * `update` is a compare-and-set on the state, and a unique violation there
 * means another bot went live first. A leave request is never cleared by `update`.
 */
export const postgresRunStore = (pool: Pool): RunStore => {
  const refusal = async (run: Run, rules: NewRunRules, db: Queryable): Promise<RunRefusal | null> => {
    const live = LIVE_BOT_STATES.includes(run.state) ? await liveRun(db, run.accountId) : undefined
    if (live !== undefined) return { _tag: 'LiveBotExists', runId: live.id, reference: live.reference }
    const twin = run.meetingId === null || !OPEN(run.state) ? undefined : await runAtSameStart(db, run.meetingId, run.startsAt)
    if (twin !== undefined) return { _tag: 'MeetingRunExists', runId: twin.id }
    if (rules.allowance !== undefined) {
      const used = await countSince(db, run.accountId, rules.allowance.since)
      if (used >= rules.allowance.cap) return { _tag: 'AllowanceSpent', used }
    }
    return null
  }
  const create = async (run: Run, rules: NewRunRules): Promise<Run | RunRefusal> => {
    try {
      return await inTransaction(pool, async (db) => {
        await lockFor(db, LOCKS.runsOfAccount, run.accountId)
        const refused = await refusal(run, rules, db)
        if (refused !== null) return refused
        await db.query(INSERT_RUN, insertValues(run))
        return run
      })
    } catch (e) {
      // An update outside the lock won the race to a live state or to the meeting's start: the index refused; say why.
      if (isUniqueViolation(e, 'runs_one_live_bot') || isUniqueViolation(e, 'runs_one_per_meeting_start')) {
        const refused = await refusal(run, {}, pool)
        if (refused !== null) return refused
      }
      throw e
    }
  }
  const update = async (run: Run, expected: ReadonlyArray<RunState>): Promise<Run | string> => {
    for (let round = 0; round < 3; round++) {
      try {
        const changed = await first<RunRow>(pool, UPDATE_RUN, updateValues(run, expected))
        if (changed !== undefined) return toRun(changed)
        const current = await first<{ state: RunState }>(pool, 'SELECT state FROM runs WHERE account_id = $1 AND id = $2', [run.accountId, run.id])
        return `The recording changed meanwhile (it is ${current?.state ?? 'gone'})`
      } catch (e) {
        if (!isUniqueViolation(e, 'runs_one_live_bot')) throw e
        const live = await liveRun(pool, run.accountId)
        // The other bot left in between: try again.
        if (live !== undefined) return `Another bot is live (${live.reference})`
      }
    }
    throw new Error(`the live bot of account ${run.accountId} kept changing`)
  }
  return {
    create: (run, rules = {}) => TE.flatMap((r: Run | RunRefusal) => ('_tag' in r ? TE.left(r) : TE.right(r)))(attempt(() => create(run, rules))),
    find: (accountId, runId) =>
      attempt(async () => O.map(toRun)(O.fromNullable(await first<RunRow>(pool, 'SELECT * FROM runs WHERE account_id = $1 AND id = $2', [accountId, runId])))),
    findLive: (accountId) => attempt(async () => O.map(toRun)(O.fromNullable(await liveRun(pool, accountId)))),
    update: (run, expected) =>
      TE.flatMap((result: Run | string) => (typeof result === 'string' ? TE.left(conflict(result)) : TE.right(result)))(attempt(() => update(run, expected))),
    rename: (accountId, runId, title) =>
      attempt(async () => O.map(toRun)(O.fromNullable(await first<RunRow>(pool, 'UPDATE runs SET title = $3 WHERE account_id = $1 AND id = $2 RETURNING *', [accountId, runId, title])))),
    setProgress: (accountId, runId, state, progress) =>
      attempt(async () => ((await pool.query('UPDATE runs SET progress = $4 WHERE account_id = $1 AND id = $2 AND state = $3', [accountId, runId, state, progress])).rowCount ?? 0) > 0),
    requestLeave: (accountId, runId, at) =>
      attempt(async () =>
        O.map(toRun)(
          O.fromNullable(
            await first<RunRow>(pool, `UPDATE runs SET leave_requested_at = coalesce(leave_requested_at, $3) WHERE account_id = $1 AND id = $2 AND ${LIVE} RETURNING *`, [
              accountId, runId, at,
            ]),
          ),
        ),
      ),
    list: (accountId, q) =>
      attempt(async () =>
        page(
          (
            await rows<RunRow>(
              pool,
              "SELECT * FROM runs WHERE account_id = $1 AND state <> 'superseded' ORDER BY starts_at DESC, created_at DESC, id DESC LIMIT $2 OFFSET $3",
              [accountId, q.limit, q.offset],
            )
          ).map(toRun),
          // Kept by the triggers of migration 8: no count over the account's runs.
          await count(pool, 'SELECT coalesce((SELECT listed FROM run_counts WHERE account_id = $1), 0) AS n', [accountId]),
          q,
        ),
      ),
    currentForMeetings: (accountId, meetingIds) =>
      attempt(async () => {
        const found = await rows<RunRow>(
          pool,
          "SELECT * FROM runs WHERE account_id = $1 AND meeting_id = ANY($2::text[]) AND state <> 'superseded' ORDER BY created_at, id",
          [accountId, meetingIds],
        )
        // Later rows replace earlier ones: each meeting keeps its newest run.
        return new Map(found.map((r) => [r.meeting_id as string, toRun(r)]))
      }),
    countSince: (accountId, since) => attempt(() => countSince(pool, accountId, since)),
    remove: (accountId, runId) => attempt(async () => (await count(pool, REMOVE_RUN, [accountId, runId])) > 0),
    endedBefore: (accountId, before, o) =>
      attempt(async () => (await rows<RunRow>(pool, ENDED_BEFORE, [accountId, before, o.states, o.withAudio, o.limit])).map(toRun)),
    queuedBots: (limit) =>
      attempt(async () =>
        (await rows<{ id: string; account_id: string }>(pool, "SELECT id, account_id FROM runs WHERE state = 'queued' ORDER BY created_at LIMIT $1", [limit])).map((r) => ({
          id: r.id,
          accountId: r.account_id,
        })),
      ),
    inProcessing: (limit) =>
      attempt(async () =>
        (await rows<{ id: string; account_id: string }>(pool, `SELECT id, account_id FROM runs WHERE ${PROCESSING_SQL} ORDER BY updated_at LIMIT $1`, [limit])).map(
          (r) => ({ id: r.id, accountId: r.account_id }),
        ),
      ),
  }
}

/** An uploads row as Postgres returns it: byte_size is a bigint, which arrives as a string. */
type PgUploadRow = Omit<UploadRow, 'byte_size'> & { byte_size: string | null }

const uploadFromPgRow = (r: PgUploadRow): Upload => toUpload({ ...r, byte_size: r.byte_size === null ? null : Number(r.byte_size) })

const UPLOAD_COLUMNS = ['id', 'account_id', 'run_id', 'reference', 'title', 'kind', 'filename', 'content_type', 'byte_size', 'duration_ms', 'starts_at', 'created_at', 'updated_at', 'error', 'warnings']
const uploadValues = (u: Upload) => [
  u.id, u.accountId, u.runId, u.reference, u.title, u.kind, u.filename, u.contentType, u.byteSize, u.durationMs, u.startsAt, u.createdAt, u.updatedAt, u.error, warningsColumn(u),
]
const INSERT_UPLOAD = `INSERT INTO uploads (${UPLOAD_COLUMNS.join(', ')}) VALUES (${params(1, UPLOAD_COLUMNS.length).join(', ')})`

export const postgresUploadStore = (pool: Pool): UploadStore => {
  const one = (r: PgUploadRow | undefined) => O.map(uploadFromPgRow)(O.fromNullable(r))
  return {
    create: (u) => attempt(async () => (await pool.query(INSERT_UPLOAD, uploadValues(u)), u)),
    find: (accountId, id) => attempt(async () => one(await first<PgUploadRow>(pool, 'SELECT * FROM uploads WHERE account_id = $1 AND id = $2', [accountId, id]))),
    findByRun: (accountId, runId) =>
      attempt(async () => one(await first<PgUploadRow>(pool, 'SELECT * FROM uploads WHERE account_id = $1 AND run_id = $2', [accountId, runId]))),
    // Written whole, inserted when missing (as SQLite's REPLACE does).
    update: (u) =>
      attempt(async () => {
        await pool.query(
          `${INSERT_UPLOAD} ON CONFLICT (id) DO UPDATE SET ${UPLOAD_COLUMNS.slice(1).map((c) => `${c} = EXCLUDED.${c}`).join(', ')}`,
          uploadValues(u),
        )
        return u
      }),
    removeByRun: (accountId, runId) => attempt(async () => void (await pool.query('DELETE FROM uploads WHERE account_id = $1 AND run_id = $2', [accountId, runId]))),
    list: (accountId, q) =>
      attempt(async () =>
        page(
          (await rows<PgUploadRow>(pool, 'SELECT * FROM uploads WHERE account_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3', [accountId, q.limit, q.offset])).map(uploadFromPgRow),
          await count(pool, 'SELECT count(*) AS n FROM uploads WHERE account_id = $1', [accountId]),
          q,
        ),
      ),
  }
}

/** Utterances per INSERT when a transcript is replaced (all in one transaction). */
const UTTERANCE_SLICE = 5_000

export const postgresNotesStore = (pool: Pool): NotesStore => ({
  reindex: (runId) =>
    attempt(() =>
      inTransaction(pool, async (db) => {
        await lockFor(db, LOCKS.transcriptOfRun, runId)
        const notes = await first<{ body: unknown }>(db, 'SELECT body FROM notes WHERE run_id = $1', [runId])
        if (notes === undefined) return
        const utterances = await rows<{ text: string }>(db, 'SELECT text FROM utterances WHERE run_id = $1 ORDER BY seq', [runId])
        await putSearchDocument(db, runId, storedNotesOf(notes.body), utterances)
      }),
    ),
  replace: (runId, notes, utterances) =>
    attempt(() =>
      inTransaction(pool, async (db) => {
        // A concurrent replace of the same run waits for this one to finish.
        await lockFor(db, LOCKS.transcriptOfRun, runId)
        if (notes === null) await db.query('DELETE FROM notes WHERE run_id = $1', [runId])
        else await db.query('INSERT INTO notes (run_id, body) VALUES ($1, $2) ON CONFLICT (run_id) DO UPDATE SET body = EXCLUDED.body', [runId, json(notes)])
        await db.query('DELETE FROM utterances WHERE run_id = $1', [runId])
        // In slices, so building one statement's arrays never holds up other requests for long.
        for (let from = 0; from < utterances.length; from += UTTERANCE_SLICE) {
          const slice = utterances.slice(from, from + UTTERANCE_SLICE)
          await db.query(
            `INSERT INTO utterances (run_id, seq, start_ms, end_ms, speaker, text)
             SELECT $1, $2 + u.n - 1, u.start_ms, u.end_ms, u.speaker, u.text
             FROM unnest($3::int[], $4::int[], $5::text[], $6::text[]) WITH ORDINALITY AS u(start_ms, end_ms, speaker, text, n)`,
            [
              runId,
              from,
              slice.map((u) => Math.round(u.start_ms)),
              slice.map((u) => Math.round(u.end_ms)),
              slice.map((u) => u.speaker),
              slice.map((u) => u.text),
            ],
          )
        }
        if (notes !== null) await putSearchDocument(db, runId, notes, utterances)
      }),
    ),
  remove: (runId) =>
    attempt(() =>
      inTransaction(pool, async (db) => {
        await db.query('DELETE FROM search_docs WHERE run_id = $1', [runId])
        await db.query('DELETE FROM notes WHERE run_id = $1', [runId])
        await db.query('DELETE FROM utterances WHERE run_id = $1', [runId])
      }),
    ),
  find: (runId) => attempt(async () => O.map((r: { body: unknown }) => storedNotesOf(r.body))(O.fromNullable(await first<{ body: unknown }>(pool, 'SELECT body FROM notes WHERE run_id = $1', [runId])))),
  transcript: (runId, q) =>
    attempt(async () =>
      page(
        await rows<Utterance>(pool, 'SELECT start_ms, end_ms, speaker, text FROM utterances WHERE run_id = $1 ORDER BY seq LIMIT $2 OFFSET $3', [runId, q.limit, q.offset]),
        await count(pool, 'SELECT count(*) AS n FROM utterances WHERE run_id = $1', [runId]),
        q,
      ),
    ),
})
