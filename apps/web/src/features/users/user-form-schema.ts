import { MESSAGES, ZUserCreate, ZUserUpdate, zId } from '@academy/contract';

/**
 * The user form asks for a place and an authorization (SPEC §5: service, authorization and
 * department are required). The branch comes with the department (a department is in a branch).
 * Administrators get every key from their role, so they need no authorization (decision 72).
 */
const placement = { serviceId: zId, branchId: zId, departmentId: zId };

/** Whether the form's values lack the authorization an employee needs. */
export function lacksAuthorization(values: { role?: string | null; authorizationId?: unknown }): boolean {
  const none =
    values.authorizationId === null || values.authorizationId === undefined || values.authorizationId === '';
  return none && values.role !== 'ROLE_ADMIN';
}

const hasAuthorizationIfNeeded = (values: { role?: string | null; authorizationId?: unknown }) =>
  !lacksAuthorization(values);
const authorizationRequired = {
  message: MESSAGES.required,
  path: ['authorizationId'],
  // Checked alongside the other fields' rules, so that every missing field shows at once.
  when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null,
};

export const ZUserCreateForm = ZUserCreate.extend(placement).refine(
  hasAuthorizationIfNeeded,
  authorizationRequired,
);
export const ZUserUpdateForm = ZUserUpdate.extend(placement).refine(
  hasAuthorizationIfNeeded,
  authorizationRequired,
);
