import {
  CERTIFICATE_LIMITS,
  ZApiError,
  ZCertificate,
  ZCertificateCodeParam,
  ZCertificateForm,
  ZCertificateLayout,
  ZCertificateListQuery,
  ZCertificateOption,
  ZCertificatePreviewInput,
  ZCertificateVerification,
  ZIdParam,
  ZIssuedCertificate,
  ZPageQuery,
} from '@academy/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../platform/clock';
import type { AppContext } from '../../platform/context';
import { unauthorized } from '../../platform/http/errors';
import { setTotal } from '../../platform/http/pagination';
import { contentDisposition } from '../../platform/storage/serve';
import type { FileRule } from '../../platform/uploads/checks';
import { readForm } from '../../platform/uploads/multipart';
import { type CertificateFile, certificatesOf, issuedFile, listIssued, verifyCertificate } from './issue';
import { usersBrief } from './people';
import {
  certificateOptions,
  createCertificate,
  deleteCertificate,
  getCertificate,
  listCertificates,
  previewCertificate,
  templateFile,
  updateCertificate,
  updateLayout,
} from './service';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };
const uploadErrors = { ...errors, 413: ZApiError, 415: ZApiError, 422: ZApiError };
const tags = ['certificates'];
const formTypes = ['multipart/form-data', 'application/json'];
const PDF = 'application/pdf';

const template = (required: boolean): FileRule => ({
  kind: 'pdf',
  maxBytes: CERTIFICATE_LIMITS.templateBytes,
  required,
});

const view = { permission: 'CERTIFICATE_MANAGEMENT', denied: 'view certificates' } as const;
const add = { permission: 'CERTIFICATE_MANAGEMENT', denied: 'add certificates' } as const;
const edit = { permission: 'CERTIFICATE_MANAGEMENT', denied: 'edit certificates' } as const;
const remove = { permission: 'CERTIFICATE_MANAGEMENT', denied: 'delete certificates' } as const;

const IssuedListQuery = ZPageQuery.extend({
  certificateId: z.coerce.number().int().positive().optional(),
  courseId: z.coerce.number().int().positive().optional(),
  userId: z.coerce.number().int().positive().optional(),
});

const ZUserCertificates = z.object({
  user: z.object({ id: z.number().int(), employeeCode: z.string(), fullName: z.string().nullable() }),
  certificates: z.array(ZIssuedCertificate),
});

function principalId(request: FastifyRequest): number {
  if (!request.principal) throw unauthorized();
  return request.principal.id;
}

/** A PDF answer; a stream or bytes bypass the response schemas, hence the untyped reply. */
function sendPdf(
  reply: FastifyReply,
  file: CertificateFile | { bytes: Uint8Array; fileName: string },
  inline: boolean,
) {
  const r = (reply as FastifyReply)
    .header('content-type', PDF)
    .header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', file.fileName))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff');
  if ('bytes' in file)
    return r.header('content-length', String(file.bytes.length)).send(Buffer.from(file.bytes));
  return r.header('content-length', String(file.size)).send(file.stream);
}

export type CertificateRouteOptions = AppContext & {
  /** The academy's clock (platform/clock.ts): whether a certificate is still valid now. */
  clock: Clock;
};

