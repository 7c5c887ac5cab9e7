import { closeSync, fstatSync, openSync } from 'node:fs'
import * as E from 'fp-ts/lib/Either.js'

/**
 * Opens a model file and hands it to `read` (synchronous: a header is a few kB), answering in
 * words why it cannot be read: missing, unreadable, or `read` threw with `explain`'s reason
 * (the file's own `cannot be read` otherwise).
 */
export const readModelFile = <A>(
  path: string,
  read: (fd: number, size: number) => E.Either<string, A>,
  explain: (e: unknown) => string | undefined = () => undefined,
): E.Either<string, A> => {
  let fd: number
  try {
    fd = openSync(path, 'r')
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code
    return E.left(code === 'ENOENT' ? `no model file at ${path}` : `the model file ${path} cannot be read (${code ?? (e as Error).message})`)
  }
  try {
    return read(fd, fstatSync(fd).size)
  } catch (e) {
    return E.left(explain(e) ?? `the model file ${path} cannot be read (${(e as Error).message})`)
  } finally {
    closeSync(fd)
  }
}
