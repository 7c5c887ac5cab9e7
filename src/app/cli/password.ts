/**
 * Where `notetaker accounts set-password` gets the password: the first line of
 * standard input when that is a pipe or a file (so it never shows in the
 * process list or the shell history), or null (generate one) when standard
 * input is a terminal or sends nothing.
 */
export const passwordFromStdin = async (stdin: NodeJS.ReadStream = process.stdin): Promise<string | null> => {
  if (stdin.isTTY === true) return null
  const chunks: Buffer[] = []
  for await (const chunk of stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer))
  const first = Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? ''
  return first === '' ? null : first
}
