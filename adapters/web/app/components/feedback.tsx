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

export const Pager = (props: { offset: number; limit: number; total: number; onChange: (offset: number) => void; label: string }) => {
  if (props.total <= props.limit && props.offset === 0) return null
  const first = props.total === 0 ? 0 : props.offset + 1
  const last = Math.min(props.offset + props.limit, props.total)
  return (
    <nav class="pager" aria-label={`${props.label} pages`}>
      <button type="button" disabled={props.offset === 0} onClick={() => props.onChange(Math.max(0, props.offset - props.limit))}>
        Previous
      </button>
      <span>
        {first}–{last} of {props.total}
      </span>
      <button type="button" disabled={last >= props.total} onClick={() => props.onChange(props.offset + props.limit)}>
        Next
      </button>
    </nav>
  )
}
