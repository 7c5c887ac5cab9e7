/**
 * The delivery log keeps what was sent (the JSON body, cut when long) and the first characters of the
 * answer; a delivery may be a test (`trigger_kind` 'test', POST /webhooks/{id}/test). SQLite migration 33.
 */
export const sql = `
ALTER TABLE webhook_deliveries DROP CONSTRAINT webhook_deliveries_trigger_kind_check;
ALTER TABLE webhook_deliveries ADD CONSTRAINT webhook_deliveries_trigger_kind_check CHECK (trigger_kind IN ('event', 'resend', 'test'));
ALTER TABLE webhook_deliveries ADD COLUMN payload text, ADD COLUMN response text;
`
