import type { ComponentChildren } from 'preact'
import { useState } from 'preact/hooks'
import { messageOf } from './api.js'
import { NotificationsEntry } from './components/notifications/notifications-entry.js'
import { Link, useLocation } from './router.js'
import { useSession } from './session.js'

const NAV: ReadonlyArray<{ href: string; label: string; section: RegExp }> = [
  { href: '/', label: 'Recordings', section: /^\/($|recordings)/ },
  { href: '/upload', label: 'Upload', section: /^\/upload/ },
  { href: '/meetings', label: 'Meetings', section: /^\/meetings/ },
  { href: '/bots', label: 'Send a bot', section: /^\/bots/ },
  { href: '/settings', label: 'Settings', section: /^\/settings/ },
]

export const Layout = (props: { children: ComponentChildren }) => {
  const { session, signOut } = useSession()
  const path = useLocation().pathname
  const [error, setError] = useState<string | null>(null)
  return (
    <>
      <a class="skip" href="#main">
        Skip to content
      </a>
      <header class="top">
        <Link href="/" class="brand">
          <img src="/assets/icon.svg" alt="" width={24} height={24} />
          Notetaker
        </Link>
        <nav aria-label="Main">
          <ul>
            {NAV.map((n) => (
              <li key={n.href}>
                <Link href={n.href} aria-current={n.section.test(path) ? 'page' : undefined}>
                  {n.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div class="who">
          <NotificationsEntry />
          <span title={session.account.email}>{session.account.name}</span>
          {session.access === 'readonly' ? <span class="badge">Read-only</span> : null}
          <button type="button" class="quiet" onClick={() => signOut().catch((e: unknown) => setError(messageOf(e)))}>
            Sign out
          </button>
        </div>
      </header>
      {error === null ? null : (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <main id="main" tabIndex={-1}>
        {props.children}
      </main>
    </>
  )
}
