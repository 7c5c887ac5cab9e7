import * as E from 'fp-ts/lib/Either.js'
import type * as TE from 'fp-ts/lib/TaskEither.js'
import type { ProviderCalendar } from '../../../src/core/ports/calendar-oauth.js'
import { type CalendarFailure, calendarFailure } from '../../../src/core/ports/calendar-provider.js'
import type { Settings } from './deps.js'
import { callWithRetries, fromGraphStatus, fromNet, graphHeaders, jsonOf, onGraph } from './http.js'

const unreadable = (what: string): CalendarFailure => ({ ...calendarFailure(`Microsoft answered in a way that could not be read when trying to ${what}.`, true), cause: `${what}: unreadable answer` })

const getJson = async (s: Settings, what: string, accessToken: string, url: string): Promise<E.Either<CalendarFailure, Record<string, unknown>>> => {
  const answer = await callWithRetries(s, url, { method: 'GET', headers: graphHeaders(accessToken) })()
  if (E.isLeft(answer)) return E.left(fromNet(what, answer.left))
  if (answer.right.status !== 200) return E.left(fromGraphStatus(what, answer.right))
  const json = jsonOf(answer.right)
  return json === null ? E.left(unreadable(what)) : E.right(json)
}

/** /me: the mailbox address, else the sign-in name (accounts without a mailbox have `mail: null`). */
export const accountEmail =
  (s: Settings) =>
  (accessToken: string): TE.TaskEither<CalendarFailure, string> =>
  async () => {
    const what = 'read the account'
    const me = await getJson(s, what, accessToken, `${s.graphBaseUrl}/me`)
    if (E.isLeft(me)) return me
    const email = [me.right['mail'], me.right['userPrincipalName']].find((v): v is string => typeof v === 'string' && v.trim() !== '')
    return email === undefined ? E.left(unreadable(what)) : E.right(email.trim().toLowerCase())
  }

const MAX_PAGES = 20

/** /me/calendars, every page; the default calendar is the primary one. */
export const calendars =
  (s: Settings) =>
  (accessToken: string): TE.TaskEither<CalendarFailure, ReadonlyArray<ProviderCalendar>> =>
  async () => {
    const what = 'list the calendars'
    const found: ProviderCalendar[] = []
    let link: string | null = `${s.graphBaseUrl}/me/calendars`
    for (let n = 0; link !== null && n < MAX_PAGES; n++) {
      const answer = await getJson(s, what, accessToken, link)
      if (E.isLeft(answer)) return answer
      const value = answer.right['value']
      if (!Array.isArray(value)) return E.left(unreadable(what))
      for (const c of value as Array<Record<string, unknown>>) {
        if (typeof c['id'] !== 'string') continue
        found.push({ id: c['id'], name: typeof c['name'] === 'string' ? c['name'] : 'Calendar', primary: c['isDefaultCalendar'] === true })
      }
      const next = answer.right['@odata.nextLink']
      link = typeof next === 'string' && onGraph(s, next) ? next : null
    }
    return E.right(found)
  }
