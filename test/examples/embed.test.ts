/**
 * examples/embed.ts works: called in this process on memory, and run as the docs
 * say (`node --import tsx examples/embed.ts --sqlite`), where the process must
 * print the notes and exit on its own once Notetaker is closed.
 */
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { main } from '../../examples/embed.js'

const root = join(import.meta.dirname, '..', '..')

/** What the example prints for fixtures/transcripts/planning-meeting.vtt: a summary line, then the action items. */
const assertNotes = (lines: string[]) => {
  assert.match(lines[0] ?? '', /^Launch planning: The group discussed the launch\b/)
  assert.is(lines[1], 'Action items:')
  const items = lines.slice(2)
  assert.ok(items.length >= 3, `action items: ${items.join(' | ')}`)
  for (const item of items) assert.match(item, /^- \S/)
  assert.ok(
    items.some((i) => i.startsWith('- Fix the login crash on Android')),
    items.join('\n'),
  )
}

test('main() on memory prints the summary and the action items', async () => {
  const lines: string[] = []
  await main('memory', (line) => lines.push(line))
  assertNotes(lines)
})

test('node --import tsx examples/embed.ts --sqlite prints them and exits on its own', async () => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'examples/embed.ts', '--sqlite'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (c) => (stdout += c))
  child.stderr.on('data', (c) => (stderr += c))
  // Bounded: a process that something keeps alive after close() is killed, and fails the test.
  const exit = await new Promise<number | null | 'still running'>((resolve) => {
    const limit = setTimeout(() => {
      child.kill('SIGKILL')
      resolve('still running')
    }, 90_000)
    child.on('exit', (code) => {
      clearTimeout(limit)
      resolve(code)
    })
  })
  assert.is(exit, 0, stderr)
  assert.is(stderr, '', 'nothing is logged at the default level when all goes well')
  assertNotes(stdout.trim().split('\n'))
})

test.run()
