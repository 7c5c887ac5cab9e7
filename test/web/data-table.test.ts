import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { cellAttributes, type Column, rowActions, shownColumns } from '../../web/components/table/columns.js'

type Key = { name: string; createdAt: string }
const name: Column<Key> = { label: 'Name', cell: (k) => k.name }
const created: Column<Key> = { label: 'Created', class: 'nowrap', cell: (k) => k.createdAt }
const actions: Column<Key> = { ...rowActions, cell: () => null }

test("on a stacked table each value cell carries its column's heading, as the phone layout shows it", () => {
  assert.equal(cellAttributes(name, 'stack'), { 'data-label': 'Name' })
  assert.equal(cellAttributes(created, 'stack'), { class: 'nowrap', 'data-label': 'Created' }, 'its own classes kept beside the label')
})

test("the row's actions carry no label, so on phones they take the whole line under the values", () => {
  assert.equal(cellAttributes(actions, 'stack'), { class: 'actions' })
  assert.is(actions.labelHidden, true, 'its heading is for screen readers only')
})

test('a table with a phone layout of its own (the recordings) labels no cell', () => {
  assert.equal(cellAttributes(name, 'recordings'), {})
  assert.equal(cellAttributes(created, 'recordings'), { class: 'nowrap' })
})

test('a column left out for this reader (`canWrite && column`) is not shown; the others keep their order', () => {
  assert.equal(shownColumns<Key>([name, false, created, null, undefined]), [name, created])
  assert.equal(shownColumns<Key>([name, created, true && actions]), [name, created, actions])
})

test.run()
