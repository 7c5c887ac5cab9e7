import { pipe } from 'fp-ts/lib/function.js'
import * as A from 'fp-ts/lib/Array.js'
import * as E from 'fp-ts/lib/Either.js'
import * as O from 'fp-ts/lib/Option.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import { type CalendarConnection, isOAuthProvider } from '../domain/meetings/calendar-connection.js'
import { type AppError, badRequest, notFound } from '../errors.js'
import type { CalendarOAuth, PushChannel, PushRequest } from '../ports/calendar-oauth.js'
import type { CalendarConnectionStore } from '../ports/calendar-connection-store.js'
import type { Clock } from '../ports/clock.js'
import type { JobQueue } from '../ports/job-queue.js'
import type { SecretBox } from '../ports/secret-box.js'
import { queueSync } from './sync-calendar-job.js'

export interface PushReceiptDeps {
  readonly calendarConnections: CalendarConnectionStore
  readonly secretBox: SecretBox
  readonly jobs: JobQueue
  readonly clock: Clock
  readonly calendarOAuth?: ReadonlyArray<CalendarOAuth>
}

export type PushAnswer =
  /** The provider's validation handshake: answer the text as it came (Graph). */
  | { readonly kind: 'validation'; readonly echo: string }
  | { readonly kind: 'accepted'; readonly syncsQueued: number; readonly refused: number }

/** A notification names at most this many channels we look up; Graph batches a few, Google names one. */
const MAX_CHANNELS = 100

/** Notifications within this many milliseconds share one sync; a later one queues another, even while one runs. */
const PUSH_BURST_MS = 5_000

interface Expected {
  readonly connection: CalendarConnection
  readonly channel: PushChannel
  readonly token: string
}

const refusedNotice = notFound('Push channel')

/**
 * The public push route's work. A notification is checked against the channel
 * it names (ours, its token matching in constant time) and trusted only as
 * "something changed": it queues a sync of that connection, which reads what
 * changed with the connection's own grant. Graph's lifecycle notices make the
 * channel due, so that sync opens a new one. Anything not genuine is refused
 * as one 404, whatever the reason, so the route tells nobody which channels exist.
 */
export const receiveCalendarPush =
  (deps: PushReceiptDeps) =>
  (provider: string, request: PushRequest): TE.TaskEither<AppError, PushAnswer> => {
    const oauth = isOAuthProvider(provider) ? deps.calendarOAuth?.find((o) => o.provider === provider) : undefined
    if (oauth === undefined) return TE.left(notFound('Push route'))
    const echo = oauth.push.validation(request)
    if (echo !== null) return TE.right({ kind: 'validation', echo })
    const named = [...new Set(oauth.push.channelsNamed(request))].slice(0, MAX_CHANNELS)
    if (named.length === 0) return TE.left(badRequest(`Not a ${provider === 'google' ? 'Google Calendar' : 'Microsoft Graph'} notification: it names no channel`))
    return pipe(
      named,
      A.traverse(TE.ApplicativeSeq)((id) => deps.calendarConnections.findByPushChannel(id)),
      TE.map((found) => new Map(A.compact(found.map(O.flatMap((c) => expectedOf(deps, c, oauth.provider)))).map((x) => [x.channel.id, x]))),
      TE.flatMap((expected) =>
        pipe(
          oauth.push.check(request, (id) => expected.get(id) ?? null),
          E.mapLeft(() => refusedNotice),
          TE.fromEither,
          TE.flatMap((notice) => {
            const now = deps.clock.now()
            const burst = `@push-${Math.floor(now.getTime() / PUSH_BURST_MS)}`
            const due = new Set(notice.rewatch)
            const toSync = [...new Set([...notice.changed, ...notice.rewatch])].flatMap((id) => {
              const x = expected.get(id)
              return x === undefined ? [] : [x.connection]
            })
            return pipe(
              toSync,
              A.traverse(TE.ApplicativeSeq)((c) =>
                pipe(
                  due.has(c.push?.id ?? '')
                    ? TE.map(() => undefined)(
                        deps.calendarConnections.update(c.accountId, c.id, (cur) => (cur.push === null ? cur : { ...cur, push: { ...cur.push, expiresAt: now.toISOString() } })),
                      )
                    : TE.right(undefined),
                  TE.flatMap(() => queueSync(deps.jobs)({ accountId: c.accountId, connectionId: c.id, due: null }, burst)),
                ),
              ),
              TE.map((queued): PushAnswer => ({ kind: 'accepted', syncsQueued: queued.length, refused: notice.refused })),
            )
          }),
        ),
      ),
    )
  }

/** What a connection's channel expects; none when it is not this provider's or its token cannot be opened. */
const expectedOf = (deps: PushReceiptDeps, c: CalendarConnection, provider: string): O.Option<Expected> => {
  const push = c.push
  if (c.provider !== provider || push === null) return O.none
  const channel = { id: push.id, resourceId: push.resourceId, expiresAt: push.expiresAt }
  return O.map((token: string) => ({ connection: c, channel, token }))(O.fromEither(deps.secretBox.open(push.sealedToken)))
}
