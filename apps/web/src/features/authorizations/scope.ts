import type { TBranch, TService } from '@academy/contract';

/**
 * An authorization applies to a whole service or to one branch. One picker offers both: each
 * service is a group holding the service itself and its branches. Values are `service:{id}` and
 * `branch:{id}`.
 */
export type ScopeValue = `service:${number}` | `branch:${number}`;

export function scopeValue(serviceId: number | null | undefined, branchId: number | null | undefined) {
  if (branchId) return `branch:${branchId}` as const;
  if (serviceId) return `service:${serviceId}` as const;
  return null;
}

export function parseScope(value: string | null | undefined): {
  serviceId: number | null;
  branchId: number | null;
} {
  const match = /^(service|branch):(\d+)$/.exec(value ?? '');
  if (!match) return { serviceId: null, branchId: null };
  const id = Number(match[2]);
  return match[1] === 'service' ? { serviceId: id, branchId: null } : { serviceId: null, branchId: id };
}

export function scopeGroups(
  services: readonly TService[] | undefined,
  branches: readonly TBranch[] | undefined,
  wholeServiceLabel: (name: string) => string,
) {
  return (services ?? []).map((service) => ({
    group: service.name,
    items: [
      { value: `service:${service.id}`, label: wholeServiceLabel(service.name) },
      ...(branches ?? [])
        .filter((branch) => branch.serviceId === service.id)
        .map((branch) => ({ value: `branch:${branch.id}`, label: branch.name })),
    ],
  }));
}
