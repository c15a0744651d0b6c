import type { AppContext } from '../../platform/context';
import type { PlacedUsers } from './placed-users';

/** What app.ts gives the org routes: the context, and the users placed in org rows. */
export type OrgRouteOptions = AppContext & { placedUsers: PlacedUsers };
