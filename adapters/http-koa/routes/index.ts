import type { Core } from '../../../src/index.js'
import type { AnyRoute } from '../route.js'
import { identityRoutes } from './identity.js'

/** Every area's routes; the description route is added by the app. */
export const allRoutes = (core: Core): AnyRoute[] => [...identityRoutes(core)]
