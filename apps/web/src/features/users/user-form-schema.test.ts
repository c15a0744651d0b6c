import { MESSAGES } from '@academy/contract';
import { describe, expect, it } from 'vitest';
import { ZUserCreateForm, ZUserUpdateForm } from './user-form-schema';

const employee = {
  employeeCode: 'E9001',
  fullName: 'Lan Vu',
  email: 'lan.vu@example.com',
  password: 'Welcome@2026',
  serviceId: 1,
  branchId: 2,
  departmentId: 3,
  authorizationId: 4,
  role: 'ROLE_STUDENT',
};

function messages(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );
}

describe('the user form', () => {
  it('takes an employee with a place and an authorization', () => {
    expect(ZUserCreateForm.safeParse(employee).success).toBe(true);
    expect(ZUserUpdateForm.safeParse({ ...employee, password: '' }).success).toBe(true);
  });

  it('requires service, branch, department and authorization, each on its field', () => {
    const blank = { ...employee, serviceId: null, branchId: null, departmentId: null, authorizationId: null };
    expect(messages(ZUserCreateForm.safeParse(blank))).toEqual({
      serviceId: MESSAGES.required,
      branchId: MESSAGES.required,
      departmentId: MESSAGES.required,
      authorizationId: MESSAGES.required,
    });
  });

  it('shows the missing authorization together with the other fields’ messages', () => {
    const result = ZUserUpdateForm.safeParse({ ...employee, email: 'nope', authorizationId: '' });
    expect(Object.keys(messages(result)).sort()).toEqual(['authorizationId', 'email']);
  });

  it('needs no authorization for an administrator', () => {
    expect(
      ZUserUpdateForm.safeParse({ ...employee, role: 'ROLE_ADMIN', authorizationId: null }).success,
    ).toBe(true);
    expect(
      messages(ZUserUpdateForm.safeParse({ ...employee, role: 'ROLE_ADMIN', departmentId: null })),
    ).toEqual({
      departmentId: MESSAGES.required,
    });
  });
});
