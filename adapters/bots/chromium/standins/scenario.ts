/**
 * What happens in one stand-in meeting, scripted by a test per meeting id.
 * Times are milliseconds.
 */
export interface StandinParticipant {
  readonly name: string
  /** espeak-ng voice, e.g. 'en-us+f3'. */
  readonly voice: string
}

export interface StandinLine {
  /** Name of one of the participants. */
  readonly speaker: string
  readonly text: string
}

export type Admission =
  | { readonly kind: 'admit'; readonly afterMs: number } // the host lets the bot in after a while (0: no waiting room)
  | { readonly kind: 'deny'; readonly afterMs: number } // the host refuses
  | { readonly kind: 'never' } // nobody answers

/** What happens after the last line was spoken. */
export type Ending =
  | { readonly kind: 'hostEnds'; readonly afterMs: number }
  | { readonly kind: 'everyoneLeaves'; readonly afterMs: number }
  | { readonly kind: 'removeBot'; readonly afterMs: number }
  | { readonly kind: 'vanish'; readonly afterMs: number } // the call screen turns into an unknown page
  | { readonly kind: 'continue' } // the meeting goes on until the bot leaves

export interface Scenario {
  /** 'unrecognised' serves a page with none of the platform's markers (a sign-in wall). */
  readonly page?: 'meeting' | 'unrecognised'
  readonly admission: Admission
  readonly participants: ReadonlyArray<StandinParticipant>
  readonly lines: ReadonlyArray<StandinLine>
  /** From admission to the first line. Default 1500. */
  readonly firstLineAfterMs?: number
  /** Silence between lines. Default 600. */
  readonly gapMs?: number
  readonly ending: Ending
  /** false: the meeting offers no captions (no control to turn them on, as when a host disabled them). Default true. */
  readonly captions?: boolean
}

/** A scripted line with its synthesised audio, as the stand-in page receives it. */
export interface ResolvedLine extends StandinLine {
  readonly audioUrl: string
  readonly durationMs: number
  /** When the line starts, from admission. */
  readonly startMs: number
}

export interface ResolvedScenario extends Omit<Scenario, 'lines'> {
  readonly kind: 'meeting'
  readonly lines: ReadonlyArray<ResolvedLine>
  readonly firstLineAfterMs: number
  readonly gapMs: number
}

/** Something a stand-in page told the server, for tests to assert on. */
export interface StandinReport {
  readonly event: string
  readonly at: number
  readonly data: Readonly<Record<string, unknown>>
}
