/** Why a piece of audio could not be read, decoded or measured, in words a user understands. */
export interface AudioFailure {
  readonly _tag: 'AudioFailure'
  readonly message: string
}

export const audioFailure = (message: string): AudioFailure => ({ _tag: 'AudioFailure', message })
