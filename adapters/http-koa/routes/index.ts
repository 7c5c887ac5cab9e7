import type { Core } from '../../../src/index.js'
import type { AnyRoute } from '../route.js'
import { identityRoutes } from './identity.js'
import { webhookRoutes } from './webhooks.js'
import { organizationRoutes } from './organization.js'
import { recordingRoutes } from './recordings.js'
import { recordingEditRoutes } from './recording-edits.js'
import { recordingExportRoutes } from './recording-export.js'
import { shareRoutes } from './shares.js'
import { uploadRoutes } from './uploads.js'
import { meetingRoutes } from './meetings.js'
import { calendarRoutes } from './calendar.js'
import { botRoutes } from './bots.js'
import { recordingDeletionRoutes } from './recording-deletion.js'
import { sessionRoutes } from './session.js'
import { keyRoutes } from './keys.js'

/** Every area's routes; the description route is added by the app. */
export const allRoutes = (core: Core): AnyRoute[] => [...identityRoutes(core), ...organizationRoutes(core), ...recordingRoutes(core), ...recordingEditRoutes(core), ...recordingExportRoutes(core), ...recordingDeletionRoutes(core), ...shareRoutes(core), ...botRoutes(core), ...uploadRoutes(core), ...webhookRoutes(core), ...meetingRoutes(core), ...calendarRoutes(core), ...sessionRoutes(core), ...keyRoutes(core)]
