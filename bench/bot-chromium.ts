/**
 * What one Chromium meeting bot costs, and how many fit on a machine.
 *
 *   node --import tsx bench/bot-chromium.ts [concurrent=4] [callSeconds=20]
 *
 * Runs one bot alone (the baseline), then N bots at once, each in a stand-in
 * meeting with two remote speakers talking for the whole call (WebRTC audio in,
 * WebAudio mix, MediaRecorder, watchers, captions). For every bot it samples its
 * Chromium process group from /proc once a second during the call: memory as
 * RSS summed over the processes (overcounts shared pages) and PSS from
 * smaps_rollup (shared pages split fairly: the number to add up), and CPU time
 * from /proc/<pid>/stat. Prints per-bot figures, the N-bot/baseline ratios side
 * by side, and an estimate for a 2-core, 24 GiB machine.
 *
 * Caveat printed with the result: stand-in pages are tiny next to the real
 * Meet/Teams/Zoom web apps (megabytes of JavaScript, incoming video), so real
 * meetings cost more; treat the estimate as an upper bound on bots per machine.
 */
import { readFileSync } from 'node:fs'
import { cpus, totalmem } from 'node:os'
import pino from 'pino'
import { createChromiumBotRunner, processesOf, CLOCK_TICKS_PER_SECOND } from '../adapters/bots/chromium/index.js'
import type { BotEvent } from '../src/core/ports/bot-runner.js'
import { startStandins, type Standins } from '../adapters/bots/chromium/standins/server.js'

const concurrent = Number(process.argv[2] ?? 4)
const callSeconds = Number(process.argv[3] ?? 20)
const MACHINE = { cores: 2, memoryBytes: 24 * 1024 ** 3, headroom: 0.8 }

const ALICE = { name: 'Alice Example', voice: 'en-us+f3' }
const BOB = { name: 'Bob Example', voice: 'en-us+m3' }
const SENTENCES = [
  'Let us go through the quarterly numbers one by one.',
  'Revenue is up and costs are roughly where we planned.',
  'What about the hiring plan for the second half?',
  'We keep two open roles and close the third one.',
]

interface BotFigures {
  pssMiB: number
  rssMiB: number
  processes: number
  cpuPercent: number
  audioKiB: number
}

const pssBytes = (pid: number): number => {
  try {
    const m = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))
    return m?.[1] === undefined ? 0 : Number(m[1]) * 1024
  } catch {
    return 0
  }
}

/** Busy and total jiffies of the whole machine, from the first line of /proc/stat. */
const machineTicks = (): { busy: number; total: number } => {
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number)
  const idle = (f[3] ?? 0) + (f[4] ?? 0)
  const total = f.reduce((a, b) => a + b, 0)
  return { busy: total - idle, total }
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length === 0 ? 0 : (s[Math.floor((s.length - 1) / 2)]! + s[Math.ceil((s.length - 1) / 2)]!) / 2
}

/** Runs `count` bots at once in their own stand-in meetings and measures each during its call. */
const phase = async (
  standins: Standins,
  count: number,
  tag: string,
): Promise<{ bots: BotFigures[]; nodeCpuPercent: number; machineBusyPercent: number }> => {
  const lines = Array.from({ length: Math.ceil(callSeconds / 3.5) }, (_, i) => ({
    speaker: i % 2 === 0 ? ALICE.name : BOB.name,
    text: SENTENCES[i % SENTENCES.length]!,
  }))
  const runner = createChromiumBotRunner({
    logger: pino({ level: 'warn' }),
    admissionTimeoutMs: 30_000,
    aloneTimeoutMs: 60_000,
    maxDurationMs: (callSeconds + 30) * 1000,
    maxConcurrentBots: count,
    hostResolverRules: standins.hostResolverRules,
    ignoreCertificateErrors: true,
  })
  const samples = new Map<string, { pss: number[]; rss: number[]; procs: number[]; ticks: Map<number, [number, number]>; from: number; to: number }>()
  const audio = new Map<string, number>()
  const nodeCpuBefore = process.cpuUsage()
  const machineBefore = machineTicks()
  const started = Date.now()
  const sessions = await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const code = `bch-${tag}${'abcdefghijklmnopqrstuvwxyz'[i % 26]}xx-mtg` // a valid Meet code per bot
      const { joinUrl } = await standins.script('google_meet', code, {
        admission: { kind: 'admit', afterMs: 0 },
        participants: [ALICE, BOB],
        lines,
        firstLineAfterMs: 1_000,
        gapMs: 400,
        ending: { kind: 'hostEnds', afterMs: 500 },
      })
      const runId = `bench-${tag}-${i}`
      samples.set(runId, { pss: [], rss: [], procs: [], ticks: new Map(), from: 0, to: 0 })
      return runner.start({ runId, joinUrl, platform: 'google_meet', botName: 'Notetaker' }, async (e: BotEvent) => {
        const s = samples.get(runId)!
        if (e.type === 'admitted') s.from = Date.now()
        if (e.type === 'left' || e.type === 'failed') s.to = Date.now()
        if (e.type === 'audio') audio.set(runId, (audio.get(runId) ?? 0) + e.chunk.length)
        if (e.type === 'failed') console.error(`  ${runId} failed: ${e.reason} ${e.detail}`)
      })
    }),
  )
  const sampler = setInterval(() => {
    for (const bot of runner.stats().bots) {
      const s = samples.get(bot.runId)
      if (s === undefined || bot.phase !== 'in_call' || bot.browserPid === null) continue
      const procs = processesOf(bot.browserPid, null)
      s.procs.push(procs.length)
      s.rss.push(procs.reduce((sum, p) => sum + p.rssBytes, 0))
      s.pss.push(procs.reduce((sum, p) => sum + pssBytes(p.pid), 0))
      // CPU: first and last tick count seen per process (processes may come and go).
      for (const p of procs) s.ticks.set(p.pid, [s.ticks.get(p.pid)?.[0] ?? p.cpuTicks, p.cpuTicks])
    }
  }, 1_000)
  await Promise.all(sessions.map((s) => s.finished))
  clearInterval(sampler)
  const nodeCpu = process.cpuUsage(nodeCpuBefore)
  const machineAfter = machineTicks()
  const wall = (Date.now() - started) / 1000
  await runner.close()
  const bots = [...samples.entries()].map(([runId, s]) => {
    const ticks = [...s.ticks.values()].reduce((sum, [a, b]) => sum + (b - a), 0)
    const seconds = Math.max(1, (s.to - s.from) / 1000)
    return {
      pssMiB: median(s.pss) / 1024 ** 2,
      rssMiB: median(s.rss) / 1024 ** 2,
      processes: median(s.procs),
      // Sampled from the first to the last in-call sample, ~1 s inside the call at each end.
      cpuPercent: ((ticks / CLOCK_TICKS_PER_SECOND) / Math.max(1, seconds - 2)) * 100,
      audioKiB: (audio.get(runId) ?? 0) / 1024,
    }
  })
  return {
    bots,
    nodeCpuPercent: ((nodeCpu.user + nodeCpu.system) / 1e6 / wall) * 100,
    machineBusyPercent: ((machineAfter.busy - machineBefore.busy) / Math.max(1, machineAfter.total - machineBefore.total)) * 100,
  }
}

