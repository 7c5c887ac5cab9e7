import * as E from 'fp-ts/lib/Either.js'
import { cleanConnectionName, MAX_CONNECTION_NAME_LENGTH, MAX_RULES } from '../domain/meetings/calendar-connection.js'
import { normaliseRule, Rule } from '../domain/meetings/calendar-rules.js'
import type { AutoJoin } from '../domain/meetings/recording-decision.js'
import { type AppError, type FieldIssue, validation } from '../errors.js'

export interface ConnectionSettings {
  readonly autoJoin?: AutoJoin
  readonly joinRules?: ReadonlyArray<Rule>
  readonly barRules?: ReadonlyArray<Rule>
  readonly recordDeclined?: boolean
  /** The person's name for the calendar; null or only spaces: back to the feed's own. */
  readonly name?: string | null
}

const nameIssues = (name: string | null | undefined): FieldIssue[] => {
  if (name === undefined || name === null) return []
  if (typeof name !== 'string') return [{ path: 'name', message: 'must be text, or null for the feed\'s own name' }]
  return name.trim().length > MAX_CONNECTION_NAME_LENGTH ? [{ path: 'name', message: `must be at most ${MAX_CONNECTION_NAME_LENGTH} characters` }] : []
}

const AUTO_JOIN: ReadonlyArray<string> = ['all', 'hosted', 'manual']

const ruleIssues = (path: string, rules: ReadonlyArray<Rule> | undefined): FieldIssue[] => {
  if (rules === undefined) return []
  if (rules.length > MAX_RULES) return [{ path, message: `must have at most ${MAX_RULES} rules` }]
  return rules.flatMap((r, i) => (Rule.is(r) ? [] : [{ path: `${path}.${i}`, message: 'is not a valid rule' }]))
}

/** Checks the settings and normalises rule values (trimmed, lowercased), as the spec asks. */
export const vetConnectionSettings = (s: ConnectionSettings): E.Either<AppError, ConnectionSettings> => {
  const issues = [
    ...(s.autoJoin === undefined || AUTO_JOIN.includes(s.autoJoin) ? [] : [{ path: 'autoJoin', message: `must be one of: ${AUTO_JOIN.join(', ')}` }]),
    ...ruleIssues('joinRules', s.joinRules),
    ...ruleIssues('barRules', s.barRules),
    ...(s.recordDeclined === undefined || typeof s.recordDeclined === 'boolean' ? [] : [{ path: 'recordDeclined', message: 'must be true or false' }]),
    ...nameIssues(s.name),
  ]
  // A name too long alone is said in one sentence; several issues are listed in the details.
  if (issues.length === 1 && issues[0]?.path === 'name') return E.left(validation(issues, `A calendar's name ${issues[0].message}`))
  if (issues.length > 0) return E.left(validation(issues))
  return E.right({
    ...(s.autoJoin === undefined ? {} : { autoJoin: s.autoJoin }),
    ...(s.joinRules === undefined ? {} : { joinRules: s.joinRules.map(normaliseRule) }),
    ...(s.barRules === undefined ? {} : { barRules: s.barRules.map(normaliseRule) }),
    ...(s.recordDeclined === undefined ? {} : { recordDeclined: s.recordDeclined }),
    ...(s.name === undefined ? {} : { name: s.name === null ? null : cleanConnectionName(s.name) }),
  })
}
