import * as TE from 'fp-ts/lib/TaskEither.js'
import type { EventName } from '../domain/events.js'
import { phaseOf, type Run } from '../domain/recordings/run.js'
import { stageOf, type Upload } from '../domain/recordings/upload.js'
import type { StoreFailure } from '../errors.js'
import type { Clock } from '../ports/clock.js'
import type { EventPublisher } from '../ports/event-publisher.js'
import type { Ids } from '../ports/ids.js'

export interface PublishDeps {
  readonly events: EventPublisher
  readonly clock: Clock
  readonly ids: Ids
}

export const publishRunEvent =
  (deps: PublishDeps) =>
  (type: EventName, run: Run): TE.TaskEither<StoreFailure, void> =>
    deps.events.publish({
      id: deps.ids.uuid(),
      type,
      accountId: run.accountId,
      occurredAt: deps.clock.now().toISOString(),
      data: {
        runId: run.id, reference: run.reference, meetingId: run.meetingId, title: run.title, platform: run.platform,
        origin: run.origin, state: run.state, phase: phaseOf(run.state), detail: run.detail, hasNotes: run.hasNotes,
      },
    })

export const publishUploadEvent =
  (deps: PublishDeps) =>
  (type: 'upload.ready' | 'upload.failed', upload: Upload, run: Run): TE.TaskEither<StoreFailure, void> =>
    deps.events.publish({
      id: deps.ids.uuid(),
      type,
      accountId: upload.accountId,
      occurredAt: deps.clock.now().toISOString(),
      data: { uploadId: upload.id, runId: run.id, reference: upload.reference, title: upload.title, stage: stageOf(run.state), error: upload.error, hasNotes: run.hasNotes },
    })

/** A failure to publish must not undo the work that happened; it is logged by the worker instead. */
export const ignoreFailure = <A>(task: TE.TaskEither<StoreFailure, A>): TE.TaskEither<never, void> =>
  TE.orElse(() => TE.right<never, void>(undefined))(TE.map(() => undefined)(task))