const avg = (bots: BotFigures[], k: keyof BotFigures): number => bots.reduce((s, b) => s + b[k], 0) / Math.max(1, bots.length)
const fmt = (n: number, d = 1): string => n.toFixed(d)

const main = async (): Promise<void> => {
  console.log(`bot-chromium bench: ${cpus().length} cores, ${fmt(totalmem() / 1024 ** 3)} GiB here; call ${callSeconds} s; 1 bot, then ${concurrent} at once`)
  const standins = await startStandins()
  try {
    const one = await phase(standins, 1, 'b')
    const many = await phase(standins, concurrent, 'c')
    const rows: Array<[string, keyof BotFigures, number]> = [
      ['PSS per bot, MiB', 'pssMiB', 0],
      ['RSS sum per bot, MiB', 'rssMiB', 0],
      ['processes per bot', 'processes', 0],
      ['CPU per bot, % of a core', 'cpuPercent', 1],
      ['audio per bot, KiB', 'audioKiB', 0],
    ]
    console.log(`\n${'figure'.padEnd(28)}${'1 bot'.padStart(10)}${`${concurrent} bots`.padStart(10)}${'ratio'.padStart(8)}`)
    for (const [label, key, d] of rows) {
      const a = avg(one.bots, key)
      const b = avg(many.bots, key)
      console.log(`${label.padEnd(28)}${fmt(a, d).padStart(10)}${fmt(b, d).padStart(10)}${fmt(a === 0 ? 0 : b / a, 2).padStart(8)}`)
    }
    console.log(`${'runner (Node) CPU, % core'.padEnd(28)}${fmt(one.nodeCpuPercent).padStart(10)}${fmt(many.nodeCpuPercent).padStart(10)}`)
    // Whole phase, everything on the box (start-up, the stand-in server, other users' work): a cross-check
    // of the per-bot figures only when the machine is otherwise idle.
    console.log(`${'box busy (all users), %'.padEnd(28)}${fmt(one.machineBusyPercent).padStart(10)}${fmt(many.machineBusyPercent).padStart(10)}`)

    const perBotCpu = Math.max(avg(one.bots, 'cpuPercent'), avg(many.bots, 'cpuPercent')) / 100 + many.nodeCpuPercent / 100 / concurrent
    const perBotMem = Math.max(avg(one.bots, 'pssMiB'), avg(many.bots, 'pssMiB')) * 1024 ** 2
    const byCpu = Math.floor((MACHINE.cores * MACHINE.headroom) / perBotCpu)
    const byMem = Math.floor((MACHINE.memoryBytes * MACHINE.headroom) / perBotMem)
    console.log(`\nestimate for ${MACHINE.cores} cores / 24 GiB, keeping ${Math.round((1 - MACHINE.headroom) * 100)}% headroom:`)
    console.log(`  by CPU    ${byCpu} bots (${fmt(perBotCpu * 100)}% of a core each, runner share included)`)
    console.log(`  by memory ${byMem} bots (${fmt(perBotMem / 1024 ** 2, 0)} MiB PSS each)`)
    console.log(`  => about ${Math.min(byCpu, byMem)} concurrent bots; the limit is ${byCpu <= byMem ? 'CPU' : 'memory'}.`)
    console.log('  These are stand-in meetings: real Meet/Teams/Zoom pages run far more JavaScript and decode incoming video,')
    console.log('  so expect real bots to cost several times more CPU and memory; treat this as an upper bound.')
  } finally {
    await standins.close()
  }
}

await main()
