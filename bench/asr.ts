/**
 * Speech-to-text benchmark (issue #23): word error rate, real-time factor and peak memory of
 * the PocketSphinx transcriber and of each Whisper model on this machine, on an evaluation set
 * built here.
 *
 *   npm run bench:asr [-- --sets=short,klatt,dialogue,long,real] [--variants=stock,windows-1,windows-2,whisper]
 *                       [--whisper-models=FILE,FILE]
 *
 * Variants: pocketsphinx `stock` (one pass, before the windowing), `windows-1`, `windows-2`
 * (windows, 1 or 2 threads), `windows-60`, `windows-120`, `tuned-1`, `default`; Whisper
 * `whisper-<model>-<threads>` (e.g. `whisper-base.en-2`), and `whisper` for every model found at
 * 1 and 2 threads. Whisper models are the `ggml-*.bin` files in DATA_DIR/models (./data/models
 * when DATA_DIR is unset) plus those given with --whisper-models; a file that fails the model
 * check is reported as unusable, with why, and skipped; with none the bench says so in one line
 * and measures the rest.
 *
 * The set: ten short meeting sentences in espeak-ng voices (en-us, en-gb, en-us+f3, en-us+m3) at
 * 130/160/190 words a minute; five in espeak-ng's Klatt voices; a two-voice dialogue of about a minute; a five-minute clip of
 * sentences joined by pauses (exercises the windowing); and the real human recordings with known
 * transcripts that Debian's `pocketsphinx-testdata` ships (five LibriVox sentences), when installed.
 * WER is pooled per set (total word edits over total reference words); RTF is wall time over audio
 * length; memory is the peak summed RSS of the processes under this one (ffmpeg, pocketsphinx; for
 * Whisper its own node process and ffmpeg) alive at one time, sampled from /proc every 25 ms, and
 * the largest single one's VmHWM (the kernel's exact peak). Whisper runs in-process on libuv
 * threads, so each Whisper variant runs each set in a node process of its own
 * (bench/support/whisper-worker.ts): its VmHWM is then the model's and whisper.cpp's peak plus
 * node's own, which is printed apart (RSS before the model loads), as is the first call
 * (model load + a 1 s clip), which the RTF leaves out. Whisper is asked for English (the set is).
 */
import { existsSync } from 'node:fs'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { createPocketsphinxTranscriber, type PocketsphinxOptions } from '../adapters/speech/transcribe-pocketsphinx/index.js'
import { speakDialogue, speakToWav, wavDurationMs } from '../test/support/speech.js'
import { countErrors, type WerCount, wordErrorRate } from './support/wer.js'
import { describeModel, findWhisperModels, type FoundModel, runWhisperJob } from './support/whisper-bench.js'

interface Clip {
  readonly path: string
  readonly reference: string
  readonly durationMs: number
}

const arg = (name: string, fallback: string): string[] =>
  (process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback).split(',').filter((s) => s !== '')

const MEETING = [
  'Good morning everyone and welcome to the weekly planning meeting.',
  'I would like to start with the budget for the next quarter.',
  'The project is on track but we need two more people for testing.',
  'Can we move the release date by one week to be safe?',
  'Yes that works for me. Let us write that down as an action item.',
  'I will send the notes to everyone after the call.',
  'The customer asked for a demo of the new search feature on Friday.',
  'Sales were up ten percent last month, mostly from small companies.',
  'We still have three open bugs in the payment service.',
  'Who can review the design document before Wednesday?',
  'The server costs went down after we moved the database.',
  'Please add the hiring plan to the agenda for next time.',
  'Marketing wants a short video that explains the product.',
  'I think we should talk to the legal team about the contract.',
  'The new office opens in March and everyone can work from there.',
  'Let us take five minutes for questions before we finish.',
  'The training for the support team starts on Monday morning.',
  'We agreed to keep the price the same for another year.',
  'Can you share your screen so we can look at the numbers?',
  'Thank you all for coming, see you next week.',
]
const VOICES: ReadonlyArray<[string, number]> = [
  ['en-us', 160], ['en-gb', 160], ['en-us+f3', 160], ['en-us+m3', 160], ['en-us', 130],
  ['en-gb', 190], ['en-us+f3', 130], ['en-us+m3', 190], ['en-us', 190], ['en-gb', 130],
]

