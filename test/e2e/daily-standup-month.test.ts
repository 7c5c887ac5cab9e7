/**
 * Issue 32's first complaint: the owner's own server stopped recording after
 * 25 recordings, and a daily standup uses more. On a fresh `notetaker serve`
 * the first account records a month of daily standups and the schedule still
 * promises the next month's, with nothing refused for an allowance.
 */
import { readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { firstKey, ROOT, serve, tempDir } from '../support/cli.js'

const DAYS = 31
const DAY_MS = 86_400_000

test('a fresh server records a daily standup for a month on the first account, and the next month is still promised', async () => {
  const dir = tempDir('standup-month')
  const server = await serve({ DATA_DIR: dir, NOTETAKER_STORE: 'sqlite' })
  try {
    const key = firstKey(server.output)
    const api = (method: string, path: string, body?: unknown) =>
      fetch(`${server.url}/ext/v1${path}`, {
        method,
        headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
      })
    const transcript = readFileSync(join(ROOT, 'fixtures', 'transcripts', 'planning-meeting.vtt'))

    // A month of standups, each recorded (an upload of its transcript counts like a bot's recording).
    for (let day = 0; day < DAYS; day++) {
      const created = await api('POST', '/uploads', { filename: `standup-${day + 1}.vtt`, title: `Daily standup ${day + 1}`, byteSize: transcript.byteLength })
      assert.is(created.status, 201, `standup ${day + 1} was refused: ${await created.clone().text()}`)
      const id = (await created.json()).data.id as string
      const sent = await fetch(`${server.url}/ext/v1/uploads/${id}/content`, { method: 'PUT', headers: { authorization: `Bearer ${key}` }, body: transcript })
      assert.ok(sent.ok, `standup ${day + 1}'s file was refused: ${sent.status}`)
    }
    const allowance = (await (await api('GET', '/me/allowance')).json()).data
    assert.is(allowance.used, DAYS, 'every standup counts as a recording of this month')
    assert.is(allowance.left, null, 'and the self-hosted plan has no limit')

    // And the coming month's standups will be recorded: the schedule gives no allowance reason.
    const firstStart = Date.now() + 3_600_000
    for (let day = 0; day < DAYS; day++) {
      const meeting = await api('POST', '/meetings', {
        title: 'Daily standup',
        link: 'https://meet.google.com/abc-defg-hij',
        startsAt: new Date(firstStart + day * DAY_MS).toISOString(),
      })
      assert.is(meeting.status, 201, await meeting.clone().text())
    }
    const from = new Date(firstStart - 60_000).toISOString()
    const to = new Date(firstStart + DAYS * DAY_MS).toISOString()
    const schedule = await api('GET', `/meetings/schedule?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}&limit=100`)
    assert.is(schedule.status, 200, await schedule.clone().text())
    const rows = (await schedule.json()).data.rows as ReadonlyArray<{ willRecord: boolean; skipReason: string | null }>
    assert.is(rows.length, DAYS)
    assert.equal(
      rows.filter((r) => !r.willRecord).map((r) => r.skipReason),
      [],
      'no standup of the coming month is skipped',
    )
  } finally {
    await server.stop()
    rmSync(dir, { recursive: true, force: true })
  }
})

test.run()
