import type { TBranch, TService } from '@academy/contract';

/** A place in the organisation as Select values (ids as strings, null when not chosen). */
export interface OrgPlace {
  serviceId: string | null;
  branchId: string | null;
  departmentId: string | null;
}

export type OrgLevel = keyof OrgPlace;

/**
 * What else changes when one level is picked: a department belongs to its branch, a branch to its
 * service. With `fillService`, picking a branch also picks its service (forms); filters leave it.
 */
export function cascadeChange(
  level: OrgLevel,
  value: string | null,
  current: OrgPlace,
  branches: readonly TBranch[],
  fillService = false,
): Partial<OrgPlace> {
  if (level === 'departmentId') return { departmentId: value };
  if (level === 'branchId') {
    const branch = branches.find((b) => String(b.id) === value);
    return fillService && branch
      ? { branchId: value, departmentId: null, serviceId: String(branch.serviceId) }
      : { branchId: value, departmentId: null };
  }
  const branch = branches.find((b) => String(b.id) === current.branchId);
  const branchStays = branch !== undefined && String(branch.serviceId) === value;
  return branchStays ? { serviceId: value } : { serviceId: value, branchId: null, departmentId: null };
}

/** The branches to offer under the chosen service (all when none is chosen). */
export function branchesOf(branches: readonly TBranch[], serviceId: string | null): TBranch[] {
  return branches.filter((branch) => !serviceId || String(branch.serviceId) === serviceId);
}

export interface SelectGroup {
  group: string;
  items: { value: string; label: string }[];
}

/** Branches as Select data grouped under their service's name. */
export function branchGroups(branches: readonly TBranch[] | undefined): SelectGroup[] {
  const groups = new Map<string, SelectGroup>();
  for (const branch of branches ?? []) {
    const group = groups.get(branch.serviceName) ?? { group: branch.serviceName, items: [] };
    group.items.push({ value: String(branch.id), label: branch.name });
    groups.set(branch.serviceName, group);
  }
  return [...groups.values()];
}

/** Services as Select data. */
export function serviceOptions(services: readonly TService[] | undefined) {
  return (services ?? []).map((service) => ({ value: String(service.id), label: service.name }));
}
