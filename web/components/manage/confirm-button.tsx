import { useState } from 'preact/hooks'

/**
 * A destructive button asking again in place ("Revoke" → "Yes, revoke" / "Cancel")
 * rather than with window.confirm, which blocks the page and cannot be styled.
 */
export const ConfirmButton = (props: { label: string; confirmLabel: string; onConfirm: () => void; disabled?: boolean; name?: string }) => {
  const [asking, setAsking] = useState(false)
  if (!asking) {
    return (
      <button type="button" class="danger" disabled={props.disabled} aria-label={props.name} onClick={() => setAsking(true)}>
        {props.label}
      </button>
    )
  }
  return (
    <span class="confirm" role="group" aria-label={props.name ?? props.label}>
      <button
        type="button"
        class="danger"
        ref={(el) => el?.focus()}
        onClick={() => {
          setAsking(false)
          props.onConfirm()
        }}
      >
        {props.confirmLabel}
      </button>
      <button type="button" class="quiet" onClick={() => setAsking(false)}>
        Cancel
      </button>
    </span>
  )
}
