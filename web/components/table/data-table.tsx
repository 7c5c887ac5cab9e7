import { Empty } from '../feedback.js'
import { cellAttributes, type MaybeColumn, shownColumns, type TableLayout } from './columns.js'

export { type Column, rowActions } from './columns.js'

type Props<Row> = {
  rows: ReadonlyArray<Row>
  rowKey: (row: Row) => string
  columns: ReadonlyArray<MaybeColumn<Row>>
  /** Said instead of the table when there is no row; without it an empty table shows its headings. */
  empty?: string
  /** Read by screen readers only, where the table's place does not say what it lists. */
  caption?: string
  layout?: TableLayout
  /** Classes of the scrolling box around the table, besides `table-wrap`. */
  wrapClass?: string
}

/** A table of rows, one column per field, in its scrolling box, laid out for phones by its `TableLayout`. */
export const DataTable = <Row,>(props: Props<Row>) => {
  const layout = props.layout ?? 'stack'
  const columns = shownColumns(props.columns)
  if (props.rows.length === 0 && props.empty !== undefined) {
    return (
      <Empty>
        <p>{props.empty}</p>
      </Empty>
    )
  }
  return (
    <div class={props.wrapClass === undefined ? 'table-wrap' : `table-wrap ${props.wrapClass}`}>
      <table class={layout}>
        {props.caption === undefined ? null : <caption class="visually-hidden">{props.caption}</caption>}
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.label} scope="col">
                {c.labelHidden === true ? <span class="visually-hidden">{c.label}</span> : c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.rows.map((row) => (
            <tr key={props.rowKey(row)}>
              {columns.map((c) => (
                <td key={c.label} {...cellAttributes(c, layout)}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
