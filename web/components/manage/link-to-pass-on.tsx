import { useId, useState } from 'preact/hooks'

/**
 * The one-time link of an invite or a share, after it was made: "Sent to …" when
 * the server mailed it, else the link to copy and pass on (no mail is set up,
 * or the mail was refused: `problem` says why).
 */
export const LinkToPassOn = (props: { to: string; link: string; mailed: boolean; problem: string | null; what: string; onDone: () => void }) => {
  const titleId = useId()
  const [copied, setCopied] = useState<'no' | 'yes' | 'failed'>('no')
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(props.link)
      setCopied('yes')
    } catch {
      setCopied('failed')
    }
  }
  if (props.mailed) {
    return (
      <p class="notice" role="status" data-testid="link-sent">
        Sent to {props.to}: the mail has the link to {props.what}.{' '}
        <button type="button" class="quiet small" onClick={props.onDone}>
          OK
        </button>
      </p>
    )
  }
  return (
    <section class="card secret" aria-labelledby={titleId}>
      <h3 id={titleId}>Pass this link on to {props.to}</h3>
      <p class="warning" role="note">
        {props.problem === null ? 'This server sends no mail, so nobody was told.' : `The mail could not be sent (${props.problem}).`} Send {props.to} this link
        to {props.what}; it works once, for that email only, and is shown only now.
      </p>
      <div class="secret-value">
        <code data-testid="pass-on-link">{props.link}</code>
        <button type="button" onClick={() => void copy()}>
          Copy link
        </button>
      </div>
      <p class="muted" role="status">
        {copied === 'yes' ? 'Copied to the clipboard.' : copied === 'failed' ? 'Could not reach the clipboard; select the link and copy it.' : ''}
      </p>
      <button type="button" class="primary" onClick={props.onDone}>
        Done
      </button>
    </section>
  )
}
