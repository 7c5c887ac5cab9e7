/**
 * The library entry, re-exports only: `buildCore` from a record of adapters
 * (src/core/build-core.ts), and `createNotetaker(options)` (src/app/embedding/notetaker.ts),
 * which does it all for an embedding program: adapters, core, job worker, and a
 * promise-based facade in the API's JSON shapes. docs/embedding.md.
 */
export { buildCore, type Core, type Ports, type Ports as NotetakerPorts } from './core/build-core.js'
export * from './core/errors.js'
export type { Actor, ApiKey } from './core/domain/identity/api-key.js'
export type { SessionView, SignedInWith } from './core/domain/identity/session.js'
export type { Account, Organization, Plan } from './core/domain/identity/account.js'
export type { Invite, Member, Membership, Role } from './core/domain/identity/organization.js'
export type { Meeting, MeetingChange } from './core/domain/meetings/meeting.js'
export type { CalendarConnection } from './core/domain/meetings/calendar-connection.js'
export { decideForMeeting } from './core/domain/meetings/meeting-decision.js'
export type { MeetingChangeListener } from './core/meetings/index.js'
export type { BotEvent, BotJob, BotRunner, BotSession } from './core/ports/bot-runner.js'
export { BOT_JOB, type BotSettings, type EngineSettings } from './core/bots/index.js'

export { createNotetaker } from './app/embedding/notetaker.js'
export { NotetakerError, type NotetakerErrorCode } from './app/embedding/error.js'
export type { LogLevel, NotetakerOptions, NotetakerSettings } from './app/embedding/options.js'
export type { ActAsOptions, AudioFile, Notetaker, NotetakerAccount, UploadContent, WaitOptions } from './app/embedding/types.js'
export type * as NotetakerJson from './app/embedding/shapes.js'
