import { describe, expect, it } from 'vitest';
import { academyRole, claimRoles, readClaim, stringClaim } from './claims';

const mapping = { adminRoles: ['ROLE_ADMIN'], studentRoles: [] };

describe('reading a roles claim', () => {
  it('takes an array of role names', () => {
    expect(claimRoles({ roles: ['ROLE_ADMIN', 'ROLE_STUDENT'] }, 'roles')).toEqual([
      'ROLE_ADMIN',
      'ROLE_STUDENT',
    ]);
  });

  it('takes a single role name given as a string', () => {
    expect(claimRoles({ roles: 'ROLE_ADMIN' }, 'roles')).toEqual(['ROLE_ADMIN']);
  });

  it('splits a space-separated string', () => {
    expect(claimRoles({ roles: 'ROLE_ADMIN ROLE_STUDENT' }, 'roles')).toEqual(['ROLE_ADMIN', 'ROLE_STUDENT']);
  });

  it('splits a comma-separated string, with or without spaces', () => {
    expect(claimRoles({ roles: 'ROLE_STUDENT,ROLE_ADMIN' }, 'roles')).toEqual(['ROLE_STUDENT', 'ROLE_ADMIN']);
    expect(claimRoles({ roles: ' ROLE_STUDENT , ROLE_ADMIN ' }, 'roles')).toEqual([
      'ROLE_STUDENT',
      'ROLE_ADMIN',
    ]);
  });

  it('follows a nested path such as realm_access.roles', () => {
    expect(claimRoles({ realm_access: { roles: ['ROLE_ADMIN'] } }, 'realm_access.roles')).toEqual([
      'ROLE_ADMIN',
    ]);
  });

  it('follows resource_access.<client>.roles, a client id with dots and dashes included', () => {
    const payload = {
      resource_access: { 'academy-web': { roles: ['teacher'] }, 'app.v2': { roles: 'x y' } },
    };
    expect(claimRoles(payload, 'resource_access.academy-web.roles')).toEqual(['teacher']);
    expect(claimRoles(payload, 'resource_access["app.v2"].roles')).toEqual(['x', 'y']);
  });

  it('reads a claim whose own name contains a dot before trying it as a path', () => {
    expect(
      claimRoles({ 'https://academy.example/roles': ['ROLE_ADMIN'] }, 'https://academy.example/roles'),
    ).toEqual(['ROLE_ADMIN']);
  });

  it('gives no roles for a missing claim, an empty string, or values that are not text', () => {
    expect(claimRoles({}, 'roles')).toEqual([]);
    expect(claimRoles({ roles: '' }, 'roles')).toEqual([]);
    expect(claimRoles({ roles: [1, null, { a: 1 }, 'ROLE_ADMIN'] }, 'roles')).toEqual(['ROLE_ADMIN']);
    expect(claimRoles({ roles: 42 }, 'roles')).toEqual([]);
  });
});

describe('mapping provider roles to academy roles', () => {
  it('makes an admin of anyone holding a role mapped to ROLE_ADMIN, whatever else they hold', () => {
    expect(academyRole(['ROLE_STUDENT', 'ROLE_ADMIN'], mapping)).toBe('ROLE_ADMIN');
    expect(academyRole(['academy-admins'], { adminRoles: ['academy-admins'], studentRoles: [] })).toBe(
      'ROLE_ADMIN',
    );
  });

  it('makes everyone else a student when no student roles are configured', () => {
    expect(academyRole([], mapping)).toBe('ROLE_STUDENT');
    expect(academyRole(['something-else'], mapping)).toBe('ROLE_STUDENT');
  });

  it('refuses (null) someone holding none of the configured roles when student roles are configured', () => {
    const strict = { adminRoles: ['academy-admins'], studentRoles: ['academy-learners'] };
    expect(academyRole(['academy-learners'], strict)).toBe('ROLE_STUDENT');
    expect(academyRole(['other'], strict)).toBeNull();
  });

  it('compares role names exactly (a provider role "role_admin" is not ROLE_ADMIN)', () => {
    expect(academyRole(['role_admin'], mapping)).toBe('ROLE_STUDENT');
  });
});

describe('reading other claims', () => {
  it('reads a string claim by path and ignores empty or non-string values', () => {
    expect(stringClaim({ employee: { code: ' E-42 ' } }, 'employee.code')).toBe('E-42');
    expect(stringClaim({ code: '' }, 'code')).toBeUndefined();
    expect(stringClaim({ code: 42 }, 'code')).toBe('42');
    expect(stringClaim({ code: ['a'] }, 'code')).toBeUndefined();
  });

  it('does not walk into prototypes', () => {
    expect(readClaim({}, 'constructor.name')).toBeUndefined();
    expect(readClaim({}, '__proto__')).toBeUndefined();
  });
});
