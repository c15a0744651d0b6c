// Builds the web app and the server once when they are stale, before the workers start their servers.
// @ts-expect-error: a plain ES module of the repository's scripts, without type declarations
import { buildStale } from '../scripts/build-stale.mjs';

export default function globalSetup(): void {
  (buildStale as () => void)();
}
