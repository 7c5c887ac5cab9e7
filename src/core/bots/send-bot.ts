import { pipe } from 'fp-ts/lib/function.js'
import * as O from 'fp-ts/lib/Option.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Actor } from '../domain/identity/api-key.js'
import { JOIN_LINK_MESSAGE, recognisePlatform } from '../domain/meetings/platform.js'
import { newRun, type Run } from '../domain/recordings/run.js'
import { type AppError, invalidField } from '../errors.js'
import type { Ids } from '../ports/ids.js'
import type { JobQueue } from '../ports/job-queue.js'
import { type AllowanceDeps, checkTemplateChoice, createCountedRun, type NotesSettingsDeps } from '../recordings/index.js'
import { requireWriter } from '../identity/index.js'
import { queueBot } from './bot-job.js'

export interface SendBotInput {
  readonly joinUrl: string
  readonly title?: string
  /** The summary template for its notes (a catalogue id); absent: the organization's or account's default at analysis time. */
  readonly template?: string
}

export interface SendBotDeps extends AllowanceDeps, Pick<NotesSettingsDeps, 'notesEngines' | 'analyzer'> {
  readonly jobs: JobQueue
  readonly ids: Ids
}

export const MAX_BOT_TITLE_LENGTH = 500

/**
 * Sends a bot into a live meeting now: a `queued` run (it counts against the
 * allowance and is the account's one live bot) and the job that runs the bot.
 */
export const sendBot =
  (deps: SendBotDeps) =>
  (actor: Actor, input: SendBotInput): TE.TaskEither<AppError, Run> => {
    const link = recognisePlatform(input.joinUrl.trim())
    if (O.isNone(link)) return TE.left(invalidField('joinUrl', `joinUrl ${JOIN_LINK_MESSAGE}`))
    const title = input.title?.trim() ?? ''
    if (title.length > MAX_BOT_TITLE_LENGTH) return TE.left(invalidField('title', `title must be at most ${MAX_BOT_TITLE_LENGTH} characters`))
    const badTemplate = checkTemplateChoice(deps)(input.template)
    if (badTemplate !== null) return TE.left(badTemplate)
    const now = deps.clock.now().toISOString()
    const run = newRun({
      id: deps.ids.uuid(), accountId: actor.accountId, reference: deps.ids.reference('rec'), origin: 'manual',
      title: title === '' ? 'Meeting' : title, startsAt: now, state: 'queued', createdAt: now,
      platform: link.value.platform, joinUrl: link.value.url, template: input.template ?? null,
    })
    return pipe(
      requireWriter(actor),
      TE.flatMap(() => createCountedRun(deps)(run)),
      TE.tap((created) => queueBot(deps.jobs)(created, null)),
    )
  }
