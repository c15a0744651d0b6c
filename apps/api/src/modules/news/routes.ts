import {
  NEWS_DENIED,
  ZApiError,
  ZContentImage,
  ZIdParam,
  ZNewsCategory,
  ZNewsCategoryInput,
  ZNewsCategoryQuery,
  ZNewsDetail,
  ZNewsForm,
  ZNewsListQuery,
  ZNewsSummary,
  ZNewsVisibilityInput,
  ZOutstandingNews,
  ZOutstandingNewsQuery,
  ZSearchNewsQuery,
} from '@academy/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { etagOnSend } from '../../platform/http/etag';
import { setTotal } from '../../platform/http/pagination';
import { CONTENT_IMAGE_RULE, storeContentImage } from '../../platform/uploads/content-image';
import { readForm } from '../../platform/uploads/multipart';
import { createCategory, deleteCategory, listCategories, updateCategory } from './categories';
import {
  createNews,
  deleteNews,
  getNews,
  listNews,
  outstandingNews,
  setNewsVisibility,
  updateNews,
} from './service';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };
const uploadErrors = { ...errors, 413: ZApiError, 415: ZApiError, 422: ZApiError };
const formTypes = ['multipart/form-data', 'application/json'];
const tags = ['news'];

/** Pictures of news: jpg/png up to 5 MB (SPEC §5), kept at most 1600 px wide. */
const newsAddForm = { fields: ZNewsForm, files: { image: { ...CONTENT_IMAGE_RULE, required: true } } };
const newsEditForm = { fields: ZNewsForm, files: { image: CONTENT_IMAGE_RULE } };
const contentImageForm = {
  fields: z.object({}),
  files: { image: { ...CONTENT_IMAGE_RULE, required: true } },
};

const manage = (denied: string) => ({ permission: 'NEWS_MANAGEMENT' as const, denied });

/** News and news categories: the public calls of SPEC §7 and NEWS_MANAGEMENT. */
export const newsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  // Public answers carry ETags so browsers and proxies revalidate cheaply.
  app.addHook('onSend', etagOnSend);

  app.get(
    '/news-categories',
    {
      config: { access: { public: true } },
      schema: {
        tags,
        summary: 'News categories sorted by id; with tradeMarkId, those with news in that service',
        querystring: ZNewsCategoryQuery,
        response: { 200: z.array(ZNewsCategory), ...errors },
      },
    },
    async (request, reply) => {
      const rows = await listCategories(ctx.db, request.query.tradeMarkId);
      setTotal(reply, rows.length);
      return rows;
    },
  );

  app.post(
    '/news-categories',
    {
      config: { access: manage(NEWS_DENIED.addCategory) },
      schema: {
        tags,
        summary: 'Add a news category',
        body: ZNewsCategoryInput,
        response: { 201: ZNewsCategory, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await createCategory(ctx.db, request.body)),
  );

  app.put(
    '/news-categories/:id',
    {
      config: { access: manage(NEWS_DENIED.editCategory) },
      schema: {
        tags,
        summary: 'Rename a news category',
        params: ZIdParam,
        body: ZNewsCategoryInput,
        response: { 200: ZNewsCategory, ...errors },
      },
    },
    async (request) => updateCategory(ctx.db, request.params.id, request.body),
  );

  app.delete(
    '/news-categories/:id',
    {
      config: { access: manage(NEWS_DENIED.deleteCategory) },
      schema: {
        tags,
        summary: 'Delete a news category; refused while news belong to it',
        params: ZIdParam,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteCategory(ctx.db, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/searchnews',
    {
      config: { access: { public: true } },
      schema: {
        tags,
        summary: 'Public news list: tradeMarkId, categoryNewsId, q, page, size, sort=id,desc',
        querystring: ZSearchNewsQuery,
        response: { 200: z.array(ZNewsSummary), ...errors },
      },
    },
    async (request, reply) => {
      const { rows, total } = await listNews(ctx.db, request.query);
      setTotal(reply, total);
      return rows;
    },
  );

  app.get(
    '/outstandingnews',
    {
      config: { access: { public: true } },
      schema: {
        tags,
        summary: 'Outstanding news shown on the home page (list in data.content), newest first',
        querystring: ZOutstandingNewsQuery,
        response: { 200: ZOutstandingNews, ...errors },
      },
    },
    async (request) => ({ data: { content: await outstandingNews(ctx.db, request.query.size) } }),
  );

  app.get(
    '/news/:id',
    {
      config: { access: { public: true } },
      schema: {
        tags,
        summary: 'One article with its sanitised content and related news',
        params: ZIdParam,
        response: { 200: ZNewsDetail, ...errors },
      },
    },
    async (request) => getNews(ctx.db, request.params.id),
  );

  app.get(
    '/news',
    {
      config: { access: manage(NEWS_DENIED.view) },
      schema: {
        tags,
        summary: 'Management list: searchnews filters plus outstanding and hiddenFromHome',
        querystring: ZNewsListQuery,
        response: { 200: z.array(ZNewsSummary), ...errors },
      },
    },
    async (request, reply) => {
      const { rows, total } = await listNews(ctx.db, request.query);
      setTotal(reply, total);
      return rows;
    },
  );

  app.post(
    '/news',
    {
      config: { access: manage(NEWS_DENIED.add) },
      schema: {
        tags,
        summary:
          'Add news (multipart): title, description, content (HTML), categoryId, serviceId, hiddenFromHome, outstanding, image',
        consumes: formTypes,
        response: { 201: ZNewsSummary, ...uploadErrors },
      },
    },
    async (request, reply) => {
      const form = await readForm(request, newsAddForm);
      const created = await createNews(
        ctx.db,
        ctx.storage,
        form.fields,
        form.files.image,
        request.principal?.id,
      );
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/news/:id',
    {
      config: { access: manage(NEWS_DENIED.edit) },
      schema: {
        tags,
        summary: 'Edit news (multipart; a new image replaces the old one)',
        consumes: formTypes,
        params: ZIdParam,
        response: { 200: ZNewsSummary, ...uploadErrors },
      },
    },
    async (request) => {
      const form = await readForm(request, newsEditForm);
      return updateNews(ctx.db, ctx.storage, request.log, request.params.id, form.fields, form.files.image);
    },
  );

  app.put(
    '/news/:id/visibility',
    {
      config: { access: manage(NEWS_DENIED.showHide) },
      schema: {
        tags,
        summary: 'Show the article on the home page or hide it from there',
        params: ZIdParam,
        body: ZNewsVisibilityInput,
        response: { 200: ZNewsSummary, ...errors },
      },
    },
    async (request) => setNewsVisibility(ctx.db, request.params.id, request.body.hiddenFromHome),
  );

  app.delete(
    '/news/:id',
    {
      config: { access: manage(NEWS_DENIED.delete) },
      schema: {
        tags,
        summary: 'Delete an article and its picture',
        params: ZIdParam,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteNews(ctx.db, ctx.storage, request.log, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/news/images',
    {
      config: { access: manage(NEWS_DENIED.edit) },
      schema: {
        tags,
        summary: 'Upload a picture for the article editor (multipart `image`); answers its URL',
        consumes: ['multipart/form-data'],
        response: { 201: ZContentImage, ...uploadErrors },
      },
    },
    async (request, reply) => {
      const form = await readForm(request, contentImageForm);
      const image = form.files.image;
      if (!image) throw new Error('required image missing after readForm');
      return reply.status(201).send(await storeContentImage(ctx.storage, 'news-content', image));
    },
  );
};
