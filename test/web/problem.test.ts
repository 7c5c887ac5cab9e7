import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { NotetakerApiError, NotetakerConnectionError } from '../../clients/typescript/src/errors.js'
import { fieldWords, problemOf, withCode } from '../../web/problem.js'

const refusal = (status: number, code: NotetakerApiError['code'], message: string, details: Array<{ path: string; message: string }> = []) =>
  new NotetakerApiError({ status, code, message, details, requestId: null, method: 'POST', path: '/bots', attempts: 1 })

test('a refused field: the message as the API says it, the field marked with its own words, no Retry', () => {
  const p = problemOf(refusal(422, 'VALIDATION_ERROR', 'joinUrl must be a Zoom, Google Meet or Microsoft Teams join link', [
    { path: 'joinUrl', message: 'joinUrl must be a Zoom, Google Meet or Microsoft Teams join link' },
  ]))
  assert.is(p.message, 'joinUrl must be a Zoom, Google Meet or Microsoft Teams join link', 'shown once, not followed by its details')
  assert.equal(p.fields, { joinUrl: 'Must be a Zoom, Google Meet or Microsoft Teams join link' })
  assert.is(p.retryable, false)
  assert.equal(problemOf(refusal(422, 'VALIDATION_ERROR', 'filename is required', [{ path: 'filename', message: 'is required' }])).fields, { filename: 'Is required' })
})

test('Retry only where asking again can help', () => {
  const cases: Array<[NotetakerApiError | Error, boolean]> = [
    [refusal(422, 'VALIDATION_ERROR', 'The file must be audio (.wav) or a transcript (.vtt)'), false],
    [refusal(400, 'BAD_REQUEST', 'The JSON body is larger than 1 MB'), false],
    [refusal(403, 'FORBIDDEN', 'This key is read-only'), false],
    [refusal(404, 'NOT_FOUND', 'Upload not found'), false],
    [refusal(409, 'CONFLICT', "This month's recording allowance is spent"), false],
    [refusal(409, 'CONFLICT', 'A request with this Idempotency-Key is still being processed; retry after it finishes'), true],
    [refusal(409, 'CONFLICT', 'A bot is already live for this account'), true],
    [refusal(429, 'RATE_LIMITED', 'Too many requests; try again in 14 minutes'), true],
    [refusal(500, 'INTERNAL_ERROR', 'The server failed; retrying with backoff is safe'), true],
    [refusal(502, 'UNKNOWN', 'POST /bots answered 502'), true],
    [new NotetakerConnectionError({ message: 'The connection to the server was lost', cause: null, method: 'PUT', path: '/uploads/u/content', attempts: 1 }), true],
    [new Error('Sending the file was stopped.'), false],
  ]
  for (const [e, retryable] of cases) assert.is(problemOf(e).retryable, retryable, e.message)
})

test("a field's words lose its name in front, and begin with a capital", () => {
  assert.is(fieldWords('title', 'title must be 1 to 500 characters'), 'Must be 1 to 500 characters')
  assert.is(fieldWords('title', 'titles are kept'), 'Titles are kept', 'a word that only begins like the field stays')
  assert.is(fieldWords('filename', 'The file must be audio'), 'The file must be audio')
})

test('what a message quotes in backticks becomes code; no backtick is left to show', () => {
  assert.equal(withCode('A server administrator can lift it with `notetaker accounts set-plan --account EMAIL`, or the operator.'), [
    { code: false, text: 'A server administrator can lift it with ' },
    { code: true, text: 'notetaker accounts set-plan --account EMAIL' },
    { code: false, text: ', or the operator.' },
  ])
  assert.equal(withCode('no code here'), [{ code: false, text: 'no code here' }])
})

test.run()
