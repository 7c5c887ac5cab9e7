import type { ComponentChildren } from 'preact'
import { useEffect } from 'preact/hooks'
import { type Problem, withCode } from '../problem.js'

export const Loading = (props: { what?: string }) => (
  <p class="loading" role="status">
    {props.what === undefined ? 'Loading…' : `Loading ${props.what}…`}
  </p>
)

/** A message with what it quotes in backticks (a command, a name) shown as code, not as backticks. */
export const Words = (props: { text: string }) => (
  <>
    {withCode(props.text).map((p, i) => (p.code ? <code key={i}>{p.text}</code> : p.text))}
  </>
)

/** A failure: the API's sentence, as it is. A Retry, where asking again can help, is the caller's (see `Problem.retryable`). */
export const ErrorNote = (props: { message: string | null | undefined }) =>
  props.message == null || props.message === '' ? null : (
    <p class="error" role="alert">
      <Words text={props.message} />
    </p>
  )

/** The id of a field's words, for the field's `aria-describedby`. */
export const fieldNoteId = (field: string) => `problem-${field.replace(/[^\w-]/g, '-')}`

/**
 * What the API said of one field, beside it; spread `invalidProps(problem, field)` on the field itself
 * so it is marked (`aria-invalid`) and read with these words.
 */
export const FieldNote = (props: { problem: Problem | null; field: string }) => {
  const words = props.problem?.fields[props.field]
  return words === undefined ? null : (
    <span class="field-error" id={fieldNoteId(props.field)}>
      {words}
    </span>
  )
}

export const invalidProps = (problem: Problem | null, field: string): { 'aria-invalid'?: true; 'aria-describedby'?: string } =>
  problem?.fields[field] === undefined ? {} : { 'aria-invalid': true, 'aria-describedby': fieldNoteId(field) }

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
