/**
 * The link a shared recording's recipient opens: for an email with no account it
 * first sets a name and password. Only a hash of its token is kept.
 */
export interface ShareInvitation {
  readonly id: string
  /** Lowercased: the account it makes, or the one that signs in, has this email. */
  readonly email: string
  readonly runId: string
  /** The sharing account. */
  readonly invitedBy: string
  /** Whether the link may make an account (the sharer may invite people onto the server). */
  readonly mayCreateAccount: boolean
  /** The non-secret part of the token, used to find the invitation. */
  readonly publicId: string
  readonly hash: string
  readonly createdAt: string
  readonly expiresAt: string
}

/** A share's link works this long (longer than an invite: the recording stays shared after it). */
export const SHARE_LINK_LIFETIME_DAYS = 30
