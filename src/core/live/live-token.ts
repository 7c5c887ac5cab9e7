import { pipe } from 'fp-ts/lib/function.js'
import * as E from 'fp-ts/lib/Either.js'
import * as O from 'fp-ts/lib/Option.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import * as t from 'io-ts'
import { type Actor, isUsable } from '../domain/identity/api-key.js'
import { NO_KEY_ID } from '../domain/identity/session.js'
import { type AppError, unauthorizedBecause } from '../errors.js'
import type { ApiKeyStore } from '../ports/api-key-store.js'
import type { Clock } from '../ports/clock.js'
import type { SecretBox } from '../ports/secret-box.js'
import { watchableRun, type LiveDeps } from './open-live-stream.js'

/** How long a live token opens its stream: time for a page to connect, and reconnect after a drop, without a key. */
export const LIVE_TOKEN_MINUTES = 5

export interface LiveTokenDeps extends LiveDeps {
  readonly secretBox: SecretBox
  readonly clock: Clock
  readonly apiKeys: ApiKeyStore
}

/**
 * What a live token carries, sealed so nobody can read or forge it: the run it opens, who asked
 * (the actor, so the stream is opened with that caller's reach, checked again then), and when it lapses.
 */
const TokenJson = t.intersection([
  t.type({
    use: t.literal('live'),
    runId: t.string,
    accountId: t.string,
    keyId: t.string,
    access: t.keyof({ full: null, readonly: null }),
    organizationWide: t.boolean,
    organizationId: t.union([t.string, t.null]),
    expiresAt: t.number,
  }),
  t.partial({ sessionId: t.string }),
])

export interface LiveToken {
  readonly token: string
  readonly expiresAt: string
}

const askAgain = (runId: string) => `ask for a new one (POST /ext/v1/bots/${runId}/live-token)`

/** A token that opens one run's live stream for a few minutes, for a browser that cannot send a key (EventSource, WebSocket). */
export const issueLiveToken =
  (deps: LiveTokenDeps) =>
  (actor: Actor, runId: string): TE.TaskEither<AppError, LiveToken> =>
    pipe(
      watchableRun(deps, actor, runId),
      TE.map((run) => {
        const expiresAt = deps.clock.now().getTime() + LIVE_TOKEN_MINUTES * 60_000
        const claims: t.TypeOf<typeof TokenJson> = {
          use: 'live',
          runId: run.id,
          accountId: actor.accountId,
          keyId: actor.keyId,
          access: actor.access,
          organizationWide: actor.organizationWide,
          organizationId: actor.organizationId,
          expiresAt,
          ...(actor.sessionId === undefined ? {} : { sessionId: actor.sessionId }),
        }
        return { token: deps.secretBox.seal(JSON.stringify(claims)), expiresAt: new Date(expiresAt).toISOString() }
      }),
    )

/**
 * The caller a live token stands for, on the stream of `runId`. Every refusal is a 401 in words:
 * a token this server did not seal (or sealed with another key, or altered), one for another run,
 * one expired, or one whose API key has since been revoked. Whether that caller may still watch
 * the run is the stream's own check (a share taken back answers 404).
 */
export const actorOfLiveToken =
  (deps: LiveTokenDeps) =>
  (token: string, runId: string): TE.TaskEither<AppError, Actor> => {
    const refused = (why: string) => unauthorizedBecause(`${why}: ${askAgain(runId)}`)
    const claims = pipe(
      deps.secretBox.open(token),
      E.flatMap((json) => E.tryCatch(() => JSON.parse(json) as unknown, () => null)),
      E.flatMap((parsed) => E.mapLeft(() => null)(TokenJson.decode(parsed))),
      E.mapLeft(() => refused('This live token was not made by this server, or it was altered')),
      E.filterOrElse((c) => c.runId.toLowerCase() === runId.toLowerCase(), () => refused("This live token opens another bot's stream")),
      E.filterOrElse((c) => c.expiresAt > deps.clock.now().getTime(), () => refused(`This live token has expired (it lasts ${LIVE_TOKEN_MINUTES} minutes)`)),
    )
    return pipe(
      TE.fromEither(claims),
      TE.flatMap((c) => {
        const actor: Actor = {
          accountId: c.accountId,
          keyId: c.keyId,
          access: c.access,
          organizationWide: c.organizationWide,
          organizationId: c.organizationId,
          ...(c.sessionId === undefined ? {} : { sessionId: c.sessionId }),
        }
        // A session's token (and one the embedding program asked for, with no key) lives out its few minutes; a key's ends with the key.
        if (c.sessionId !== undefined || c.keyId === NO_KEY_ID) return TE.right(actor)
        return pipe(
          deps.apiKeys.findById(c.keyId),
          TE.mapLeft((e): AppError => e),
          TE.filterOrElse(
            (key) => O.isSome(key) && key.value.accountId === c.accountId && isUsable(key.value, deps.clock.now()),
            () => refused('The API key this live token was made with has been revoked or has expired'),
          ),
          TE.map(() => actor),
        )
      }),
    )
  }
