import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { invalidField } from '../../src/core/errors.js'

test('invalidField names the field', () => {
  const e = invalidField('link', 'must be a join link')
  assert.equal(e, { _tag: 'Validation', message: 'must be a join link', details: [{ path: 'link', message: 'must be a join link' }] })
})

test.run()
