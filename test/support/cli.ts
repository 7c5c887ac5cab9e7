import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'

export const ROOT = join(import.meta.dirname, '..', '..')
export const tempDir = (name: string) => mkdtempSync(join(tmpdir(), `notetaker-${name}-`))

/** Runs the CLI from source to completion; `input` is what it reads on standard input (a closed pipe by default). */
export const cli = (args: string[], env: Record<string, string>, input?: string) => {
  const r = spawnSync(process.execPath, [join(ROOT, 'bin', 'notetaker.mjs'), ...args], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    encoding: 'utf8',
    timeout: 60_000,
    ...(input === undefined ? {} : { input }),
  })
  return { code: r.status, stdout: r.stdout, stderr: r.stderr }
}

/** Starts `notetaker serve` (or `args`) and resolves once it serves (or logs `ready`); returns its url and what it printed. */
export const serve = (env: Record<string, string>, args: ReadonlyArray<string> = ['serve'], ready: RegExp = /"url":"(http:\/\/[^"]+)"/) =>
  new Promise<{ url: string; output: string[]; stop: () => Promise<number | null>; kill: () => Promise<void> }>((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, 'bin', 'notetaker.mjs'), ...args], {
      cwd: ROOT,
      env: { ...process.env, PORT: '0', LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const output: string[] = []
    const timer = setTimeout(() => (child.kill('SIGKILL'), reject(new Error(`serve did not start:\n${output.join('\n')}`))), 60_000)
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)))
    /** Stops it with SIGTERM; safe to call again once it has exited. */
    const stop = () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
      return exited
    }
    // Resolves at once for a process that has already exited (waiting for its exit again would never end).
    const kill = () =>
      child.exitCode !== null || child.signalCode !== null
        ? Promise.resolve()
        : new Promise<void>((r) => {
            child.once('exit', () => r())
            child.kill('SIGKILL')
          })
    createInterface({ input: child.stderr! }).on('line', (l) => output.push(l))
    createInterface({ input: child.stdout! }).on('line', (line) => {
      output.push(line)
      const m = ready.exec(line)
      if (m) {
        clearTimeout(timer)
        // The first-run key is printed right after the serving line; give it a moment.
        setTimeout(() => resolve({ url: m[1] ?? '', output, stop, kill }), 200)
      }
    })
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}:\n${output.join('\n')}`)))
  })

/** The first account's key, as the first start prints it (a line of two spaces, then the key). */
export const firstKey = (output: ReadonlyArray<string>): string => output.map((l) => /^\s+(ntk_\S+)$/.exec(l)?.[1]).find((k) => k !== undefined) ?? ''

/** The first account's web app sign-in, as the first start prints it (`Sign in as <email> with password <password>`). */
export const firstSignIn = (output: ReadonlyArray<string>): { email: string; password: string } => {
  const m = output.map((l) => /^\s*Sign in as (\S+) with password (\S+)$/.exec(l)).find((x) => x !== null)
  return { email: m?.[1] ?? '', password: m?.[2] ?? '' }
}

/** The first account's web app password, as the first start prints it. */
export const firstPassword = (output: ReadonlyArray<string>): string => firstSignIn(output).password

/** Reads until `done` says yes, every 200 ms, for at most `seconds` (then fails saying what it last read). */
export const waitFor = async <A>(what: string, read: () => Promise<A>, done: (a: A) => boolean, seconds = 90): Promise<A> => {
  const until = Date.now() + seconds * 1000
  for (;;) {
    const value = await read()
    if (done(value)) return value
    if (Date.now() > until) throw new Error(`${what}: still ${JSON.stringify(value)} after ${seconds} s`)
    await new Promise((r) => setTimeout(r, 200))
  }
}
