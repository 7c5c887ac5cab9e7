import type { FunctionComponent } from 'preact'
import { PageHeader } from './components/feedback.js'
import { Layout } from './layout.js'
import { BotPage } from './pages/bot.js'
import { BotsPage } from './pages/bots.js'
import { MeetingsPage } from './pages/meetings.js'
import { NotificationsPage } from './pages/notifications.js'
import { RecordingPage } from './pages/recordings/detail.js'
import { RecordingsPage } from './pages/recordings/list.js'
import { SettingsPage } from './pages/settings/index.js'
import { ConfirmEmailPage } from './pages/confirm-email.js'
import { JoinPage } from './pages/join.js'
import { SignIn } from './pages/sign-in.js'
import { UploadPage } from './pages/upload.js'
import { Link, match, useLocation } from './router.js'
import { SessionGate } from './session.js'

/** Path patterns to pages; a page gets the pattern's named parts as props. */
const ROUTES: ReadonlyArray<readonly [string, FunctionComponent<Record<string, string>>]> = [
  ['/', RecordingsPage],
  ['/recordings/:id', RecordingPage],
  ['/upload', UploadPage],
  ['/meetings', MeetingsPage],
  ['/bots', BotsPage],
  ['/bots/:runId', BotPage],
  ['/settings', SettingsPage],
  ['/settings/:section', SettingsPage],
  ['/notifications', NotificationsPage],
]

const NotFound = () => (
  <>
    <PageHeader title="Page not found" />
    <p>
      There is no page here. <Link href="/">See your recordings</Link>.
    </p>
  </>
)

const Routed = () => {
  const path = useLocation().pathname
  for (const [pattern, Page] of ROUTES) {
    const params = match(pattern, path)
    if (params !== null) return <Page key={pattern} {...params} />
  }
  return <NotFound />
}

export const App = () => {
  const path = useLocation().pathname
  // Links from mail are opened by people who may have no account or session: outside the signed-in app, like signing in.
  if (match('/join', path) !== null) return <JoinPage />
  if (match('/confirm-email', path) !== null) return <ConfirmEmailPage />
  return (
    <SessionGate signedOut={(onSignedIn, notice) => <SignIn onSignedIn={onSignedIn} notice={notice} />}>
      <Layout>
        <Routed />
      </Layout>
    </SessionGate>
  )
}
