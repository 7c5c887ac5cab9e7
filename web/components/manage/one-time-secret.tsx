import { useId, useState } from 'preact/hooks'

/** A secret the server shows only once (a webhook signing secret, an API key, an invite token): copy it now. */
export const OneTimeSecret = (props: { title: string; value: string; note: string; onDone: () => void }) => {
  const titleId = useId()
  const [copied, setCopied] = useState<'no' | 'yes' | 'failed'>('no')
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(props.value)
      setCopied('yes')
    } catch {
      // No clipboard outside https/localhost: the text is selectable instead.
      setCopied('failed')
    }
  }
  return (
    <section class="card secret" aria-labelledby={titleId}>
      <h3 id={titleId}>{props.title}</h3>
      <p class="warning" role="note">
        {props.note} It is shown only this once: copy it now and keep it somewhere safe.
      </p>
      <div class="secret-value">
        <code data-testid="secret">{props.value}</code>
        <button type="button" onClick={() => void copy()}>
          Copy
        </button>
      </div>
      <p class="muted" role="status">
        {copied === 'yes' ? 'Copied to the clipboard.' : copied === 'failed' ? 'Could not reach the clipboard; select the text and copy it.' : ''}
      </p>
      <button type="button" class="primary" onClick={props.onDone}>
        I have copied it
      </button>
    </section>
  )
}
