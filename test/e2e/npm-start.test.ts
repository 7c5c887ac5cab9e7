/** `npm start` runs the server as npm's own child, so a SIGTERM to npm stops it gracefully instead of leaving it behind. */
import { spawn } from 'node:child_process'
import { rmSync } from 'node:fs'
import { createInterface } from 'node:readline'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { ROOT, tempDir } from '../support/cli.js'

test('SIGTERM to npm start: the server finishes and stops, and its port closes', async () => {
  const dir = tempDir('npm-start')
  const npm = spawn('npm', ['start', '--silent'], { cwd: ROOT, env: { ...process.env, DATA_DIR: dir, PORT: '0', LOG_LEVEL: 'info' }, stdio: ['ignore', 'pipe', 'pipe'] })
  const lines: string[] = []
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`npm start did not serve:\n${lines.join('\n')}`)), 90_000)
      createInterface({ input: npm.stdout! }).on('line', (line) => {
        lines.push(line)
        const m = /"url":"(http:[^"]+)"/.exec(line)
        if (m !== null) {
          clearTimeout(timer)
          resolve(m[1]!)
        }
      })
      npm.stderr!.resume()
    })
    assert.is((await fetch(`${url}/ext/v1/openapi.json`)).status, 200)
    const exited = new Promise<number | null>((resolve) => npm.once('exit', resolve))
    npm.kill('SIGTERM')
    await exited
    await new Promise((r) => setTimeout(r, 500))
    assert.ok(lines.some((l) => l.includes('"msg":"Notetaker stopped"')), `the server stopped gracefully:\n${lines.join('\n')}`)
    const after = await fetch(`${url}/ext/v1/openapi.json`).then(() => 'answered', () => 'closed')
    assert.is(after, 'closed', 'no server left behind')
  } finally {
    npm.kill('SIGKILL')
    rmSync(dir, { recursive: true, force: true })
  }
})

test.run()
