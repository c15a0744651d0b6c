import { describe, expect, it } from 'vitest';
import { loadConfig, runsJobs } from './config';

describe('ACADEMY_ROLE', () => {
  it('is `all` by default: one process serves HTTP and runs the job workers', () => {
    const config = loadConfig({});
    expect(config.role).toBe('all');
    expect(runsJobs(config.role)).toBe(true);
  });

  it('runs job workers in `worker` processes and not in `api` ones', () => {
    expect(runsJobs(loadConfig({ ACADEMY_ROLE: 'worker' }).role)).toBe(true);
    expect(runsJobs(loadConfig({ ACADEMY_ROLE: 'api' }).role)).toBe(false);
  });

  it('refuses an unknown role and the JOBS_WORKER setting it replaced', () => {
    expect(() => loadConfig({ ACADEMY_ROLE: 'web' })).toThrow(/ACADEMY_ROLE/);
    expect(() => loadConfig({ JOBS_WORKER: 'false' })).toThrow(/JOBS_WORKER was replaced by ACADEMY_ROLE/);
  });
});

describe('external sign-in provider settings', () => {
  const external = { OIDC_ISSUER: 'https://sso.example.com/realms/academy', OIDC_CLIENT_ID: 'academy-web' };

  it('has safe defaults: tokens issued to our client, no users created, linked by employee code', () => {
    const { oidc } = loadConfig(external);
    expect(oidc.mode).toBe('external');
    expect(oidc.audience).toBeUndefined();
    expect(oidc.rolesClaim).toBe('realm_access.roles');
    expect(oidc.external).toEqual({
      claimsSource: 'access_token',
      adminRoles: ['ROLE_ADMIN'],
      studentRoles: [],
      employeeCodeClaim: 'preferred_username',
      emailClaim: 'email',
      nameClaim: 'name',
      linkBy: 'employee_code',
      createUsers: false,
      placeClaims: {},
    });
  });

  it('reads role lists separated by commas or spaces, the claims source, linking and creation', () => {
    const { oidc } = loadConfig({
      ...external,
      OIDC_ADMIN_ROLES: 'academy-admins, Academy Owners',
      OIDC_STUDENT_ROLES: 'learners',
      OIDC_CLAIMS_SOURCE: 'userinfo',
      OIDC_LINK_BY: 'email',
      OIDC_CREATE_USERS: 'true',
      OIDC_AUDIENCE: 'api://academy',
    });
    expect(oidc.external).toMatchObject({
      adminRoles: ['academy-admins', 'Academy', 'Owners'],
      studentRoles: ['learners'],
      claimsSource: 'userinfo',
      linkBy: 'email',
      createUsers: true,
    });
    expect(oidc.audience).toBe('api://academy');
  });

  it('refuses an unknown claims source or linking rule, and an issuer without a client id', () => {
    expect(() => loadConfig({ ...external, OIDC_CLAIMS_SOURCE: 'id_token' })).toThrow(/OIDC_CLAIMS_SOURCE/);
    expect(() => loadConfig({ ...external, OIDC_LINK_BY: 'username' })).toThrow(/OIDC_LINK_BY/);
    expect(() => loadConfig({ OIDC_ISSUER: external.OIDC_ISSUER })).toThrow(/OIDC_CLIENT_ID is required/);
  });

  it('keeps the embedded provider (and its audience) when no issuer is set', () => {
    const { oidc } = loadConfig({ PUBLIC_URL: 'http://localhost:3000' });
    expect(oidc).toMatchObject({
      mode: 'embedded',
      issuer: 'http://localhost:3000/idp',
      audience: 'academy-api',
    });
  });
});
