import { useEffect, useRef, useState } from 'preact/hooks'

/** What the list's address holds: the search, the filters and the page. */
export interface ListFilters {
  readonly q: string
  readonly from: string
  readonly to: string
  readonly origin: string
  /** `state:<state>` or `phase:<phase>`, or '' for any. */
  readonly status: string
}

export const filtersOf = (params: URLSearchParams): ListFilters => ({
  q: params.get('q') ?? '',
  from: params.get('from') ?? '',
  to: params.get('to') ?? '',
  origin: params.get('origin') ?? '',
  status: params.get('status') ?? '',
})

export const hasFilters = (f: ListFilters): boolean => Object.values(f).some((v) => v !== '')

/** How many filters beside the search are set: the count on the phone's "Filters" button. */
export const activeFilterCount = (f: ListFilters): number => [f.from, f.to, f.origin, f.status].filter((v) => v !== '').length

/** A day picked in the browser (YYYY-MM-DD) as the instant its local midnight is; `plusDays` 1 for the end of a range. */
const localMidnight = (day: string, plusDays = 0): string | undefined => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined
  const d = new Date(`${day}T00:00:00`)
  d.setDate(d.getDate() + plusDays)
  return d.toISOString()
}

/** The query of GET /recordings for these filters (the API checks them and says what is wrong). */
export const queryOf = (f: ListFilters) => {
  const [kind, value] = f.status.split(':')
  return {
    ...(f.q.trim() === '' ? {} : { q: f.q.trim() }),
    ...(f.from === '' ? {} : { from: localMidnight(f.from) }),
    ...(f.to === '' ? {} : { to: localMidnight(f.to, 1) }),
    ...(f.origin === '' ? {} : { origin: f.origin }),
    ...(kind === 'state' && value !== undefined ? { state: value } : {}),
    ...(kind === 'phase' && value !== undefined ? { phase: value } : {}),
  }
}

const STATUS_CHOICES: ReadonlyArray<readonly [string, string]> = [
  ['', 'Any state'],
  ['state:ready', 'Ready'],
  ['phase:processing', 'Processing'],
  ['phase:in_call', 'In a meeting'],
  ['phase:pending', 'Scheduled or waiting'],
  ['state:failed', 'Failed'],
  ['state:cancelled,skipped', 'Cancelled or skipped'],
]

const ORIGIN_CHOICES: ReadonlyArray<readonly [string, string]> = [
  ['', 'Any origin'],
  ['calendar', 'Calendar meetings'],
  ['manual', 'Bots sent to a link'],
  ['upload', 'Uploads'],
]

const Choice = (props: { label: string; value: string; choices: ReadonlyArray<readonly [string, string]>; onChange: (e: Event) => void }) => (
  <label>
    {props.label}
    <select value={props.value} onChange={props.onChange}>
      {props.choices.map(([v, w]) => (
        <option key={v} value={v}>
          {w}
        </option>
      ))}
    </select>
  </label>
)

/** Search (applied 300 ms after the last keystroke) and filters; every change goes to the address. */
export const Filters = (props: { filters: ListFilters; onChange: (changes: Partial<Record<keyof ListFilters, string>>) => void }) => {
  const f = props.filters
  const [text, setText] = useState(f.q)
  const onChange = useRef(props.onChange)
  onChange.current = props.onChange
  useEffect(() => {
    if (text === f.q) return
    const id = setTimeout(() => onChange.current({ q: text }), 300)
    return () => clearTimeout(id)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text])
  // On a phone the filters beside the search fold behind a button (CSS shows it under the breakpoint).
  const [open, setOpen] = useState(false)
  const active = activeFilterCount(f)
  const field = (name: keyof ListFilters) => (e: Event) => props.onChange({ [name]: (e.currentTarget as HTMLInputElement | HTMLSelectElement).value })
  return (
    <form class="toolbar filters" role="search" onSubmit={(e) => (e.preventDefault(), props.onChange({ q: text }))}>
      <label class="grow">
        Search
        <input type="search" value={text} onInput={(e) => setText(e.currentTarget.value)} placeholder="Words said, titles, summaries, action items" />
      </label>
      <button type="button" class="filters-toggle" aria-expanded={open} aria-controls="more-filters" onClick={() => setOpen((o) => !o)}>
        Filters{active === 0 ? '' : ` (${active})`}
      </button>
      <div id="more-filters" class={`more-filters${open ? ' open' : ''}`}>
        <label>
          From
          <input type="date" value={f.from} onChange={field('from')} />
        </label>
        <label>
          To
          <input type="date" value={f.to} onChange={field('to')} />
        </label>
        <Choice label="Origin" value={f.origin} choices={ORIGIN_CHOICES} onChange={field('origin')} />
        <Choice label="State" value={f.status} choices={STATUS_CHOICES} onChange={field('status')} />
      </div>
      {hasFilters(f) ? (
        <button type="button" class="quiet" onClick={() => (setText(''), props.onChange({ q: '', from: '', to: '', origin: '', status: '' }))}>
          Clear
        </button>
      ) : null}
    </form>
  )
}
