import { MESSAGES } from '@academy/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { badRequest, type FieldError } from '../../platform/http/errors';
import { branches, departments, services } from './tables';

/** Where a user (or role) sits in the organisation. */
export type Placement = { serviceId: number | null; branchId: number | null; departmentId: number | null };

/**
 * Checks that the given service, branch and department exist and belong together (the
 * department to the branch, the branch to the service), filling in a missing parent from
 * its child. Throws 400 with a field error for each problem.
 */
export async function resolvePlacement(db: Db, input: Partial<Placement>): Promise<Placement> {
  let serviceId = input.serviceId ?? null;
  let branchId = input.branchId ?? null;
  const departmentId = input.departmentId ?? null;
  const problems: FieldError[] = [];

  if (departmentId !== null) {
    const [department] = await db
      .select({ branchId: departments.branchId })
      .from(departments)
      .where(eq(departments.id, departmentId));
    if (!department) problems.push({ field: 'departmentId', message: MESSAGES.departmentNotFound });
    else if (branchId === null) branchId = department.branchId;
    else if (department.branchId !== branchId) {
      problems.push({ field: 'departmentId', message: MESSAGES.departmentNotInBranch });
    }
  }
  if (branchId !== null) {
    const [branch] = await db
      .select({ serviceId: branches.serviceId })
      .from(branches)
      .where(eq(branches.id, branchId));
    if (!branch) problems.push({ field: 'branchId', message: MESSAGES.branchNotFound });
    else if (serviceId === null) serviceId = branch.serviceId;
    else if (branch.serviceId !== serviceId) {
      problems.push({ field: 'branchId', message: MESSAGES.branchNotInService });
    }
  } else if (serviceId !== null) {
    const [service] = await db.select({ id: services.id }).from(services).where(eq(services.id, serviceId));
    if (!service) problems.push({ field: 'serviceId', message: MESSAGES.serviceNotFound });
  }
  if (problems.length) throw badRequest(problems[0]?.message ?? MESSAGES.invalidRequest, problems);
  return { serviceId, branchId, departmentId };
}
