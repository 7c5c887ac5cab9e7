import type { ComponentChildren } from 'preact'
import { useEffect } from 'preact/hooks'

export const Loading = (props: { what?: string }) => (
  <p class="loading" role="status">
    {props.what === undefined ? 'Loading…' : `Loading ${props.what}…`}
  </p>
)

export const ErrorNote = (props: { message: string | null | undefined }) =>
  props.message == null || props.message === '' ? null : (
    <p class="error" role="alert">
      {props.message}
    </p>
  )

export const Empty = (props: { children: ComponentChildren }) => <div class="empty">{props.children}</div>

/** The page's heading and the tab's title; `actions` sit beside the heading. */
export const PageHeader = (props: { title: string; actions?: ComponentChildren; children?: ComponentChildren }) => {
  useEffect(() => {
    document.title = `${props.title} · Notetaker`
  }, [props.title])
  return (
    <header class="page-header">
      <div>
        <h1>{props.title}</h1>
        {props.children}
      </div>
      {props.actions === undefined ? null : <div class="actions">{props.actions}</div>}
    </header>
  )
}

const STATE_WORDS: Readonly<Record<string, string>> = {
  scheduled: 'Scheduled',
  queued: 'Queued',
  awaiting_upload: 'Waiting for the file',
  pending: 'Waiting for the file',
  joining: 'Joining',
  waiting_room: 'In the waiting room',
  recording: 'Recording',
  stored: 'Stored',
  transcribing: 'Transcribing',
  analysing: 'Analysing',
  ready: 'Ready',
  failed: 'Failed',
  cancelled: 'Cancelled',
  skipped: 'Skipped',
}

/** A state in words, coloured by whether it is under way, done or failed. */
export const StateBadge = (props: { state: string }) => {
  const tone = props.state === 'failed' ? 'bad' : props.state === 'ready' ? 'good' : /cancelled|skipped/.test(props.state) ? 'quiet' : 'busy'
  return <span class={`badge ${tone}`}>{STATE_WORDS[props.state] ?? props.state.replace(/_/g, ' ')}</span>
}

/**
 * Previous and Next over a page of a list. It reads the place from the page shown (the API's
 * `offset`, `limit`, `total`), not from the one asked for, so while the next page loads it
 * still describes the rows on screen.
 */
export const Pager = (props: { page: { offset: number; limit: number; total: number }; onChange: (offset: number) => void; label: string }) => {
  const { offset, limit, total } = props.page
  if (total <= limit && offset === 0) return null
  const first = total === 0 ? 0 : offset + 1
  const last = Math.min(offset + limit, total)
  return (
    <nav class="pager" aria-label={`${props.label} pages`}>
      <button type="button" disabled={offset === 0} onClick={() => props.onChange(Math.max(0, offset - limit))}>
        Previous
      </button>
      <span>
        {first}–{last} of {total}
      </span>
      <button type="button" disabled={last >= total} onClick={() => props.onChange(offset + limit)}>
        Next
      </button>
    </nav>
  )
}
