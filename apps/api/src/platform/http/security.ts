import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../../config';
import { SIGN_OUT_SCRIPT } from '../idp/login-page';
import { COLOR_SCHEME_SCRIPT, START_AFTER_PAINT_SCRIPT } from './server-pages';

/** The one inline script we serve (the IdP's auto-submitting sign-out form), allowed by its hash. */
function scriptHash(script: string): string {
  return `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
}

function originOf(url: string | undefined): string[] {
  return url ? [new URL(url).origin] : [];
}

/**
 * The headers helmet would set, worked out once: they depend on the configuration only, and
 * helmet builds its middleware (parsing every CSP directive) again on each call (decision 134).
 */
export function securityHeaders(options: HelmetOptions): [string, string][] {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string | number) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return [...headers];
}

/**
 * Security headers on every response: a strict Content-Security-Policy (scripts only from us),
 * nosniff, a referrer policy, and frame-ancestors from FRAME_ANCESTORS (SPEC §1: the product may
 * run inside a frame). Set on the raw response, so replies written outside Fastify (tus uploads,
 * the identity provider) carry them too; a route may still replace one with `reply.header`.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const headers = securityHeaders(helmetOptions(config));
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}

function helmetOptions(config: Config): HelmetOptions {
  const externalIssuer = config.oidc.mode === 'external' ? originOf(config.oidc.issuer) : [];
  const s3 = config.storage.kind === 's3' ? originOf(config.storage.endpoint) : [];
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // YouTube's IFrame Player API: lesson videos report play/pause to the study heartbeats.
        // A page drawn on the server: its colour scheme set before, its app started after its first
        // paint (server-pages.ts).
        scriptSrc: [
          "'self'",
          scriptHash(SIGN_OUT_SCRIPT),
          scriptHash(COLOR_SCHEME_SCRIPT),
          scriptHash(START_AFTER_PAINT_SCRIPT),
          'https://www.youtube.com',
        ],
        // Mantine and the swagger UI set style attributes and <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https://i.ytimg.com', ...s3],
        mediaSrc: ["'self'", 'blob:', ...s3],
        fontSrc: ["'self'", 'data:'],
        // oidc-client-ts talks to an external provider's discovery and token endpoints.
        connectSrc: ["'self'", ...externalIssuer, ...s3],
        // SCORM packages play in frames of the content origin (decision 110).
        frameSrc: [
          "'self'",
          'blob:',
          'https://www.youtube-nocookie.com',
          'https://www.youtube.com',
          config.content.origin,
        ],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'", ...externalIssuer],
        frameAncestors: config.frameAncestors,
      },
    },
    // frame-ancestors above decides who may frame us; X-Frame-Options cannot express a list.
    frameguard: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    // Uploaded images and videos are fetched by pages of our own origin only.
    crossOriginResourcePolicy: { policy: 'same-origin' },
    hsts: config.publicUrl.startsWith('https://') ? { maxAge: 15552000 } : false,
  };
}
