/**
 * Accounts, organizations (membership lives on the account row, so an account
 * is in at most one organization), invites, API keys and idempotency keys.
 * Ids and ISO times are text COLLATE "C": they compare and sort bytewise, as on
 * SQLite, whatever the database's locale.
 */
export const sql = `
CREATE TABLE organizations (
  id text COLLATE "C" PRIMARY KEY,
  name text NOT NULL,
  created_at text COLLATE "C" NOT NULL
);
CREATE TABLE accounts (
  id text COLLATE "C" PRIMARY KEY,
  name text NOT NULL,
  email text NOT NULL UNIQUE,
  plan_key text NOT NULL,
  organization_id text COLLATE "C" REFERENCES organizations(id),
  organization_role text CHECK (organization_role IN ('owner', 'admin', 'member')),
  organization_joined_at text COLLATE "C",
  created_at text COLLATE "C" NOT NULL
);
CREATE INDEX accounts_organization ON accounts (organization_id, organization_joined_at, id);
CREATE TABLE organization_invites (
  id text COLLATE "C" PRIMARY KEY,
  organization_id text COLLATE "C" NOT NULL REFERENCES organizations(id),
  email text NOT NULL,
  role text NOT NULL CHECK (role IN ('owner', 'admin', 'member')),
  public_id text COLLATE "C" NOT NULL UNIQUE,
  hash text NOT NULL,
  invited_by text COLLATE "C" REFERENCES accounts(id),
  created_at text COLLATE "C" NOT NULL,
  expires_at text COLLATE "C" NOT NULL,
  UNIQUE (organization_id, email)
);
CREATE INDEX organization_invites_listing ON organization_invites (organization_id, created_at, id);
CREATE TABLE api_keys (
  id text COLLATE "C" PRIMARY KEY,
  account_id text COLLATE "C" NOT NULL REFERENCES accounts(id),
  name text NOT NULL,
  public_id text COLLATE "C" NOT NULL UNIQUE,
  hash text NOT NULL,
  access text NOT NULL CHECK (access IN ('full', 'readonly')),
  organization_wide boolean NOT NULL,
  expires_at text COLLATE "C",
  revoked_at text COLLATE "C",
  created_at text COLLATE "C" NOT NULL
);
CREATE INDEX api_keys_account ON api_keys (account_id, created_at, id);
CREATE TABLE idempotency_keys (
  account_id text COLLATE "C" NOT NULL,
  key text COLLATE "C" NOT NULL,
  fingerprint text NOT NULL,
  created_at bigint NOT NULL,
  status integer,
  body json,
  PRIMARY KEY (account_id, key)
);
CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);
`
