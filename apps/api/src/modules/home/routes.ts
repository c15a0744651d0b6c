import {
  HOME_DENIED,
  ZApiError,
  ZContentImage,
  ZFooterContact,
  ZFooterContactInput,
  ZHomeBanner,
  ZHomePage,
  ZIdParam,
  ZIntroduction,
  ZIntroductionInput,
  ZPopupForm,
  ZReorderInput,
} from '@academy/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { etagOnSend } from '../../platform/http/etag';
import { CONTENT_IMAGE_RULE, storeContentImage } from '../../platform/uploads/content-image';
import { readForm } from '../../platform/uploads/multipart';
import {
  addBanner,
  deleteBanner,
  homePage,
  introduction,
  reorderBanners,
  replaceBanner,
  updateContact,
  updateIntroduction,
  updatePopup,
} from './service';

const errors = {
  400: ZApiError,
  401: ZApiError,
  403: ZApiError,
  404: ZApiError,
  409: ZApiError,
  422: ZApiError,
};
const uploadErrors = { ...errors, 413: ZApiError, 415: ZApiError };
const tags = ['home'];

const requiredImage = { image: { ...CONTENT_IMAGE_RULE, fit: 1920, required: true } };
const bannerForm = { fields: z.object({}), files: requiredImage };
const popupForm = { fields: ZPopupForm, files: { image: { ...CONTENT_IMAGE_RULE, fit: 1200 } } };
const contentImageForm = {
  fields: z.object({}),
  files: { image: { ...CONTENT_IMAGE_RULE, required: true } },
};

const homeAccess = (denied: string) => ({ permission: 'HOMEPAGE_MANAGEMENT' as const, denied });
const introductionAccess = {
  permission: 'INTRODUCTION_MANAGEMENT' as const,
  denied: HOME_DENIED.introduction,
};

/** The home page settings (HOMEPAGE_MANAGEMENT) and the introduction (INTRODUCTION_MANAGEMENT). */
export const homeRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.addHook('onSend', etagOnSend);

  app.get(
    '/homepage',
    {
      config: { access: { public: true } },
      schema: {
        tags,
        summary: 'Home page banners (in order), the welcome popup and the footer contact details',
        response: { 200: ZHomePage },
      },
    },
    async () => homePage(ctx.db),
  );

  app.post(
    '/homepage/banners',
    {
      config: { access: homeAccess(HOME_DENIED.add) },
      schema: {
        tags,
        summary: 'Add a banner photo at the end (multipart `image`; jpg/png up to 5 MB; at most 5)',
        consumes: ['multipart/form-data'],
        response: { 201: ZHomeBanner, ...uploadErrors },
      },
    },
    async (request, reply) => {
      const form = await readForm(request, bannerForm);
      if (!form.files.image) throw new Error('required image missing after readForm');
      return reply.status(201).send(await addBanner(ctx.db, ctx.storage, form.files.image));
    },
  );

  app.put(
    '/homepage/banners/order',
    {
      config: { access: homeAccess(HOME_DENIED.edit) },
      schema: {
        tags,
        summary: 'Reorder the banners: every banner id once, in the new order',
        body: ZReorderInput,
        response: { 200: z.array(ZHomeBanner), ...errors },
      },
    },
    async (request) => reorderBanners(ctx.db, request.body.ids),
  );

  app.put(
    '/homepage/banners/:id',
    {
      config: { access: homeAccess(HOME_DENIED.edit) },
      schema: {
        tags,
        summary: 'Replace the photo of one banner (multipart `image`)',
        consumes: ['multipart/form-data'],
        params: ZIdParam,
        response: { 200: ZHomeBanner, ...uploadErrors },
      },
    },
    async (request) => {
      const form = await readForm(request, bannerForm);
      if (!form.files.image) throw new Error('required image missing after readForm');
      return replaceBanner(ctx.db, ctx.storage, request.log, request.params.id, form.files.image);
    },
  );

  app.delete(
    '/homepage/banners/:id',
    {
      config: { access: homeAccess(HOME_DENIED.delete) },
      schema: {
        tags,
        summary: 'Remove a banner photo; the last one cannot be removed',
        params: ZIdParam,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteBanner(ctx.db, ctx.storage, request.log, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/homepage/popup',
    {
      config: { access: homeAccess(HOME_DENIED.edit) },
      schema: {
        tags,
        summary: 'Welcome popup on/off (multipart: enabled, removeImage, image)',
        consumes: ['multipart/form-data', 'application/json'],
        response: { 200: ZHomePage.shape.popup, ...uploadErrors },
      },
    },
    async (request) => {
      const form = await readForm(request, popupForm);
      return updatePopup(ctx.db, ctx.storage, request.log, form.fields, form.files.image);
    },
  );

  app.put(
    '/homepage/contact',
    {
      config: { access: homeAccess(HOME_DENIED.edit) },
      schema: {
        tags,
        summary:
          "The footer's contact details: company line, customer care, address, map link, mailbox, social links",
        body: ZFooterContactInput,
        response: { 200: ZFooterContact, ...errors },
      },
    },
    async (request) => updateContact(ctx.db, request.body),
  );

  app.get(
    '/introduction',
    {
      config: { access: { public: true } },
      schema: {
        tags,
        summary: 'The introduction page (sanitised HTML)',
        response: { 200: ZIntroduction },
      },
    },
    async () => introduction(ctx.db),
  );

  app.put(
    '/introduction',
    {
      config: { access: introductionAccess },
      schema: {
        tags,
        summary: 'Save the introduction (HTML; only allow-listed markup is kept)',
        body: ZIntroductionInput,
        response: { 200: ZIntroduction, ...errors },
      },
    },
    async (request) => updateIntroduction(ctx.db, request.body.content),
  );

  app.post(
    '/introduction/images',
    {
      config: { access: introductionAccess },
      schema: {
        tags,
        summary: 'Upload a picture for the introduction editor (multipart `image`); answers its URL',
        consumes: ['multipart/form-data'],
        response: { 201: ZContentImage, ...uploadErrors },
      },
    },
    async (request, reply) => {
      const form = await readForm(request, contentImageForm);
      if (!form.files.image) throw new Error('required image missing after readForm');
      return reply.status(201).send(await storeContentImage(ctx.storage, 'introduction', form.files.image));
    },
  );
};
