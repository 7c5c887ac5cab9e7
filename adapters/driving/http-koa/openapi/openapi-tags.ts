import type { AnyRoute } from '../route.js'

/** What each tag of the route table groups; a tag missing here is listed without one (and the lint test fails). */
export const TAG_DESCRIPTIONS: Readonly<Record<string, string>> = {
  Description: 'This document: the machine-readable description of the running service, served without a key.',
  Account: 'Who a key acts as, its plan and monthly allowance, the account\'s settings and API keys, and what the server does with audio.',
  Organization: 'The organization an organization-wide key reaches: its members and their roles, and invites by email; a server administrator creates one.',
  Recordings: 'Recordings from bots and uploads, with their notes (summaries, attendees, topics, action items, decisions, speakers), transcript, audio and exports; speaker and action item edits; shares by email.',
  Uploads: 'Recordings from files: create an upload (1 of 2), send its bytes (2 of 2), follow its processing stage, retry a failed one.',
  Bots: 'Bots that join a live meeting by its link and record it; their recordings are the rows of /recordings.',
  Webhooks: 'Endpoints that receive signed events (Standard Webhooks), their delivery log, resends and secret rotation; the events themselves are in `webhooks`.',
  Meetings: 'Meetings from calendars or added by hand, whether each is recorded, and the schedule of what will be recorded.',
  Calendars: 'Calendar feed connections (iCalendar), their sync state and the rules that decide which meetings a bot joins.',
  Notes: 'How notes are made for the caller\'s organization (or account): the built-in analyzer or an OpenAI-compatible server, tested from here, and the default summary template.',
  'Speech models': "The server's speech-to-text models, for its administrators: the engine and how accurate it is, the models known with their state, a download in the background, a model file added by hand (air-gapped), removal. The engine follows each change without a restart.",
  Notifications: 'What the signed-in account was told in the app (an invite into an organization, a recording shared with it), and marking it read.',
  Session: 'The web app\'s sign-in: a session cookie opened with a password or an API key, read and ended here; invite and share links, opened with no key, that make an account and sign in.',
  'Server accounts': "The server's accounts and their plans, for its administrators, who change an account's plan here (how a spent allowance is lifted).",
}

/** The document's `tags`: each tag of the table once, in the table's order, with its description. */
export const tagsOf = (routes: ReadonlyArray<AnyRoute>) =>
  [...new Set(routes.map((r) => r.tag))].map((name) => ({ name, ...(TAG_DESCRIPTIONS[name] === undefined ? {} : { description: TAG_DESCRIPTIONS[name] }) }))
