// Types of glewlwyd.mjs for the TypeScript tests that start the provider.
export const GLEWLWYD_BIN: string;
export const GLEWLWYD_CLIENT_ID: string;
export const GLEWLWYD_SCOPES: string[];
export type GlewlwydUser = {
  username: string;
  password: string;
  name: string;
  email: string;
  employee_code: string;
  preferred_username: string;
  roles: string;
  service?: string;
  branch?: string;
  department?: string;
};
export const GLEWLWYD_USERS: GlewlwydUser[];
export function glewlwydInstalled(): boolean;
export function freePort(): Promise<number>;
export function configureGlewlwyd(options: { dir: string; port: number; appUrls: string[] }): {
  base: string;
  issuer: string;
  confFile: string;
  database: string;
};
export function updateGlewlwydUser(
  base: string,
  username: string,
  changes: Record<string, unknown>,
): Promise<void>;
export type RunningGlewlwyd = {
  base: string;
  issuer: string;
  clientId: string;
  pid: number | undefined;
  stop: () => Promise<void>;
};
export function startGlewlwyd(options: {
  dir: string;
  port?: number;
  appUrls: string[];
}): Promise<RunningGlewlwyd>;
