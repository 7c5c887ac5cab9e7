/**
 * The owner's corrections of a recording's notes (issue 32): the title, the
 * summaries, the decisions and topic labels. Each edit is kept apart from the
 * generated notes; a rewritten part is marked "Edited" with a way back to the
 * generated text (sending null). Read-only keys and people a recording is
 * shared with get none of these controls (`editable` false).
 */
import type { ComponentChildren } from 'preact'
import { useState } from 'preact/hooks'
import type { Recording } from '../../api.js'
import { useSession } from '../../session.js'
import { ErrorNote } from '../feedback.js'
import { useAction } from '../manage/use-action.js'
import { EditorButtons } from './editor-buttons.js'

/** What an editor needs: the recording and how to read it again after a change. */
export interface Editing {
  readonly runId: string
  readonly onChanged: () => Promise<void>
}

/** Runs one change at a time, then reads the recording again; its error in words. */
export const useChange = (edit: Editing) => {
  const action = useAction()
  return { ...action, run: (change: () => Promise<unknown>) => action.run(async () => (await change(), await edit.onChanged())) }
}

/** "Edited", and a button back to what the analyzer wrote. */
export const EditedMark = (props: { what: string; busy: boolean; onRestore: () => void }) => (
  <span class="edited-mark">
    <span class="badge edited">Edited</span>
    <button type="button" class="quiet small" disabled={props.busy} onClick={props.onRestore} aria-label={`Restore generated ${props.what}`}>
      Restore generated
    </button>
  </span>
)

/** An inline form of one or more fields with Save and Cancel. */
export const InlineForm = (props: { label: string; busy: boolean; canSave: boolean; onSave: () => void; onCancel: () => void; children: ComponentChildren }) => (
  <form
    class="inline-editor"
    aria-label={props.label}
    onSubmit={(e) => {
      e.preventDefault()
      props.onSave()
    }}
    onKeyDown={(e) => {
      if (e.key === 'Escape') props.onCancel()
    }}
  >
    {props.children}
    <EditorButtons saveDisabled={props.busy || !props.canSave} onCancel={props.onCancel} />
  </form>
)

/** The recording's title with a Rename button, or the form that renames it. */
export const TitleEditor = (props: { edit: Editing; title: string; onClose: () => void }) => {
  const { api } = useSession()
  const [title, setTitle] = useState(props.title)
  const change = useChange(props.edit)
  const save = async () => {
    const ok = await change.run(() => api.request('patch', '/recordings/{runId}', { path: { runId: props.edit.runId }, body: { title: title.trim() } }))
    if (ok) props.onClose()
  }
  return (
    <div class="card title-editor">
      <ErrorNote message={change.error} />
      <InlineForm label="Rename the recording" busy={change.busy} canSave={title.trim() !== ''} onSave={() => void save()} onCancel={props.onClose}>
        <label class="grow">
          Title
          <input value={title} onInput={(e) => setTitle(e.currentTarget.value)} required maxLength={500} autoFocus />
        </label>
      </InlineForm>
    </div>
  )
}

type NotesBody = { shortSummary?: string | null; detailedSummary?: string | null; decisions?: string[] | null }

/** PATCH /recordings/{runId}/notes. */
export const useNotesChange = (edit: Editing) => {
  const { api } = useSession()
  const change = useChange(edit)
  const send = (body: NotesBody) => change.run(() => api.request('patch', '/recordings/{runId}/notes', { path: { runId: edit.runId }, body }))
  return { ...change, send }
}

export const SummaryEditor = (props: { edit: Editing; recording: Recording; onClose: () => void }) => {
  const [short, setShort] = useState(props.recording.shortSummary)
  const [detailed, setDetailed] = useState(props.recording.detailedSummary)
  const change = useNotesChange(props.edit)
  const save = async () => {
    const body: NotesBody = {
      ...(short.trim() === props.recording.shortSummary ? {} : { shortSummary: short }),
      ...(detailed.trim() === props.recording.detailedSummary ? {} : { detailedSummary: detailed }),
    }
    if (Object.keys(body).length === 0 || (await change.send(body))) props.onClose()
  }
  return (
    <>
      <ErrorNote message={change.error} />
      <InlineForm label="Edit the summary" busy={change.busy} canSave={short.trim() !== '' && detailed.trim() !== ''} onSave={() => void save()} onCancel={props.onClose}>
        <label class="grow">
          Summary
          <textarea rows={3} value={short} onInput={(e) => setShort(e.currentTarget.value)} maxLength={2000} autoFocus />
        </label>
        <label class="grow">
          In detail <span class="muted">(lines starting “- ” are bullets)</span>
          <textarea rows={8} value={detailed} onInput={(e) => setDetailed(e.currentTarget.value)} maxLength={10000} />
        </label>
      </InlineForm>
    </>
  )
}

/** The decisions as lines of text, one a line: edit one, delete a line, add one. */
export const DecisionsEditor = (props: { edit: Editing; decisions: Recording['decisions']; onClose: () => void }) => {
  const [text, setText] = useState(props.decisions.map((d) => d.text).join('\n'))
  const change = useNotesChange(props.edit)
  const save = async () => {
    if (await change.send({ decisions: text.split('\n').map((l) => l.trim()).filter((l) => l !== '') })) props.onClose()
  }
  return (
    <>
      <ErrorNote message={change.error} />
      <InlineForm label="Edit the decisions" busy={change.busy} canSave onSave={() => void save()} onCancel={props.onClose}>
        <label class="grow">
          Decisions <span class="muted">(one a line)</span>
          <textarea rows={Math.max(3, props.decisions.length + 1)} value={text} onInput={(e) => setText(e.currentTarget.value)} autoFocus />
        </label>
      </InlineForm>
    </>
  )
}

type Topic = Recording['topics'][number]

/** PATCH /recordings/{runId}/topics/{topicId}: a label, or null for the generated one. */
export const useTopicChange = (edit: Editing) => {
  const { api } = useSession()
  const change = useChange(edit)
  const send = (topic: Topic, label: string | null) =>
    change.run(() => api.request('patch', '/recordings/{runId}/topics/{topicId}', { path: { runId: edit.runId, topicId: topic.id }, body: { label } }))
  return { ...change, send }
}

export const TopicEditor = (props: { edit: Editing; topic: Topic; onClose: () => void }) => {
  const [label, setLabel] = useState(props.topic.label)
  const change = useTopicChange(props.edit)
  const save = async () => {
    if (await change.send(props.topic, label.trim())) props.onClose()
  }
  return (
    <>
      <ErrorNote message={change.error} />
      <InlineForm label={`Rename the topic “${props.topic.label}”`} busy={change.busy} canSave={label.trim() !== ''} onSave={() => void save()} onCancel={props.onClose}>
        <label class="grow">
          Topic
          <input value={label} onInput={(e) => setLabel(e.currentTarget.value)} required maxLength={200} autoFocus />
        </label>
      </InlineForm>
    </>
  )
}