/** Certificates — templates (CERTIFICATE_MANAGEMENT), issued certificates, public verification. */
export const certificateRoutes: FastifyPluginAsyncZod<CertificateRouteOptions> = async (app, ctx) => {
  // ——— Templates ———

  app.get(
    '/certificates',
    {
      config: { access: view },
      schema: {
        tags,
        summary: 'Certificate templates with how many courses grant them and how many were issued',
        querystring: ZCertificateListQuery,
        response: { 200: z.array(ZCertificate), ...errors },
      },
    },
    async (request, reply) => {
      const { rows, total } = await listCertificates(ctx.db, request.query);
      setTotal(reply, total);
      return rows;
    },
  );

  app.get(
    '/certificates/options',
    {
      config: { access: { signedIn: true } },
      schema: {
        tags,
        summary: "Every certificate's id and name (the course form's picker)",
        response: { 200: z.array(ZCertificateOption), ...errors },
      },
    },
    async (_request, reply) => {
      const rows = await certificateOptions(ctx.db);
      setTotal(reply, rows.length);
      return rows;
    },
  );

  app.get(
    '/certificates/verify/:code',
    {
      config: { access: { public: true } },
      schema: {
        tags,
        summary:
          'Public: confirms who earned which certificate for which course, when, and whether it is still valid',
        params: ZCertificateCodeParam,
        response: { 200: ZCertificateVerification, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return verifyCertificate(ctx.db, request.params.code, ctx.clock());
    },
  );

  app.get(
    '/certificates/:id',
    {
      config: { access: view },
      schema: {
        tags,
        summary: 'One certificate template',
        params: ZIdParam,
        response: { 200: ZCertificate, ...errors },
      },
    },
    async (request) => getCertificate(ctx.db, request.params.id),
  );

  app.post(
    '/certificates',
    {
      config: { access: add },
      schema: {
        tags,
        summary: 'Add a certificate: name and a one-page PDF template in `file` (multipart)',
        consumes: formTypes,
        response: { 201: ZCertificate, ...uploadErrors },
      },
    },
    async (request, reply) => {
      const form = await readForm(request, { fields: ZCertificateForm, files: { file: template(true) } });
      const file = form.files.file;
      if (!file) throw new Error('required file missing after validation');
      const created = await createCertificate(ctx.db, ctx.storage, request.log, form.fields.name, file);
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/certificates/:id',
    {
      config: { access: edit },
      schema: {
        tags,
        summary: 'Rename a certificate; a new one-page PDF in `file` replaces the template (multipart)',
        consumes: formTypes,
        params: ZIdParam,
        response: { 200: ZCertificate, ...uploadErrors },
      },
    },
    async (request) => {
      const form = await readForm(request, { fields: ZCertificateForm, files: { file: template(false) } });
      return updateCertificate(
        ctx.db,
        ctx.storage,
        request.log,
        request.params.id,
        form.fields.name,
        form.files.file,
      );
    },
  );

  app.put(
    '/certificates/:id/layout',
    {
      config: { access: edit },
      schema: {
        tags,
        summary: "Where the learner's name, course name, date and code go, and their font sizes",
        params: ZIdParam,
        body: ZCertificateLayout,
        response: { 200: ZCertificate, ...errors },
      },
    },
    async (request) => updateLayout(ctx.db, request.params.id, request.body),
  );

  app.delete(
    '/certificates/:id',
    {
      config: { access: remove },
      schema: {
        tags,
        summary: 'Delete a certificate; refused while a course grants it or certificates were issued from it',
        params: ZIdParam,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteCertificate(ctx.db, ctx.storage, request.log, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/certificates/:id/template',
    {
      config: { access: view },
      schema: { tags, summary: 'The template PDF', params: ZIdParam, produces: [PDF], response: errors },
    },
    async (request, reply) =>
      sendPdf(reply, await templateFile(ctx.db, ctx.storage, request.params.id), true),
  );

  app.post(
    '/certificates/:id/preview',
    {
      config: { access: view },
      schema: {
        tags,
        summary: 'The template with a layout (saved or not) and sample texts drawn on it, as a PDF',
        params: ZIdParam,
        body: ZCertificatePreviewInput,
        produces: [PDF],
        response: { ...errors, 422: ZApiError },
      },
    },
    async (request, reply) => {
      const bytes = await previewCertificate(
        ctx.db,
        ctx.storage,
        request.params.id,
        request.body.layout,
        request.body.sample,
      );
      return sendPdf(reply, { bytes, fileName: 'certificate-preview.pdf' }, true);
    },
  );

  // ——— Issued certificates: staff ———

  app.get(
    '/issued-certificates',
    {
      config: { access: view },
      schema: {
        tags,
        summary: 'Issued certificates, newest first; q searches learner, employee code, course and code',
        querystring: IssuedListQuery,
        response: { 200: z.array(ZIssuedCertificate), ...errors },
      },
    },
    async (request, reply) => {
      const { rows, total } = await listIssued(
        ctx.db,
        { ...request.query, within: request.principal!.scope },
        ctx.clock(),
      );
      setTotal(reply, total);
      return rows;
    },
  );

  app.get(
    '/issued-certificates/:id/download',
    {
      config: { access: view },
      schema: {
        tags,
        summary: 'An issued certificate as PDF',
        params: ZIdParam,
        produces: [PDF],
        response: errors,
      },
    },
    async (request, reply) =>
      sendPdf(
        reply,
        await issuedFile(ctx.db, ctx.storage, request.params.id, { within: request.principal!.scope }),
        false,
      ),
  );

  app.get(
    '/users/:id/certificates',
    {
      config: { access: view },
      schema: {
        tags,
        summary: "A user's certificates (management: certificate/{id})",
        params: ZIdParam,
        response: { 200: ZUserCertificates, ...errors },
      },
    },
    async (request) => {
      const [user, list] = await Promise.all([
        usersBrief(ctx.db, request.params.id, request.principal!.scope),
        certificatesOf(ctx.db, request.params.id, ctx.clock()),
      ]);
      return { user, certificates: list };
    },
  );

  // ——— Issued certificates: the learner ———

  app.get(
    '/my-certificates',
    {
      config: { access: { signedIn: true } },
      schema: {
        tags,
        summary: "The signed-in learner's certificates, newest first",
        response: { 200: z.array(ZIssuedCertificate), ...errors },
      },
    },
    async (request) => certificatesOf(ctx.db, principalId(request), ctx.clock()),
  );

  app.get(
    '/my-certificates/:id/download',
    {
      config: { access: { signedIn: true } },
      schema: {
        tags,
        summary: 'Download one of my certificates (PDF)',
        params: ZIdParam,
        produces: [PDF],
        response: errors,
      },
    },
    async (request, reply) =>
      sendPdf(
        reply,
        await issuedFile(ctx.db, ctx.storage, request.params.id, { ownerId: principalId(request) }),
        false,
      ),
  );
};
