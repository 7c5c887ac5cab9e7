import type { ComponentChildren } from 'preact'

/**
 * How a table reads on phones, named by the class the styles lay it out with: `stack` turns each row
 * into a block with every value after its column's heading, taken from the cell's `data-label`
 * (content.css, docs/web-app.md "On a phone"); `recordings` has a layout of its own (recordings.css)
 * and no labels.
 */
export type TableLayout = 'stack' | 'recordings'

/** A column: its heading, and what each row shows under it. */
export type Column<Row> = {
  readonly label: string
  readonly cell: (row: Row) => ComponentChildren
  /** Classes of each of its cells, e.g. `nowrap`. */
  readonly class?: string
  /** Its heading is for screen readers only, and its cells, unlabelled, take the whole line on phones (the row's actions). */
  readonly labelHidden?: boolean
}

/** A column left out where the reader may not use it is written `canWrite && column`. */
export type MaybeColumn<Row> = Column<Row> | false | null | undefined

/** The row's actions, last, as `{ ...rowActions, cell }`: no visible heading, and on phones under the values. */
export const rowActions = { label: 'Actions', labelHidden: true, class: 'actions' } as const

export const shownColumns = <Row>(columns: ReadonlyArray<MaybeColumn<Row>>): ReadonlyArray<Column<Row>> =>
  columns.filter((c): c is Column<Row> => c !== false && c !== null && c !== undefined)

/** The attributes of a cell of the column: on a stacked table, its heading as the label the phone layout shows. */
export const cellAttributes = <Row>(column: Column<Row>, layout: TableLayout): { class?: string; 'data-label'?: string } => ({
  ...(column.class === undefined ? {} : { class: column.class }),
  ...(layout === 'stack' && column.labelHidden !== true ? { 'data-label': column.label } : {}),
})
