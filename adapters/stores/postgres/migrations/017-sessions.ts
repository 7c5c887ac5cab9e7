/** Passwords (one scrypt hash per account) and the web app's sessions (only a hash of each token); both go with their account. */
export const sql = `
CREATE TABLE account_passwords (
  account_id text COLLATE "C" PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
  hash text NOT NULL,
  updated_at text COLLATE "C" NOT NULL
);
CREATE TABLE sessions (
  id text COLLATE "C" PRIMARY KEY,
  token_hash text COLLATE "C" NOT NULL UNIQUE,
  account_id text COLLATE "C" NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  key_id text COLLATE "C" REFERENCES api_keys(id) ON DELETE CASCADE,
  csrf_token text NOT NULL,
  created_at text COLLATE "C" NOT NULL,
  expires_at text COLLATE "C" NOT NULL
);
CREATE INDEX sessions_account ON sessions (account_id);
CREATE INDEX sessions_expiry ON sessions (expires_at);
`
