/**
 * What deciding a file's channel layout costs (issue #29): `npx tsx bench/channel-layout.ts [--minutes=1,10] [--runs=3]`.
 *
 * For a mono AAC .m4a (the voice memo) and a stereo AAC .m4a with a different signal per channel,
 * of each length, it times (median of the runs, wall clock):
 * - `streamChannels`: ffprobe reading the stream's channel count (every file pays this);
 * - `channelLayout`: the whole decision (ffprobe, then for two channels one decoding pass measured four ways);
 * - before #29, for comparison: two ffmpeg `volumedetect` passes (difference, then mix) over a
 *   file the header called stereo, which every ffmpeg mono AAC file was.
 * The files are generated here with ffmpeg (sine tones), not speech: the cost is the decoding.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { runProcess, streamChannels } from '../adapters/speech/audio/index.js'
import { channelLayout } from '../adapters/speech/transcribe-channels/index.js'

const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback
const minutes = arg('minutes', '1,10').split(',').map(Number)
const runs = Number(arg('runs', '3'))

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

const timed = async (f: () => Promise<unknown>): Promise<number> => {
  const samples: number[] = []
  for (let i = 0; i < runs; i++) {
    const t = performance.now()
    await f()
    samples.push(performance.now() - t)
  }
  return median(samples)
}

const ok = async <A>(task: () => Promise<{ _tag: 'Left'; left: unknown } | { _tag: 'Right'; right: A }>): Promise<A> => {
  const r = await task()
  if (r._tag === 'Left') throw new Error(JSON.stringify(r.left))
  return r.right
}

/** The check as it was: two volumedetect passes. */
const twoPasses = async (path: string) => {
  for (const pan of ['c0-c1', '0.5*c0+0.5*c1'])
    await ok(runProcess('ffmpeg', ['-nostdin', '-hide_banner', '-nostats', '-i', path, '-map', '0:a:0', '-af', `pan=mono|c0=${pan},volumedetect`, '-f', 'null', '-'], { timeoutMs: 600_000 }))
}

const dir = mkdtempSync(join(tmpdir(), 'notetaker-bench-channels-'))
try {
  console.log(`channel layout, median of ${runs} runs (ms)`)
  console.log('file                       | ffprobe | decision (layout)    | before: 2 passes')
  for (const m of minutes) {
    const seconds = m * 60
    const mono = join(dir, `mono-${m}.m4a`)
    const stereo = join(dir, `stereo-${m}.m4a`)
    const make = (...args: string[]) => execFileSync('ffmpeg', ['-nostdin', '-loglevel', 'error', '-y', ...args])
    make('-f', 'lavfi', '-i', `sine=frequency=300:duration=${seconds}`, '-ac', '1', '-ar', '16000', '-c:a', 'aac', mono)
    make('-f', 'lavfi', '-i', `sine=frequency=300:duration=${seconds}`, '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`, '-filter_complex', '[0:a][1:a]amerge=inputs=2', '-ar', '16000', '-c:a', 'aac', stereo)
    for (const [name, path] of [[`mono AAC .m4a, ${m} min`, mono], [`stereo AAC .m4a, ${m} min`, stereo]] as const) {
      const probe = await timed(() => ok(streamChannels(path)))
      const layout = await ok(channelLayout(path))
      const decision = await timed(() => ok(channelLayout(path)))
      const before = await timed(() => twoPasses(path))
      console.log(`${name.padEnd(26)} | ${probe.toFixed(0).padStart(7)} | ${decision.toFixed(0).padStart(7)} (${layout.padEnd(8)})   | ${before.toFixed(0).padStart(7)}`)
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true })
}