const buildSets = async (dir: string, wanted: ReadonlyArray<string>): Promise<Map<string, Clip[]>> => {
  const sets = new Map<string, Clip[]>()
  if (wanted.includes('short')) {
    const clips: Clip[] = []
    for (const [i, [voice, wpm]] of VOICES.entries()) {
      const path = join(dir, `short-${i}.wav`)
      await speakToWav(MEETING[i]!, path, { voice, wpm })
      clips.push({ path, reference: MEETING[i]!, durationMs: await wavDurationMs(path) })
    }
    sets.set('short (10 clips, 4 voices, 130-190 wpm)', clips)
  }
  // espeak-ng's Klatt synthesiser: the same sentences in a voice nearer to recorded speech.
  if (wanted.includes('klatt')) {
    const clips: Clip[] = []
    for (const [i, voice] of ['en-us+klatt', 'en-us+klatt2', 'en-us+klatt3', 'en-gb+klatt', 'en-us+klatt4'].entries()) {
      const path = join(dir, `klatt-${i}.wav`)
      await speakToWav(MEETING[i + 10]!, path, { voice, wpm: 160 })
      clips.push({ path, reference: MEETING[i + 10]!, durationMs: await wavDurationMs(path) })
    }
    sets.set('klatt (5 clips, espeak Klatt voices)', clips)
  }
  const dialogue = async (name: string, lines: ReadonlyArray<string>, gapMs: number) => {
    const path = join(dir, `${name}.wav`)
    const turns = await speakDialogue(
      lines.map((text, i) => ({ speaker: i % 2 === 0 ? 'A' : 'B', text, voice: i % 2 === 0 ? 'en-us+f3' : 'en-us+m3' })),
      path,
      { gapMs, wpm: 160 },
    )
    const clip: Clip = { path, reference: turns.map((t) => t.text).join(' '), durationMs: await wavDurationMs(path) }
    return clip
  }
  if (wanted.includes('dialogue')) sets.set('dialogue (2 voices, ~1 min)', [await dialogue('dialogue', MEETING.slice(0, 14), 900)])
  if (wanted.includes('long')) {
    const lines = Array.from({ length: 66 }, (_, i) => MEETING[(i * 7) % MEETING.length]!)
    sets.set('long (2 voices, ~5 min, pauses)', [await dialogue('long', lines, 1600)])
  }
  const realDir = '/usr/share/pocketsphinx/test/data/librivox'
  if (wanted.includes('real')) {
    if (!existsSync(join(realDir, 'transcription'))) sets.set('real: absent (apt-get install pocketsphinx-testdata)', [])
    else {
      const clips: Clip[] = []
      for (const line of (await readFile(join(realDir, 'transcription'), 'utf8')).split('\n')) {
        const m = /^<s> (.*) <\/s> \((.*)\)$/.exec(line.trim())
        if (m === null) continue
        const path = join(realDir, `${m[2]}.wav`)
        if (existsSync(path)) clips.push({ path, reference: m[1]!, durationMs: await wavDurationMs(path) })
      }
      sets.set(`real (LibriVox, ${clips.length} sentences, pocketsphinx-testdata)`, clips)
    }
  }
  return sets
}

/** Peak memory of the processes under this one (children and theirs) while a variant runs, from /proc. */
const watchDescendants = () => {
  let peakSumKb = 0
  let peakOneKb = 0
  const field = (status: string, name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0)
  const sample = async () => {
    const statuses = new Map<number, string>()
    for (const pid of await readdir('/proc').catch(() => [])) {
      if (!/^\d+$/.test(pid)) continue
      const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '')
      if (status !== '') statuses.set(Number(pid), status)
    }
    const ours = new Set([process.pid])
    // Parents before children is not guaranteed (pids wrap), so repeat until nothing is added.
    for (let grew = true; grew; ) {
      grew = false
      for (const [pid, status] of statuses)
        if (!ours.has(pid) && ours.has(field(status, 'PPid'))) (ours.add(pid), (grew = true))
    }
    let sum = 0
    for (const pid of ours) {
      if (pid === process.pid) continue
      const status = statuses.get(pid) ?? ''
      sum += field(status, 'VmRSS')
      peakOneKb = Math.max(peakOneKb, field(status, 'VmHWM'))
    }
    peakSumKb = Math.max(peakSumKb, sum)
  }
  let busy = false
  const timer = setInterval(() => {
    if (busy) return
    busy = true
    void sample().finally(() => (busy = false))
  }, 25)
  return { stop: () => (clearInterval(timer), { peakSumMb: peakSumKb / 1024, peakOneMb: peakOneKb / 1024 }) }
}

