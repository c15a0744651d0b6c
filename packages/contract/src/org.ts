import { z } from 'zod';
import { ZPageQuery, zRequiredText } from './common';
import { zFormBoolean, zId, zWebsiteUrl } from './forms';
import { LIMITS } from './limits';

/** A service is one of the operator's trademarks (brands). */
export const ZService = z.object({
  id: z.number().int(),
  name: z.string(),
  image: z.string().nullable(),
  websiteUrl: z.string().nullable(),
  showOnHome: z.boolean(),
});
export type TService = z.infer<typeof ZService>;

/** A branch of a service. `logo` is a URL under /files. */
export const ZBranch = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string().nullable(),
  serviceId: z.number().int(),
  serviceName: z.string(),
});
export type TBranch = z.infer<typeof ZBranch>;

/** GET trademarks/{id}: the service with its branches. */
export const ZServiceDetail = ZService.extend({ branches: z.array(ZBranch) });
export type TServiceDetail = z.infer<typeof ZServiceDetail>;

/**
 * POST trademarks, PUT trademarks/{id}: multipart form fields (the file goes in `image`).
 * `removeImage` clears the current image on update when no new one is sent.
 */
export const ZServiceForm = z.object({
  name: zRequiredText(LIMITS.shortText),
  websiteUrl: zWebsiteUrl,
  showOnHome: zFormBoolean.default(false),
  removeImage: zFormBoolean.default(false),
});
export type TServiceForm = z.input<typeof ZServiceForm>;

/**
 * POST trademarks/{id}/branches, PUT branches/{id}: multipart form fields (file in `logo`).
 * A branch stays with the service it was created in.
 */
export const ZBranchForm = z.object({
  name: zRequiredText(LIMITS.shortText),
  removeLogo: zFormBoolean.default(false),
});
export type TBranchForm = z.input<typeof ZBranchForm>;

/** GET branches?serviceId= (every branch, for pickers and filters). */
export const ZBranchListQuery = z.object({ serviceId: z.coerce.number().int().positive().optional() });

/** A department of a branch. */
export const ZDepartment = z.object({
  id: z.number().int(),
  name: z.string(),
  branchId: z.number().int(),
  branchName: z.string(),
  serviceId: z.number().int(),
  serviceName: z.string(),
  userCount: z.number().int(),
});
export type TDepartment = z.infer<typeof ZDepartment>;

/** POST departments, PUT departments/{id}. */
export const ZDepartmentInput = z.object({
  name: zRequiredText(LIMITS.shortText),
  branchId: zId,
});
export type TDepartmentInput = z.input<typeof ZDepartmentInput>;

/** GET departments: paged, searchable by name, filtered by branch or service. */
export const ZDepartmentListQuery = ZPageQuery.extend({
  branchId: z.coerce.number().int().positive().optional(),
  serviceId: z.coerce.number().int().positive().optional(),
  /** true: only the departments the caller manages (their branch or service; admins: all). */
  managed: z.enum(['true', 'false']).optional(),
});
export type TDepartmentListQuery = z.infer<typeof ZDepartmentListQuery>;
