/**
 * A start that fails says so in one or two lines: what went wrong, and which
 * setting to change or what to do. Known failures are recognised by their
 * error codes (the network, the file system, Postgres' SQLSTATE); anything
 * else is shown as its message alone (its stack only at LOG_LEVEL=debug).
 */

interface Failure {
  readonly code?: string
  readonly syscall?: string
  readonly path?: string
  readonly message: string
  readonly cause?: unknown
  readonly errors?: ReadonlyArray<unknown>
}

/** Where the Postgres and Redis settings point, for the hints. */
export interface StartupSettings {
  readonly PORT: number
  readonly HOST: string
  readonly DATA_DIR: string
  readonly NOTETAKER_STORE: string
}

const failureOf = (e: unknown): Failure => (typeof e === 'object' && e !== null ? (e as Failure) : { message: String(e) })

/** The codes of an error and of the errors it wraps (pg puts the network error in `cause`; a refused dual-stack connect is an AggregateError). */
const codesOf = (e: unknown, depth = 0): string[] => {
  if (depth > 4 || typeof e !== 'object' || e === null) return []
  const f = failureOf(e)
  return [
    ...(typeof f.code === 'string' ? [f.code] : []),
    ...codesOf(f.cause, depth + 1),
    ...(Array.isArray(f.errors) ? f.errors.flatMap((x) => codesOf(x, depth + 1)) : []),
  ]
}

const NETWORK: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'nothing answers there (connection refused)',
  ENOTFOUND: 'its host name could not be found',
  EAI_AGAIN: 'its host name could not be looked up',
  ETIMEDOUT: 'it did not answer in time',
  EHOSTUNREACH: 'its host cannot be reached',
}

/** The two lines for a known start-up failure, or null. */
export const explainStartupFailure = (e: unknown, settings: StartupSettings): { readonly problem: string; readonly hint: string } | null => {
  const f = failureOf(e)
  const codes = codesOf(e)
  const has = (code: string) => codes.includes(code)
  if (f.syscall === 'listen' || has('EADDRINUSE')) {
    const where = `port ${settings.PORT} on ${settings.HOST}`
    if (has('EADDRINUSE')) return { problem: `${where} is already in use`, hint: 'Stop what uses it, or set PORT to another port (PORT=0 picks a free one).' }
    if (has('EACCES')) return { problem: `this user may not listen on ${where}`, hint: 'Set PORT to 1024 or above, or give the process the right to bind low ports.' }
    if (has('EADDRNOTAVAIL')) return { problem: `HOST=${settings.HOST} is not an address of this machine`, hint: 'Set HOST to one of its addresses: 127.0.0.1, or 0.0.0.0 for all of them.' }
  }
  if (/Postgres database/.test(f.message)) {
    const problem = f.message.replace(/^Error: /, '')
    if (has('28P01') || has('28000')) return { problem, hint: 'Fix the user name or password in DATABASE_URL.' }
    if (has('3D000')) return { problem, hint: 'Create that database (createdb NAME), or name an existing one in DATABASE_URL.' }
    const network = codes.map((c) => NETWORK[c]).find((w) => w !== undefined)
    // The adapter says "could not reach the Postgres database at HOST:PORT/NAME: <the driver's words>".
    const where = /^could not \w+ the Postgres database at [^ ]+?(?=: )/.exec(problem)?.[0] ?? problem
    if (network !== undefined) return { problem: `${where}: ${network}`, hint: 'Start PostgreSQL there, or set DATABASE_URL to the database to use.' }
    return { problem, hint: 'Check DATABASE_URL and the database it names.' }
  }
  const fileInTheWay = has('ENOTDIR') || (has('EEXIST') && f.syscall === 'mkdir')
  if ((has('EACCES') || has('EPERM') || fileInTheWay || has('EROFS') || has('ENOSPC')) && typeof f.path === 'string') {
    const reason = fileInTheWay ? 'a file stands where a folder should be' : has('EROFS') ? 'the file system is read-only' : has('ENOSPC') ? 'the disk is full' : 'permission denied'
    return { problem: `cannot write ${f.path} (${reason})`, hint: `Make DATA_DIR (now ${settings.DATA_DIR}) a folder this user can write, or set DATA_DIR to one.` }
  }
  if (has('SQLITE_CANTOPEN') || has('SQLITE_NOTADB') || has('SQLITE_CORRUPT')) {
    return { problem: `the SQLite database in DATA_DIR (${settings.DATA_DIR}) cannot be opened: ${f.message}`, hint: 'Point DATA_DIR at the folder that holds notetaker.db, or restore the file from a backup.' }
  }
  return null
}