const VARIANTS: Record<string, { label: string; options: PocketsphinxOptions }> = {
  // Today's behaviour: the whole file in one pass, pocketsphinx's own defaults.
  stock: { label: 'one pass, stock flags', options: { windowMs: Number.POSITIVE_INFINITY, decoderFlags: [], threads: 1 } },
  'windows-2': { label: 'windows, stock flags, 2 threads', options: { threads: 2, decoderFlags: [] } },
  'tuned-1': { label: 'windows, -remove_noise no, 1 thread', options: { threads: 1, decoderFlags: ['-remove_noise', 'no'] } },
  'windows-1': { label: 'windows, stock flags, 1 thread', options: { threads: 1, decoderFlags: [] } },
  'windows-120': { label: 'windows of up to 120 s, 2 threads', options: { threads: 2, windowMs: 120_000, decoderFlags: [] } },
  'windows-60': { label: 'windows of up to 60 s, 2 threads', options: { threads: 2, windowMs: 60_000, decoderFlags: [] } },
  default: { label: 'adapter defaults', options: {} },
}

type Variant =
  | { readonly kind: 'pocketsphinx'; readonly label: string; readonly options: PocketsphinxOptions }
  | { readonly kind: 'whisper'; readonly label: string; readonly model: FoundModel; readonly threads: number }

/** The variants asked for, in order; `whisper` is every usable model found at 1 and 2 threads. */
const chooseVariants = (keys: ReadonlyArray<string>, models: ReadonlyArray<FoundModel>): Variant[] => {
  const whisper = (model: FoundModel, threads: number): Variant => ({
    kind: 'whisper',
    label: `whisper ${model.name}, ${threads} thread${threads === 1 ? '' : 's'}${model.testModel === undefined ? '' : ' (TEST MODEL)'}`,
    model,
    threads,
  })
  return keys.flatMap((key): Variant[] => {
    const pocketsphinx = VARIANTS[key]
    if (pocketsphinx !== undefined) return [{ kind: 'pocketsphinx', ...pocketsphinx }]
    if (key === 'whisper') return models.filter((m) => m.problem === undefined).flatMap((m) => [whisper(m, 1), whisper(m, 2)])
    const m = /^whisper-(.+)-([1-9]\d*)$/.exec(key)
    const model = m === null ? undefined : models.find((x) => x.name === m[1])
    if (m !== null && model !== undefined) return model.problem === undefined ? [whisper(model, Number(m[2]))] : [] // said above
    throw new Error(
      `unknown variant ${key}: one of ${Object.keys(VARIANTS).join(', ')}, whisper, ` +
        (models.length === 0 ? 'whisper-<model>-<threads> (no Whisper model found)' : models.map((x) => `whisper-${x.name}-<threads>`).join(', ')),
    )
  })
}

interface Measured {
  readonly counts: WerCount[]
  readonly wallMs: number
  readonly audioMs: number
  /** Why the variant did not run on this set, when it did not. */
  readonly failed?: string
  /** Whisper only: what the process cost before its model, and its first call. */
  readonly note?: string
}

const runPocketsphinx = async (options: PocketsphinxOptions, label: string, clips: ReadonlyArray<Clip>): Promise<Measured> => {
  const transcriber = createPocketsphinxTranscriber(options)
  const counts: WerCount[] = []
  let wallMs = 0
  let audioMs = 0
  for (const clip of clips) {
    const t0 = performance.now()
    const result = await transcriber.transcribe({ path: clip.path, defaultSpeaker: 'Room' })()
    wallMs += performance.now() - t0
    audioMs += clip.durationMs
    if (result._tag === 'Left') throw new Error(`${label} on ${clip.path}: ${result.left.message}`)
    counts.push(countErrors(clip.reference, result.right.utterances.map((u) => u.text).join(' ')))
  }
  return { counts, wallMs, audioMs }
}

