import type { FunctionComponent } from 'preact'
import { PageHeader } from '../../components/feedback.js'
import { Link } from '../../router.js'
import { AccountSection } from './account.js'
import { CalendarsSection } from './calendars.js'
import { KeysSection } from './keys.js'
import { NotesSection } from './notes.js'
import { OrganizationSection } from './organization.js'
import { ServerAccountsSection } from './server-accounts.js'
import { SpeechSection } from './speech.js'
import { WebhooksSection } from './webhooks.js'

const SECTIONS: ReadonlyArray<{ key: string; label: string; Section: FunctionComponent }> = [
  { key: 'calendars', label: 'Calendars', Section: CalendarsSection },
  { key: 'notes', label: 'Notes', Section: NotesSection },
  { key: 'speech', label: 'Speech', Section: SpeechSection },
  { key: 'webhooks', label: 'Webhooks', Section: WebhooksSection },
  { key: 'keys', label: 'API keys', Section: KeysSection },
  { key: 'organization', label: 'Organization', Section: OrganizationSection },
  { key: 'account', label: 'Account', Section: AccountSection },
  { key: 'plans', label: 'Plans', Section: ServerAccountsSection },
]

/** Settings in sections, one per tab; `/settings` opens the first. */
export const SettingsPage = (props: Record<string, string>) => {
  const current = SECTIONS.find((s) => s.key === props.section) ?? (props.section === undefined ? SECTIONS[0] : undefined)
  return (
    <>
      <PageHeader title="Settings" />
      <nav class="tabs" aria-label="Settings sections">
        {SECTIONS.map((s) => (
          <Link key={s.key} href={`/settings/${s.key}`} aria-current={s === current ? 'page' : undefined}>
            {s.label}
          </Link>
        ))}
      </nav>
      {current === undefined ? (
        <p>
          There is no such section. <Link href="/settings">Open the settings</Link>.
        </p>
      ) : (
        <current.Section key={current.key} />
      )}
    </>
  )
}
