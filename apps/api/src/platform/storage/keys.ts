// Apart from storage.ts so that the stores it loads (local.ts, s3.ts) check keys without
// importing it back.
const KEY_PATTERN = /^(?:[a-z0-9][a-z0-9_-]*\/){0,4}[a-z0-9][a-z0-9_-]*\.[a-z0-9]{1,8}$/;

/** Keys are lower-case path segments ending in one `name.ext`: no dots elsewhere, no `..`. */
export function isValidFileKey(key: string): boolean {
  return key.length <= 200 && KEY_PATTERN.test(key);
}
