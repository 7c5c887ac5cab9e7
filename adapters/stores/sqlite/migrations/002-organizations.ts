/**
 * Members and invites. Membership stays on the account row (organization_id
 * was there already), so an account is in at most one organization by
 * construction; the role and the joining time join it. Accounts already in an
 * organization founded it, so they become its owners.
 */
export const sql = `
ALTER TABLE accounts ADD COLUMN organization_role TEXT CHECK (organization_role IN ('owner', 'admin', 'member'));
ALTER TABLE accounts ADD COLUMN organization_joined_at TEXT;
UPDATE accounts SET organization_role = 'owner', organization_joined_at = created_at WHERE organization_id IS NOT NULL;
CREATE INDEX accounts_organization ON accounts (organization_id, organization_joined_at, id);
CREATE TABLE organization_invites (
  id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id),
  email TEXT NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('owner', 'admin', 'member')),
  public_id TEXT NOT NULL UNIQUE,
  hash TEXT NOT NULL,
  invited_by TEXT REFERENCES accounts(id),
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  UNIQUE (organization_id, email)
);
CREATE INDEX organization_invites_listing ON organization_invites (organization_id, created_at, id);
`
