import * as E from 'fp-ts/lib/Either.js'
import { MAX_RULES } from '../domain/calendar-connection.js'
import { normaliseRule, Rule } from '../domain/calendar-rules.js'
import type { AutoJoin } from '../domain/recording-decision.js'
import { type AppError, type FieldIssue, validation } from '../errors.js'

export interface ConnectionSettings {
  readonly autoJoin?: AutoJoin
  readonly joinRules?: ReadonlyArray<Rule>
  readonly barRules?: ReadonlyArray<Rule>
  readonly recordDeclined?: boolean
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
  ]
  if (issues.length > 0) return E.left(validation(issues))
  return E.right({
    ...(s.autoJoin === undefined ? {} : { autoJoin: s.autoJoin }),
    ...(s.joinRules === undefined ? {} : { joinRules: s.joinRules.map(normaliseRule) }),
    ...(s.barRules === undefined ? {} : { barRules: s.barRules.map(normaliseRule) }),
    ...(s.recordDeclined === undefined ? {} : { recordDeclined: s.recordDeclined }),
  })
}
