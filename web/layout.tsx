import type { ComponentChildren } from 'preact'
import { useEffect, useRef, useState } from 'preact/hooks'
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

/**
 * Open or closed, for the menu button that replaces the navigation on narrow screens (CSS decides
 * when the button shows). It closes when the page changes and on Escape, giving focus back to the
 * button so a keyboard user is not left on a hidden link.
 */
const useMenu = (path: string) => {
  const [open, setOpen] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  useEffect(() => setOpen(false), [path])
  useEffect(() => {
    if (!open) return
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return
      setOpen(false)
      button.current?.focus()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [open])
  return { open, button, toggle: () => setOpen((o) => !o), close: () => setOpen(false) }
}

export const Layout = (props: { children: ComponentChildren }) => {
  const { session, signOut } = useSession()
  const path = useLocation().pathname
  const [error, setError] = useState<string | null>(null)
  const menu = useMenu(path)
  return (
    <>
      <a class="skip" href="#main">
        Skip to content
      </a>
      <header class={`top${menu.open ? ' menu-open' : ''}`}>
        <Link href="/" class="brand">
          <img src="/assets/icon.svg" alt="" width={24} height={24} />
          Notetaker
        </Link>
        <button type="button" class="menu-button" ref={menu.button} aria-expanded={menu.open} aria-controls="main-nav" onClick={menu.toggle}>
          <span class="menu-icon" aria-hidden="true" />
          Menu
        </button>
        {/* A link to the page already shown changes no path: the click itself closes the menu. */}
        <nav id="main-nav" aria-label="Main" onClick={(e) => (e.target as Element).closest('a') !== null && menu.close()}>
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
          <Link class="who-name" href="/settings/account" title={`${session.account.email}: your account`}>{session.account.name}</Link>
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
