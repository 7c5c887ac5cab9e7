export interface PageQuery {
  readonly limit: number
  readonly offset: number
}

export interface Page<A> {
  readonly rows: ReadonlyArray<A>
  readonly total: number
  readonly limit: number
  readonly offset: number
}

export const PAGE_LIMIT = { min: 1, max: 100, default: 25 } as const

/** A collection returned whole (the spec's unpaged lists): total equals the number of rows. */
export const wholePage = <A>(rows: ReadonlyArray<A>): Page<A> => ({
  rows,
  total: rows.length,
  limit: rows.length,
  offset: 0,
})
