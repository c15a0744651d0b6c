import { createHash } from 'node:crypto';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { SIGN_OUT_SCRIPT } from '../idp/login-page';

/** The one inline script we serve (the IdP's auto-submitting sign-out form), allowed by its hash. */
function scriptHash(script: string): string {
  return `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
}

function originOf(url: string | undefined): string[] {
  return url ? [new URL(url).origin] : [];
}

/**
 * Security headers on every response: a strict Content-Security-Policy (scripts only from us),
 * nosniff, a referrer policy, and frame-ancestors from FRAME_ANCESTORS (SPEC §1: the product may
 * run inside a frame).
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const externalIssuer = config.oidc.mode === 'external' ? originOf(config.oidc.issuer) : [];
  const s3 = config.storage.kind === 's3' ? originOf(config.storage.endpoint) : [];
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // YouTube's IFrame Player API: lesson videos report play/pause to the study heartbeats.
        scriptSrc: ["'self'", scriptHash(SIGN_OUT_SCRIPT), 'https://www.youtube.com'],
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
  });
}
