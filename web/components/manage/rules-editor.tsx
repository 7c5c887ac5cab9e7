import type { GetData } from '../../api.js'

export type Connection = GetData<'/calendar/connections/{id}'>
export type Rule = Connection['joinRules'][number]
type Kind = Rule['kind']

const KIND_WORDS: Readonly<Record<Kind, string>> = {
  title: 'Title contains',
  description: 'Description contains',
  attendee_email: 'An attendee is',
  attendee_domain: 'An attendee is at the domain',
  organizer_email: 'The organizer is',
  organizer_domain: 'The organizer is at the domain',
  has_external_attendees: 'Has attendees from outside',
  recurring: 'Is a recurring meeting',
}
const KINDS = Object.keys(KIND_WORDS) as Kind[]
const YES_NO: ReadonlySet<Kind> = new Set<Kind>(['has_external_attendees', 'recurring'])

/** A list of calendar rules to edit in place; the server checks and normalizes them on save. */
export const RulesEditor = (props: { legend: string; hint: string; rules: Rule[]; onChange: (rules: Rule[]) => void; disabled: boolean }) => {
  const set = (i: number, rule: Rule) => props.onChange(props.rules.map((r, j) => (j === i ? rule : r)))
  return (
    <fieldset class="rules" disabled={props.disabled}>
      <legend>{props.legend}</legend>
      <p class="hint">{props.hint}</p>
      {props.rules.length === 0 ? <p class="muted">No rules.</p> : null}
      <ul class="plain">
        {props.rules.map((r, i) => (
          <li key={i} class="rule">
            <select aria-label={`${props.legend}: rule ${i + 1} kind`} value={r.kind} onChange={(e) => set(i, { kind: e.currentTarget.value as Kind, value: YES_NO.has(e.currentTarget.value as Kind) ? 'true' : r.value })}>
              {KINDS.map((k) => (
                <option key={k} value={k}>
                  {KIND_WORDS[k]}
                </option>
              ))}
            </select>
            {YES_NO.has(r.kind) ? (
              <select aria-label={`${props.legend}: rule ${i + 1} value`} value={r.value} onChange={(e) => set(i, { ...r, value: e.currentTarget.value })}>
                <option value="true">yes</option>
                <option value="false">no</option>
              </select>
            ) : (
              <input type="text" aria-label={`${props.legend}: rule ${i + 1} value`} value={r.value} required onInput={(e) => set(i, { ...r, value: e.currentTarget.value })} />
            )}
            <button type="button" class="quiet" onClick={() => props.onChange(props.rules.filter((_, j) => j !== i))}>
              Remove<span class="visually-hidden"> rule {i + 1}</span>
            </button>
          </li>
        ))}
      </ul>
      <button type="button" onClick={() => props.onChange([...props.rules, { kind: 'title', value: '' }])}>
        Add a rule<span class="visually-hidden"> to {props.legend}</span>
      </button>
    </fieldset>
  )
}