const runWhisper = async (model: FoundModel, threads: number, clips: ReadonlyArray<Clip>, warmupPath: string, dir: string): Promise<Measured> => {
  const result = await runWhisperJob({ modelPath: model.path, threads, language: 'en', warmupPath, clips: clips.map((c) => c.path) }, dir)
  if ('unusable' in result) return { counts: [], wallMs: 0, audioMs: 0, failed: result.unusable }
  const counts: WerCount[] = []
  let wallMs = 0
  let audioMs = 0
  for (const [i, clip] of clips.entries()) {
    const outcome = result.clips[i]!
    if ('error' in outcome) return { counts: [], wallMs: 0, audioMs: 0, failed: `on ${clip.path}: ${outcome.error}` }
    counts.push(countErrors(clip.reference, outcome.text))
    wallMs += outcome.wallMs
    audioMs += clip.durationMs
  }
  const note = `RSS before the model ${result.baselineRssMb.toFixed(0)} MB, peak ${result.maxRssMb.toFixed(0)} MB; first call (load + 1 s clip) ${(result.firstCallMs / 1000).toFixed(2)} s`
  return { counts, wallMs, audioMs, note }
}

const main = async () => {
  if (process.argv.includes('--help')) {
    const source = await readFile(import.meta.filename, 'utf8')
    console.log(/\/\*\*\n([\s\S]*?)\*\//.exec(source)![1]!.replace(/^ \* ?/gm, ''))
    return
  }
  const dataDir = process.env.DATA_DIR ?? './data'
  const found = findWhisperModels(dataDir, arg('whisper-models', ''))
  const usable = found.models.filter((m) => m.problem === undefined)
  for (const m of found.models) console.log(describeModel(m))
  if (usable.length === 0)
    console.log(
      `Whisper: ${found.models.length === 0 ? 'no model' : 'no usable model'} on this machine (looked in ${found.dir}); ` +
        'get one with `notetaker models pull base.en` or pass --whisper-models=FILE',
    )
  let variants: Variant[]
  try {
    variants = chooseVariants(arg('variants', 'stock,windows-1,windows-2,whisper'), found.models)
  } catch (e) {
    console.error(`bench:asr: ${(e as Error).message}`)
    process.exitCode = 2
    return
  }

  const dir = await mkdtemp(join(tmpdir(), 'bench-asr-'))
  try {
    const sets = await buildSets(dir, arg('sets', 'short,klatt,dialogue,long,real'))
    const warmupPath = join(dir, 'warmup.wav')
    if (variants.some((v) => v.kind === 'whisper')) await speakToWav('Good morning.', warmupPath)
    const rows: string[][] = [['variant', 'set', 'clips', 'audio s', 'WER', 'RTF', 'peak RSS children MB', 'largest child MB']]
    const notes: string[] = []
    for (const variant of variants) {
      for (const [name, clips] of sets) {
        if (clips.length === 0) {
          rows.push([variant.label, name, '0', '-', '-', '-', '-', '-'])
          continue
        }
        const watch = watchDescendants()
        const measured =
          variant.kind === 'pocketsphinx'
            ? await runPocketsphinx(variant.options, variant.label, clips)
            : await runWhisper(variant.model, variant.threads, clips, warmupPath, dir)
        const memory = watch.stop()
        if (measured.failed !== undefined) {
          rows.push([variant.label, name, String(clips.length), '-', 'unusable', '-', '-', '-'])
          notes.push(`${variant.label} / ${name}: unusable, ${measured.failed}`)
        } else {
          rows.push([
            variant.label, name, String(clips.length), (measured.audioMs / 1000).toFixed(1), wordErrorRate(measured.counts).toFixed(3),
            (measured.wallMs / measured.audioMs).toFixed(3), memory.peakSumMb.toFixed(0), memory.peakOneMb.toFixed(0),
          ])
          if (measured.note !== undefined) notes.push(`${variant.label} / ${name}: ${measured.note}`)
        }
        console.error(`done: ${variant.label} / ${name}`)
      }
    }
    const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)))
    for (const r of rows) console.log(r.map((cell, c) => (c < 2 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  '))
    for (const note of notes) console.log(note)
    for (const m of usable.filter((x) => x.testModel !== undefined)) console.log(`${m.name} is ${m.testModel}.`)
    console.log(`parent process peak RSS: ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

await main()
