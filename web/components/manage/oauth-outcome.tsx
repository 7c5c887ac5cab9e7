import { useEffect, useState } from 'preact/hooks'
import { useQuery } from '../../router.js'
import { ErrorNote } from '../feedback.js'
import type { Connection } from './rules-editor.js'

type Outcome = { kind: 'connected' | 'reconnected'; id: string } | { kind: 'error'; message: string }

const outcomeOf = (q: URLSearchParams): Outcome | null => {
  const error = q.get('calendarError')
  if (error !== null) return { kind: 'error', message: error }
  const connected = q.get('connected')
  if (connected !== null) return { kind: 'connected', id: connected }
  const reconnected = q.get('reconnected')
  return reconnected === null ? null : { kind: 'reconnected', id: reconnected }
}

/**
 * The end of a consent round trip: the server sent the browser back with the outcome in the query.
 * It is shown once and taken out of the address, so a reload or a shared link does not show it again.
 */
export const OAuthOutcome = (props: { connections: ReadonlyArray<Connection> | undefined }) => {
  const [query, setQuery] = useQuery()
  const [outcome] = useState(() => outcomeOf(query))
  useEffect(() => {
    if (outcome !== null) setQuery({ connected: null, reconnected: null, calendarError: null })
  }, [])
  if (outcome === null) return null
  if (outcome.kind === 'error') return <ErrorNote message={`The calendar was not connected: ${outcome.message}`} />
  const c = props.connections?.find((x) => x.id === outcome.id)
  const which = c === undefined ? 'the calendar' : `${c.name} (${c.accountEmail})`
  return (
    <p class="notice" role="status">
      {outcome.kind === 'connected' ? `Connected ${which}. Its meetings show in Meetings after the first sync.` : `Reconnected ${which}. It syncs again.`}
    </p>
  )
}
