/** How the speakers of a transcript were told apart. */
export type SpeakerSeparation =
  /** The uploaded transcript named them. */
  | 'transcript'
  /** The meeting's captions or active-speaker events (bot recordings). */
  | 'captions'
  /** One speaker per channel of a stereo call recording. */
  | 'channels'
  /** By the sound of their voices (a speaker-embedding model). */
  | 'voices'
  /** Not told apart: everything is one speaker. */
  | 'none'

export const SPEAKER_SEPARATIONS: ReadonlyArray<SpeakerSeparation> = ['transcript', 'captions', 'channels', 'voices', 'none']
