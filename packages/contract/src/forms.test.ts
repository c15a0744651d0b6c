import { describe, expect, it } from 'vitest';
import { PERMISSION_GROUPS, PERMISSION_LABELS, ZAuthorizationInput } from './authorizations';
import { isOlderThan, zFormBoolean, zWebsiteUrl } from './forms';
import { MESSAGES } from './messages';
import { ZServiceForm } from './org';
import { PERMISSION_KEYS } from './permissions';
import { ZUserCreate, ZUserUpdate } from './users-admin';

const validUser = {
  employeeCode: ' E100 ',
  fullName: ' Hoa Le ',
  email: ' hoa.le@example.com ',
  password: 'Welcome@2026',
};

describe('form rules shared by the web forms and the API', () => {
  it('groups every permission key exactly once, each with a label', () => {
    const grouped = PERMISSION_GROUPS.flatMap((g) => g.keys);
    expect(grouped.slice().sort()).toEqual([...PERMISSION_KEYS].sort());
    for (const key of PERMISSION_KEYS) expect(PERMISSION_LABELS[key]).toMatch(/\w/);
  });

  it('counts someone as over 16 only after their 16th birthday', () => {
    const today = new Date(Date.UTC(2026, 4, 10));
    expect(isOlderThan('2010-05-09', 16, today)).toBe(true);
    expect(isOlderThan('2010-05-10', 16, today)).toBe(false);
    expect(isOlderThan('2012-01-01', 16, today)).toBe(false);
  });

  it('trims user text and refuses a too young user with the SPEC message', () => {
    const ok = ZUserCreate.parse({ ...validUser, workplace: '  ', dateOfBirth: '1990-02-03' });
    expect(ok).toMatchObject({ employeeCode: 'E100', fullName: 'Hoa Le', email: 'hoa.le@example.com' });
    expect(ok.workplace).toBeNull();
    const young = ZUserCreate.safeParse({
      ...validUser,
      dateOfBirth: `${new Date().getFullYear() - 10}-01-01`,
    });
    expect(young.error?.issues[0]?.message).toBe(MESSAGES.tooYoung);
    const badEmail = ZUserCreate.safeParse({ ...validUser, email: 'not-an-email' });
    expect(badEmail.error?.issues[0]?.message).toBe(MESSAGES.emailInvalid);
  });

  it('treats an empty password on update as "keep the current one"', () => {
    const { password, ...withoutPassword } = validUser;
    expect(ZUserUpdate.parse({ ...withoutPassword, password: '' }).password).toBeUndefined();
    expect(ZUserUpdate.safeParse({ ...withoutPassword, password: 'short' }).error?.issues[0]?.message).toBe(
      MESSAGES.weakPassword,
    );
    expect(password).toBeTruthy();
  });

  it('accepts multipart strings for booleans and checks website links', () => {
    expect(zFormBoolean.parse('true')).toBe(true);
    expect(zFormBoolean.parse('false')).toBe(false);
    expect(zWebsiteUrl.parse('')).toBeNull();
    expect(zWebsiteUrl.safeParse('ftp://example.com').error?.issues[0]?.message).toBe(
      MESSAGES.websiteUrlInvalid,
    );
    expect(
      ZServiceForm.parse({ name: 'Brand', websiteUrl: 'https://x.example.com', showOnHome: 'true' }),
    ).toMatchObject({ name: 'Brand', showOnHome: true, removeImage: false });
  });

  it('ties an authorization to exactly one of a service or a branch', () => {
    const both = ZAuthorizationInput.safeParse({ name: 'x', serviceId: 1, branchId: 2 });
    expect(both.error?.issues[0]?.message).toBe(MESSAGES.authorizationScope);
    const none = ZAuthorizationInput.safeParse({ name: 'x', serviceId: '', permissions: [] });
    expect(none.error?.issues[0]?.message).toBe(MESSAGES.authorizationScope);
    const parsed = ZAuthorizationInput.parse({
      name: 'x',
      branchId: '3',
      permissions: ['USER_MANAGEMENT', 'USER_MANAGEMENT'],
    });
    expect(parsed).toMatchObject({ branchId: 3, permissions: ['USER_MANAGEMENT'] });
    expect(parsed.serviceId ?? null).toBeNull();
  });
});
