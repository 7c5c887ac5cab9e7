import { execFile } from 'node:child_process'
import { promisify } from 'node:util'

const run = promisify(execFile)

/** Writes `seconds` of a 440 Hz tone in whatever container `outPath`'s extension names. */
export const makeTone = async (outPath: string, seconds: number, extraArgs: ReadonlyArray<string> = []): Promise<void> => {
  await run('ffmpeg', ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`, '-ac', '1', '-ar', '16000', ...extraArgs, outPath], {
    timeout: 30_000,
  })
}
