import { PassThrough } from 'node:stream';
import {
  LIMITS,
  MESSAGES,
  RECRUITMENT_LIMITS,
  RECRUITMENT_MESSAGES,
  ZApiError,
  ZApplication,
  ZApplicationForm,
  ZApplicationListQuery,
  ZApplicationReceipt,
  ZIdParam,
  ZRecruitmentBranch,
  ZRecruitmentListQuery,
  ZRecruitmentPost,
  ZRecruitmentPostDetail,
  ZRecruitmentPostForm,
  ZRecruitmentPostRow,
  ZRecruitmentPostSummary,
} from '@academy/contract';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { ApiError, unauthorized } from '../../platform/http/errors';
import { setTotal } from '../../platform/http/pagination';
import { languageOfRequest } from '../../platform/mail';
import { contentDisposition } from '../../platform/storage/serve';
import type { FileRule } from '../../platform/uploads/checks';
import { readForm } from '../../platform/uploads/multipart';
import {
  apply,
  deleteApplication,
  getApplication,
  listApplications,
  openApplicationFile,
  openPostForApplying,
  openStoredFile,
  type PrivateFile,
  reviewApplication,
} from './applications';
import { exportTarget, writeApplicationsWorkbook, XLSX_TYPE } from './export';
import {
  createPost,
  deletePost,
  getPost,
  getPublicPost,
  listPosts,
  listPublicPosts,
  postApplicationForm,
  recruitmentBranches,
  updatePost,
} from './posts';
import { assertWordDocument } from './word';

/** Per client address, per process (like the password recovery limits). */
export const APPLY_RATE_LIMIT = { max: 10, timeWindow: '1 hour' } as const;

const banner: FileRule = { kind: 'image', maxBytes: LIMITS.imageBytes, fit: 1600 };
const wordForm: FileRule = {
  kind: 'document',
  maxBytes: RECRUITMENT_LIMITS.applicationFormBytes,
  tooLargeMessage: RECRUITMENT_MESSAGES.applicationFormTooLarge,
};
const cv: FileRule = {
  kind: 'pdf',
  maxBytes: RECRUITMENT_LIMITS.cvBytes,
  tooLargeMessage: RECRUITMENT_MESSAGES.cvTooLarge,
  required: true,
};
const postForm = { fields: ZRecruitmentPostForm, files: { banner, applicationForm: wordForm } };
const applicationForm = { fields: ZApplicationForm, files: { cv, applicationForm: wordForm } };

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };
const uploadErrors = { ...errors, 413: ZApiError, 415: ZApiError, 422: ZApiError };
const formTypes = ['multipart/form-data', 'application/json'];
const tags = ['recruitment'];
const manage = (denied: string) => ({ permission: 'RECRUITMENT_MANAGEMENT' as const, denied });

/** The clock the deadline rules read (tests move it with fake timers). */
const now = () => new Date();

function sendFile(reply: FastifyReply, file: PrivateFile, disposition: 'inline' | 'attachment') {
  return reply
    .header('content-type', file.contentType)
    .header('content-length', String(file.info.size))
    .header('content-disposition', contentDisposition(disposition, file.name))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(file.stream);
}

/**
 * Recruitment: public posts and applications (SPEC §2 /recruitment…), and post and CV
 * management (RECRUITMENT_MANAGEMENT).
 */
