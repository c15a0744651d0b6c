import { badRequest } from './errors';

/** The shapes xAPI values take (xAPI 1.0.3, Data 4): IRIs, UUIDs, language tags, durations, times. */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
// RFC 5646 language tag, the common shape (language, script, region, variants, extensions, private use).
const LANGUAGE_TAG =
  /^(?:(?:[a-z]{2,3}(?:-[a-z]{3}){0,3}|[a-z]{4,8})(?:-[a-z]{4})?(?:-(?:[a-z]{2}|\d{3}))?(?:-(?:[a-z\d]{5,8}|\d[a-z\d]{3}))*(?:-[\da-wy-z](?:-[a-z\d]{2,8})+)*(?:-x(?:-[a-z\d]{1,8})+)?|x(?:-[a-z\d]{1,8})+|i-[a-z]{3,8})$/i;
const DURATION =
  /^P(?:\d+(?:\.\d+)?W|(?=\d|T\d)(?:\d+(?:\.\d+)?Y)?(?:\d+(?:\.\d+)?M)?(?:\d+(?:\.\d+)?D)?(?:T(?=\d)(?:\d+(?:\.\d+)?H)?(?:\d+(?:\.\d+)?M)?(?:\d+(?:\.\d+)?S)?)?)$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}(?::?\d{2})?)$/;
const SHA1 = /^[0-9a-f]{40}$/i;
const MAILTO = /^mailto:[^@\s]+@[^@\s]+$/i;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

export function isIri(value: unknown): value is string {
  return typeof value === 'string' && SCHEME.test(value) && !/\s/.test(value);
}

export function isLanguageTag(value: unknown): value is string {
  return typeof value === 'string' && LANGUAGE_TAG.test(value);
}

export function isDuration(value: unknown): value is string {
  return typeof value === 'string' && DURATION.test(value);
}

/** ISO 8601 with a zone; "-00:00" is refused (RFC 3339 says it means the offset is unknown). */
export function isTimestamp(value: unknown): value is string {
  if (typeof value !== 'string' || !TIMESTAMP.test(value) || /-00:?00$/.test(value)) return false;
  return !Number.isNaN(Date.parse(value));
}

export function isSha1(value: unknown): value is string {
  return typeof value === 'string' && SHA1.test(value);
}

export function isMailto(value: unknown): value is string {
  return typeof value === 'string' && MAILTO.test(value);
}

/** Refuses any property outside `allowed`, naming it. */
export function onlyKeys(value: JsonObject, allowed: readonly string[], where: string): void {
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) throw badRequest(`${where} has an unknown property "${key}"`);
  }
}

export function requireObject(value: unknown, where: string): JsonObject {
  if (!isObject(value)) throw badRequest(`${where} must be an object`);
  return value;
}

export function requireString(value: unknown, where: string): string {
  if (typeof value !== 'string') throw badRequest(`${where} must be a string`);
  return value;
}

export function requireIri(value: unknown, where: string): string {
  if (!isIri(value)) throw badRequest(`${where} must be an IRI with a scheme`);
  return value;
}

export function optionalBoolean(value: unknown, where: string): void {
  if (value !== undefined && typeof value !== 'boolean') throw badRequest(`${where} must be true or false`);
}

export function optionalNumber(value: unknown, where: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value)) throw badRequest(`${where} must be a number`);
  return value;
}

/** A language map: RFC 5646 tags to strings. */
export function checkLanguageMap(value: unknown, where: string): void {
  const map = requireObject(value, where);
  for (const [tag, text] of Object.entries(map)) {
    if (!isLanguageTag(tag)) throw badRequest(`${where} has an invalid language tag "${tag}"`);
    if (typeof text !== 'string') throw badRequest(`${where}["${tag}"] must be a string`);
  }
}

/** Extensions: IRI keys, any values (null and empty ones too). */
export function checkExtensions(value: unknown, where: string): void {
  const map = requireObject(value, where);
  for (const key of Object.keys(map)) {
    if (!isIri(key)) throw badRequest(`${where} key "${key}" must be an IRI with a scheme`);
  }
}
