import { ZApiError, ZDepartment, ZDepartmentInput, ZDepartmentListQuery, ZIdParam } from '@academy/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { setTotal } from '../../platform/http/pagination';
import type { OrgRouteOptions } from './route-options';
import {
  createDepartment,
  deleteDepartment,
  getDepartment,
  listDepartments,
  updateDepartment,
} from './service';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };

/** Departments: anyone signed in may read them (forms and filters need them); writes need the key. */
export const departmentRoutes: FastifyPluginAsyncZod<OrgRouteOptions> = async (app, ctx) => {
  app.get(
    '/departments',
    {
      config: { access: { signedIn: true } },
      schema: {
        tags: ['org'],
        summary: 'Departments, one page at a time (q, branchId, serviceId, sort=id|name|branchName)',
        querystring: ZDepartmentListQuery,
        response: { 200: z.array(ZDepartment), ...errors },
      },
    },
    async (request, reply) => {
      const { rows, total } = await listDepartments(
        ctx.db,
        ctx.placedUsers,
        request.query,
        request.principal?.scope,
      );
      setTotal(reply, total);
      return rows;
    },
  );

  app.get(
    '/departments/:id',
    {
      config: { access: { signedIn: true } },
      schema: {
        tags: ['org'],
        summary: 'One department',
        params: ZIdParam,
        response: { 200: ZDepartment, ...errors },
      },
    },
    async (request) => getDepartment(ctx.db, ctx.placedUsers, request.params.id),
  );

  app.post(
    '/departments',
    {
      config: { access: { permission: 'DEPARTMENT_MANAGEMENT', denied: 'add departments' } },
      schema: {
        tags: ['org'],
        summary: 'Add a department to a branch',
        body: ZDepartmentInput,
        response: { 201: ZDepartment, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createDepartment(ctx.db, ctx.placedUsers, request.body, request.principal!.scope)),
  );

  app.put(
    '/departments/:id',
    {
      config: { access: { permission: 'DEPARTMENT_MANAGEMENT', denied: 'edit departments' } },
      schema: {
        tags: ['org'],
        summary: 'Edit a department',
        params: ZIdParam,
        body: ZDepartmentInput,
        response: { 200: ZDepartment, ...errors },
      },
    },
    async (request) =>
      updateDepartment(ctx.db, ctx.placedUsers, request.params.id, request.body, request.principal!.scope),
  );

  app.delete(
    '/departments/:id',
    {
      config: { access: { permission: 'DEPARTMENT_MANAGEMENT', denied: 'delete departments' } },
      schema: {
        tags: ['org'],
        summary: 'Delete a department; refused while users are placed in it',
        params: ZIdParam,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteDepartment(ctx.db, request.params.id, request.principal!.scope);
      return reply.status(204).send(null);
    },
  );
};
