/** The wire shapes of /me/settings: how long the account keeps its recordings. */
import * as t from 'io-ts'
import {
  type AccountSettings,
  MAX_RETENTION_DAYS,
  MIN_RETENTION_DAYS,
  RetentionScope as RetentionScopeValue,
} from '../../../../src/core/domain/identity/account-settings.js'
import { annotate } from '../openapi/codec-schema.js'

const Days = annotate(t.Int, { minimum: MIN_RETENTION_DAYS, maximum: MAX_RETENTION_DAYS })
const RetentionDays = annotate(t.union([Days, t.null]), {
  description: `Recordings that ended (or started, when they never ended) more than this many days ago are removed by a background sweep (hourly by default); ${MIN_RETENTION_DAYS} to ${MAX_RETENTION_DAYS}, or null to keep them forever (the default).`,
})
const RetentionScope = annotate(RetentionScopeValue, {
  description: '`audio`: only the audio is removed; the recording keeps its notes and transcript, and its audio answers 404. `everything`: the recording is deleted as DELETE /recordings/{runId} does.',
})
export const SettingsCodec = t.exact(t.type({ retention: t.exact(t.type({ days: RetentionDays, scope: RetentionScope }), 'Retention') }), 'AccountSettings')
export const SettingsPatchBody = t.exact(
  t.partial({
    retention: annotate(t.exact(t.partial({ days: RetentionDays, scope: RetentionScope }), 'RetentionPatch'), {
      description: 'What is given replaces; what is left out stays as it was.',
    }),
  }),
  'AccountSettingsPatch',
)

export const accountSettingsView = (s: AccountSettings): t.TypeOf<typeof SettingsCodec> => ({ retention: { days: s.retention.days as t.Int | null, scope: s.retention.scope } })