export const recruitmentRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: () => new ApiError(429, MESSAGES.tooManyRequests),
  });

  // ---- Public -------------------------------------------------------------------------------

  app.get(
    '/recruitment',
    {
      config: { access: { public: true } },
      schema: {
        tags,
        summary: 'Public list of posts: open ones unless status=closed|all; q, branchId, paged',
        querystring: ZRecruitmentListQuery,
        response: { 200: z.array(ZRecruitmentPostSummary), ...errors },
      },
    },
    async (request, reply) => {
      const { rows, total } = await listPublicPosts(ctx.db, request.query, now());
      setTotal(reply, total);
      return rows;
    },
  );

  app.get(
    '/recruitment/branches',
    {
      config: { access: { public: true } },
      schema: {
        tags,
        summary: 'Branches that have posts, with their open post counts (public branch filter)',
        response: { 200: z.array(ZRecruitmentBranch) },
      },
    },
    async () => recruitmentBranches(ctx.db, now()),
  );

  app.get(
    '/recruitment/:id',
    {
      config: { access: { public: true } },
      schema: {
        tags,
        summary: 'A post as visitors see it (closed ones too, marked CLOSED)',
        params: ZIdParam,
        response: { 200: ZRecruitmentPostDetail, ...errors },
      },
    },
    async (request) => getPublicPost(ctx.db, request.params.id, now()),
  );

  app.get(
    '/recruitment/:id/application-form',
    {
      config: { access: { public: true } },
      schema: { tags, summary: "Download the post's blank application form", params: ZIdParam },
    },
    async (request, reply) => {
      const form = await postApplicationForm(ctx.db, request.params.id);
      const file = await openStoredFile(ctx.storage, form.key, form.name);
      return sendFile(reply, file, 'attachment');
    },
  );

  app.post(
    '/recruitment/:id/apply',
    {
      config: { access: { public: true }, rateLimit: APPLY_RATE_LIMIT },
      schema: {
        tags,
        summary:
          'Apply (multipart): fullName, email, phone, message, cv (PDF), applicationForm (doc/docx, optional)',
        consumes: ['multipart/form-data'],
        params: ZIdParam,
        response: { 201: ZApplicationReceipt, ...uploadErrors, 429: ZApiError },
      },
    },
    async (request, reply) => {
      // Unknown or closed posts are refused before the files are read.
      await openPostForApplying(ctx.db, request.params.id, now());
      const form = await readForm(request, applicationForm);
      const { cv: cvFile, applicationForm: filled } = form.files;
      if (!cvFile) throw new ApiError(400, MESSAGES.fileRequired);
      if (filled) await assertWordDocument(filled);
      const receipt = await apply(
        ctx.db,
        ctx.storage,
        ctx.mailer,
        request.log,
        request.params.id,
        form.fields,
        { cv: cvFile, ...(filled ? { applicationForm: filled } : {}) },
        now(),
        languageOfRequest(request.headers['accept-language']),
      );
      return reply.status(201).send(receipt);
    },
  );

  // ---- Posts (RECRUITMENT_MANAGEMENT) -------------------------------------------------------

  app.get(
    '/recruitment-posts',
    {
      config: { access: manage('view recruitment posts') },
      schema: {
        tags,
        summary: 'Management list: every post unless status=open|closed; q, branchId, paged, with counts',
        querystring: ZRecruitmentListQuery,
        response: { 200: z.array(ZRecruitmentPostRow), ...errors },
      },
    },
    async (request, reply) => {
      const { rows, total } = await listPosts(ctx.db, request.query, now());
      setTotal(reply, total);
      return rows;
    },
  );

  app.get(
    '/recruitment-posts/:id',
    {
      config: { access: manage('view recruitment posts') },
      schema: {
        tags,
        summary: 'One post with its application counts',
        params: ZIdParam,
        response: { 200: ZRecruitmentPost, ...errors },
      },
    },
    async (request) => getPost(ctx.db, request.params.id, now()),
  );

  app.post(
    '/recruitment-posts',
    {
      config: { access: manage('add recruitment posts') },
      schema: {
        tags,
        summary:
          'Add a post (multipart: ZRecruitmentPostForm fields, banner image, applicationForm doc/docx)',
        consumes: formTypes,
        response: { 201: ZRecruitmentPost, ...uploadErrors },
      },
    },
    async (request, reply) => {
      const form = await readForm(request, postForm);
      if (form.files.applicationForm) await assertWordDocument(form.files.applicationForm);
      const post = await createPost(ctx.db, ctx.storage, request.log, form.fields, form.files, now());
      return reply.status(201).send(post);
    },
  );

  app.put(
    '/recruitment-posts/:id',
    {
      config: { access: manage('edit recruitment posts') },
      schema: {
        tags,
        summary: 'Edit a post (multipart; removeBanner / removeApplicationForm clear the files)',
        consumes: formTypes,
        params: ZIdParam,
        response: { 200: ZRecruitmentPost, ...uploadErrors },
      },
    },
    async (request) => {
      const form = await readForm(request, postForm);
      if (form.files.applicationForm) await assertWordDocument(form.files.applicationForm);
      return updatePost(ctx.db, ctx.storage, request.log, request.params.id, form.fields, form.files, now());
    },
  );

  app.delete(
    '/recruitment-posts/:id',
    {
      config: { access: manage('delete recruitment posts') },
      schema: {
        tags,
        summary: 'Delete a post with its applications and their files',
        params: ZIdParam,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deletePost(ctx.db, ctx.storage, request.log, request.params.id);
      return reply.status(204).send(null);
    },
  );

  // ---- Applications (RECRUITMENT_MANAGEMENT) ------------------------------------------------

  app.get(
    '/recruitment-posts/:id/applications',
    {
      config: { access: manage('view CVs') },
      schema: {
        tags,
        summary: "A post's applications, newest first: q (name, email, phone), status, paged",
        params: ZIdParam,
        querystring: ZApplicationListQuery,
        response: { 200: z.array(ZApplication), ...errors },
      },
    },
    async (request, reply) => {
      const { rows, total } = await listApplications(ctx.db, request.params.id, request.query);
      setTotal(reply, total);
      return rows;
    },
  );

  app.get(
    '/recruitment-posts/:id/applications/export',
    {
      config: { access: manage('export CVs') },
      schema: {
        tags,
        summary: "Excel file of a post's applications (same filters as the list)",
        params: ZIdParam,
        querystring: ZApplicationListQuery,
        produces: [XLSX_TYPE],
        response: { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError },
      },
    },
    async (request, reply) => {
      const { post, fileName } = await exportTarget(ctx.db, request.params.id);
      const out = new PassThrough();
      writeApplicationsWorkbook(ctx.db, post.id, post.vacancy, request.query, out).catch((err) => {
        request.log.error({ err }, 'applications export failed');
        out.destroy(err);
      });
      // A stream bypasses the response schemas, hence the untyped reply.
      return (reply as FastifyReply)
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', contentDisposition('attachment', fileName))
        .header('cache-control', 'no-store')
        .send(out);
    },
  );

  app.get(
    '/recruitment-applications/:id',
    {
      config: { access: manage('view CVs') },
      schema: {
        tags,
        summary: 'One application',
        params: ZIdParam,
        response: { 200: ZApplication, ...errors },
      },
    },
    async (request) => getApplication(ctx.db, request.params.id),
  );

  app.get(
    '/recruitment-applications/:id/cv',
    {
      config: { access: manage('view CVs') },
      schema: {
        tags,
        summary: 'The CV (PDF), inline; ?download=true to save it',
        params: ZIdParam,
        querystring: z.object({ download: z.enum(['true', 'false']).optional() }),
      },
    },
    async (request, reply) => {
      const file = await openApplicationFile(ctx.db, ctx.storage, request.params.id, 'cv');
      return sendFile(reply, file, request.query.download === 'true' ? 'attachment' : 'inline');
    },
  );

  app.get(
    '/recruitment-applications/:id/application-form',
    {
      config: { access: manage('view CVs') },
      schema: { tags, summary: 'The filled application form (doc/docx)', params: ZIdParam },
    },
    async (request, reply) => {
      const file = await openApplicationFile(ctx.db, ctx.storage, request.params.id, 'applicationForm');
      return sendFile(reply, file, 'attachment');
    },
  );

  app.post(
    '/recruitment-applications/:id/approve',
    {
      config: { access: manage('approve CVs') },
      schema: {
        tags,
        summary: 'Approve an application',
        params: ZIdParam,
        response: { 200: ZApplication, ...errors },
      },
    },
    async (request) => {
      if (!request.principal) throw unauthorized();
      const mail = { mailer: ctx.mailer, log: request.log };
      return reviewApplication(ctx.db, mail, request.params.id, 'APPROVED', request.principal.id);
    },
  );

  app.post(
    '/recruitment-applications/:id/disapprove',
    {
      config: { access: manage('disapprove CVs') },
      schema: {
        tags,
        summary: 'Disapprove an application',
        params: ZIdParam,
        response: { 200: ZApplication, ...errors },
      },
    },
    async (request) => {
      if (!request.principal) throw unauthorized();
      const mail = { mailer: ctx.mailer, log: request.log };
      return reviewApplication(ctx.db, mail, request.params.id, 'DISAPPROVED', request.principal.id);
    },
  );

  app.delete(
    '/recruitment-applications/:id',
    {
      config: { access: manage('delete CVs') },
      schema: {
        tags,
        summary: 'Delete an application and its files',
        params: ZIdParam,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteApplication(ctx.db, ctx.storage, request.log, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
