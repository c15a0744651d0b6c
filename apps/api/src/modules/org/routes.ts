import {
  LIMITS,
  ZApiError,
  ZBranch,
  ZBranchForm,
  ZBranchListQuery,
  ZIdParam,
  ZService,
  ZServiceDetail,
  ZServiceForm,
} from '@academy/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FileRule } from '../../platform/uploads/checks';
import { readForm } from '../../platform/uploads/multipart';
import { departmentRoutes } from './department-routes';
import type { OrgRouteOptions } from './route-options';
import {
  createBranch,
  createService,
  deleteBranch,
  deleteService,
  getService,
  listBranches,
  listServices,
  updateBranch,
  updateService,
} from './service';

const image: FileRule = { kind: 'image', maxBytes: LIMITS.imageBytes, fit: 1200 };
const serviceForm = { fields: ZServiceForm, files: { image } };
const branchForm = { fields: ZBranchForm, files: { logo: image } };

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };
const uploadErrors = { ...errors, 413: ZApiError, 415: ZApiError, 422: ZApiError };
const formTypes = ['multipart/form-data', 'application/json'];

/** Services (trademarks) and their branches — BRANCH_MANAGEMENT; departments — DEPARTMENT_MANAGEMENT. */
export const orgRoutes: FastifyPluginAsyncZod<OrgRouteOptions> = async (app, ctx) => {
  app.get(
    '/trademarks',
    {
      config: { access: { public: true } },
      schema: {
        tags: ['org'],
        summary: 'Services (trademarks), sorted by id',
        response: { 200: z.array(ZService) },
      },
    },
    async (_request, reply) => {
      const rows = await listServices(ctx.db);
      reply.header('x-total-count', String(rows.length));
      return rows;
    },
  );

  app.get(
    '/trademarks/:id',
    {
      config: { access: { signedIn: true } },
      schema: {
        tags: ['org'],
        summary: 'One service with its branches',
        params: ZIdParam,
        response: { 200: ZServiceDetail, ...errors },
      },
    },
    async (request) => getService(ctx.db, request.params.id),
  );

  app.post(
    '/trademarks',
    {
      config: { access: { permission: 'BRANCH_MANAGEMENT', denied: 'add services' } },
      schema: {
        tags: ['org'],
        summary: 'Add a service: name, image, websiteUrl, showOnHome (multipart)',
        consumes: formTypes,
        response: { 201: ZService, ...uploadErrors },
      },
    },
    async (request, reply) => {
      const form = await readForm(request, serviceForm);
      const service = await createService(ctx.db, ctx.storage, form.fields, form.files);
      return reply.status(201).send(service);
    },
  );

  app.put(
    '/trademarks/:id',
    {
      config: { access: { permission: 'BRANCH_MANAGEMENT', denied: 'edit services' } },
      schema: {
        tags: ['org'],
        summary: 'Edit a service (multipart; a new image replaces the old one, removeImage clears it)',
        consumes: formTypes,
        params: ZIdParam,
        response: { 200: ZService, ...uploadErrors },
      },
    },
    async (request) => {
      const form = await readForm(request, serviceForm);
      return updateService(ctx.db, ctx.storage, request.log, request.params.id, form.fields, form.files);
    },
  );

  app.delete(
    '/trademarks/:id',
    {
      config: { access: { permission: 'BRANCH_MANAGEMENT', denied: 'delete services' } },
      schema: {
        tags: ['org'],
        summary: 'Delete a service; refused while branches, users or authorizations use it',
        params: ZIdParam,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteService(ctx.db, ctx.storage, request.log, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/branches',
    {
      config: { access: { signedIn: true } },
      schema: {
        tags: ['org'],
        summary: 'Every branch, or the branches of one service',
        querystring: ZBranchListQuery,
        response: { 200: z.array(ZBranch), ...errors },
      },
    },
    async (request, reply) => {
      const rows = await listBranches(ctx.db, request.query);
      reply.header('x-total-count', String(rows.length));
      return rows;
    },
  );

  app.get(
    '/trademarks/:id/branches',
    {
      config: { access: { signedIn: true } },
      schema: {
        tags: ['org'],
        summary: 'The branches of one service',
        params: ZIdParam,
        response: { 200: z.array(ZBranch), ...errors },
      },
    },
    async (request, reply) => {
      const rows = await listBranches(ctx.db, { serviceId: request.params.id });
      reply.header('x-total-count', String(rows.length));
      return rows;
    },
  );

  app.post(
    '/trademarks/:id/branches',
    {
      config: { access: { permission: 'BRANCH_MANAGEMENT', denied: 'add branches' } },
      schema: {
        tags: ['org'],
        summary: 'Add a branch to a service: name, logo (multipart)',
        consumes: formTypes,
        params: ZIdParam,
        response: { 201: ZBranch, ...uploadErrors },
      },
    },
    async (request, reply) => {
      const form = await readForm(request, branchForm);
      const branch = await createBranch(ctx.db, ctx.storage, request.params.id, form.fields, form.files);
      return reply.status(201).send(branch);
    },
  );

  app.put(
    '/branches/:id',
    {
      config: { access: { permission: 'BRANCH_MANAGEMENT', denied: 'edit branches' } },
      schema: {
        tags: ['org'],
        summary: 'Edit a branch (multipart; removeLogo clears the logo)',
        consumes: formTypes,
        params: ZIdParam,
        response: { 200: ZBranch, ...uploadErrors },
      },
    },
    async (request) => {
      const form = await readForm(request, branchForm);
      return updateBranch(ctx.db, ctx.storage, request.log, request.params.id, form.fields, form.files);
    },
  );

  app.delete(
    '/branches/:id',
    {
      config: { access: { permission: 'BRANCH_MANAGEMENT', denied: 'delete branches' } },
      schema: {
        tags: ['org'],
        summary: 'Delete a branch; refused while departments, users or authorizations use it',
        params: ZIdParam,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteBranch(ctx.db, ctx.storage, request.log, request.params.id);
      return reply.status(204).send(null);
    },
  );

  await app.register(departmentRoutes, ctx);
};
