import { checkActor, checkAgent, checkGroup } from './agents';
import { badRequest } from './errors';
import {
  checkExtensions,
  checkLanguageMap,
  isDuration,
  isIri,
  isLanguageTag,
  isObject,
  isTimestamp,
  isUuid,
  type JsonObject,
  onlyKeys,
  optionalBoolean,
  optionalNumber,
  requireIri,
  requireObject,
  requireString,
} from './values';

/**
 * Checks a statement against xAPI 1.0.3 (Data 2.4) and refuses the first fault with 400. The
 * statement is also normalised in place where the specification says the LRS must (a single
 * context activity becomes a list).
 */

export const VOIDED_VERB = 'http://adlnet.gov/expapi/verbs/voided';
export const SIGNATURE_USAGE = 'http://adlnet.gov/expapi/attachments/signature';

const STATEMENT_KEYS = [
  'id',
  'actor',
  'verb',
  'object',
  'result',
  'context',
  'timestamp',
  'stored',
  'authority',
  'version',
  'attachments',
] as const;
const SUB_STATEMENT_KEYS = [
  'objectType',
  'actor',
  'verb',
  'object',
  'result',
  'context',
  'timestamp',
  'attachments',
];
const INTERACTION_TYPES = [
  'true-false',
  'choice',
  'fill-in',
  'long-fill-in',
  'matching',
  'performance',
  'sequencing',
  'likert',
  'numeric',
  'other',
];
const COMPONENT_LISTS = ['choices', 'scale', 'source', 'target', 'steps'] as const;
const INTERNET_MEDIA_TYPE = /^[\w.+-]+\/[\w.+-]+(?:\s*;.*)?$/;

export function checkStatement(value: unknown): JsonObject {
  const statement = requireObject(value, 'statement');
  onlyKeys(statement, STATEMENT_KEYS, 'statement');
  if (statement.id !== undefined && !isUuid(statement.id)) throw badRequest('statement.id must be a UUID');
  checkBody(statement, 'statement', false);
  if (statement.stored !== undefined && !isTimestamp(statement.stored)) {
    throw badRequest('statement.stored must be an ISO 8601 timestamp');
  }
  if (statement.authority !== undefined) checkAuthority(statement.authority);
  if (statement.version !== undefined) {
    if (typeof statement.version !== 'string' || !/^[12]\.0(\.\d+)?$/.test(statement.version)) {
      throw badRequest('statement.version must be 1.0.x or 2.0.x');
    }
  }
  if (statement.verb && isObject(statement.verb) && statement.verb.id === VOIDED_VERB) {
    if (!isObject(statement.object) || statement.object.objectType !== 'StatementRef') {
      throw badRequest('a voiding statement must have a StatementRef as its object');
    }
  }
  return statement;
}

/** What a statement and a sub-statement share: actor, verb, object, result, context, timestamp, attachments. */
function checkBody(statement: JsonObject, where: string, isSub: boolean): void {
  if (statement.actor === undefined) throw badRequest(`${where}.actor is required`);
  checkActor(statement.actor, `${where}.actor`);
  checkVerb(statement.verb, `${where}.verb`);
  if (statement.object === undefined) throw badRequest(`${where}.object is required`);
  const objectType = checkObject(statement.object, `${where}.object`, isSub);
  if (statement.result !== undefined) checkResult(statement.result, `${where}.result`);
  if (statement.context !== undefined) checkContext(statement.context, `${where}.context`, objectType);
  if (statement.timestamp !== undefined && !isTimestamp(statement.timestamp)) {
    throw badRequest(`${where}.timestamp must be an ISO 8601 timestamp with a zone`);
  }
  if (statement.attachments !== undefined) checkAttachments(statement.attachments, `${where}.attachments`);
}

function checkVerb(value: unknown, where: string): void {
  if (value === undefined) throw badRequest(`${where} is required`);
  const verb = requireObject(value, where);
  onlyKeys(verb, ['id', 'display'], where);
  requireIri(verb.id, `${where}.id`);
  if (verb.display !== undefined) checkLanguageMap(verb.display, `${where}.display`);
}

/** Checks a statement's object and answers its type. */
function checkObject(value: unknown, where: string, isSub: boolean): string {
  const object = requireObject(value, where);
  const type = object.objectType ?? 'Activity';
  switch (type) {
    case 'Activity':
      checkActivity(object, where);
      break;
    case 'Agent':
      checkAgent(object, where, true);
      break;
    case 'Group':
      checkGroup(object, where);
      break;
    case 'StatementRef':
      checkStatementRef(object, where);
      break;
    case 'SubStatement':
      if (isSub) throw badRequest(`${where}: a SubStatement cannot hold another SubStatement`);
      onlyKeys(object, SUB_STATEMENT_KEYS, where);
      checkBody(object, where, true);
      break;
    default:
      throw badRequest(`${where}.objectType "${String(type)}" is not an object type`);
  }
  return String(type);
}

function checkStatementRef(object: JsonObject, where: string): void {
  onlyKeys(object, ['objectType', 'id'], where);
  if (object.objectType !== 'StatementRef') throw badRequest(`${where}.objectType must be "StatementRef"`);
  if (!isUuid(object.id)) throw badRequest(`${where}.id must be a UUID`);
}

export function checkActivity(object: JsonObject, where: string): void {
  onlyKeys(object, ['objectType', 'id', 'definition'], where);
  requireIri(object.id, `${where}.id`);
  if (object.definition === undefined) return;
  const definition = requireObject(object.definition, `${where}.definition`);
  const at = `${where}.definition`;
  onlyKeys(
    definition,
    [
      'name',
      'description',
      'type',
      'moreInfo',
      'extensions',
      'interactionType',
      'correctResponsesPattern',
      ...COMPONENT_LISTS,
    ],
    at,
  );
  if (definition.name !== undefined) checkLanguageMap(definition.name, `${at}.name`);
  if (definition.description !== undefined) checkLanguageMap(definition.description, `${at}.description`);
  if (definition.type !== undefined) requireIri(definition.type, `${at}.type`);
  if (definition.moreInfo !== undefined) requireIri(definition.moreInfo, `${at}.moreInfo`);
  if (definition.extensions !== undefined) checkExtensions(definition.extensions, `${at}.extensions`);
  if (
    definition.interactionType !== undefined &&
    !INTERACTION_TYPES.includes(String(definition.interactionType))
  ) {
    throw badRequest(`${at}.interactionType is not an interaction type`);
  }
  if (definition.correctResponsesPattern !== undefined) {
    if (definition.interactionType === undefined)
      throw badRequest(`${at}.correctResponsesPattern needs an interactionType`);
    if (
      !Array.isArray(definition.correctResponsesPattern) ||
      definition.correctResponsesPattern.some((p) => typeof p !== 'string')
    ) {
      throw badRequest(`${at}.correctResponsesPattern must be a list of strings`);
    }
  }
  for (const list of COMPONENT_LISTS) {
    const components = definition[list];
    if (components === undefined) continue;
    if (definition.interactionType === undefined) throw badRequest(`${at}.${list} needs an interactionType`);
    if (!Array.isArray(components)) throw badRequest(`${at}.${list} must be a list`);
    const ids = new Set<string>();
    components.forEach((component, i) => {
      const c = requireObject(component, `${at}.${list}[${i}]`);
      onlyKeys(c, ['id', 'description'], `${at}.${list}[${i}]`);
      const id = requireString(c.id, `${at}.${list}[${i}].id`);
      if (ids.has(id)) throw badRequest(`${at}.${list} ids must be unique`);
      ids.add(id);
      if (c.description !== undefined) checkLanguageMap(c.description, `${at}.${list}[${i}].description`);
    });
  }
}

function checkResult(value: unknown, where: string): void {
  const result = requireObject(value, where);
  onlyKeys(result, ['score', 'success', 'completion', 'response', 'duration', 'extensions'], where);
  if (result.score !== undefined) {
    const score = requireObject(result.score, `${where}.score`);
    onlyKeys(score, ['scaled', 'raw', 'min', 'max'], `${where}.score`);
    const scaled = optionalNumber(score.scaled, `${where}.score.scaled`);
    const raw = optionalNumber(score.raw, `${where}.score.raw`);
    const min = optionalNumber(score.min, `${where}.score.min`);
    const max = optionalNumber(score.max, `${where}.score.max`);
    if (scaled !== undefined && (scaled < -1 || scaled > 1))
      throw badRequest(`${where}.score.scaled must be from -1 to 1`);
    if (min !== undefined && max !== undefined && min >= max)
      throw badRequest(`${where}.score.min must be below max`);
    if (raw !== undefined && min !== undefined && raw < min)
      throw badRequest(`${where}.score.raw must not be below min`);
    if (raw !== undefined && max !== undefined && raw > max)
      throw badRequest(`${where}.score.raw must not be above max`);
  }
  optionalBoolean(result.success, `${where}.success`);
  optionalBoolean(result.completion, `${where}.completion`);
  if (result.response !== undefined) requireString(result.response, `${where}.response`);
  if (result.duration !== undefined && !isDuration(result.duration)) {
    throw badRequest(`${where}.duration must be an ISO 8601 duration`);
  }
  if (result.extensions !== undefined) checkExtensions(result.extensions, `${where}.extensions`);
}

function checkContext(value: unknown, where: string, objectType: string): void {
  const context = requireObject(value, where);
  onlyKeys(
    context,
    [
      'registration',
      'instructor',
      'team',
      'contextActivities',
      'revision',
      'platform',
      'language',
      'statement',
      'extensions',
      // xAPI 2.0 (IEEE 9274.1.1): agents and groups in the context with how they took part.
      'contextAgents',
      'contextGroups',
    ],
    where,
  );
  if (context.contextAgents !== undefined)
    checkContextMembers(context.contextAgents, `${where}.contextAgents`, 'agent');
  if (context.contextGroups !== undefined)
    checkContextMembers(context.contextGroups, `${where}.contextGroups`, 'group');
  if (context.registration !== undefined && !isUuid(context.registration))
    throw badRequest(`${where}.registration must be a UUID`);
  if (context.instructor !== undefined) checkActor(context.instructor, `${where}.instructor`);
  if (context.team !== undefined) checkGroup(context.team, `${where}.team`);
  if (context.revision !== undefined) {
    requireString(context.revision, `${where}.revision`);
    if (objectType !== 'Activity')
      throw badRequest(`${where}.revision is only for statements about an activity`);
  }
  if (context.platform !== undefined) {
    requireString(context.platform, `${where}.platform`);
    if (objectType !== 'Activity')
      throw badRequest(`${where}.platform is only for statements about an activity`);
  }
  if (context.language !== undefined && !isLanguageTag(context.language)) {
    throw badRequest(`${where}.language must be an RFC 5646 language tag`);
  }
  if (context.statement !== undefined)
    checkStatementRef(requireObject(context.statement, `${where}.statement`), `${where}.statement`);
  if (context.extensions !== undefined) checkExtensions(context.extensions, `${where}.extensions`);
  if (context.contextActivities !== undefined) {
    const activities = requireObject(context.contextActivities, `${where}.contextActivities`);
    onlyKeys(activities, ['parent', 'grouping', 'category', 'other'], `${where}.contextActivities`);
    for (const [kind, list] of Object.entries(activities)) {
      // A single activity is allowed and becomes a list (Data 2.4.6.2).
      const items = Array.isArray(list) ? list : [list];
      items.forEach((activity, i) => {
        const a = requireObject(activity, `${where}.contextActivities.${kind}[${i}]`);
        if (a.objectType !== undefined && a.objectType !== 'Activity') {
          throw badRequest(`${where}.contextActivities.${kind}[${i}] must be an activity`);
        }
        checkActivity(a, `${where}.contextActivities.${kind}[${i}]`);
      });
      activities[kind] = items;
    }
  }
}

/** xAPI 2.0's contextAgents / contextGroups: a list of { objectType, agent or group, relevantTypes }. */
function checkContextMembers(value: unknown, where: string, kind: 'agent' | 'group'): void {
  if (!Array.isArray(value)) throw badRequest(`${where} must be a list`);
  const objectType = kind === 'agent' ? 'contextAgent' : 'contextGroup';
  value.forEach((item, i) => {
    const at = `${where}[${i}]`;
    const member = requireObject(item, at);
    onlyKeys(member, ['objectType', kind, 'relevantTypes'], at);
    if (member.objectType !== objectType) throw badRequest(`${at}.objectType must be "${objectType}"`);
    if (member[kind] === undefined) throw badRequest(`${at}.${kind} is required`);
    if (kind === 'agent') checkAgent(member.agent, `${at}.agent`);
    else checkGroup(member.group, `${at}.group`);
    if (member.relevantTypes !== undefined) {
      if (!Array.isArray(member.relevantTypes) || member.relevantTypes.length === 0)
        throw badRequest(`${at}.relevantTypes must be a non-empty list of IRIs`);
      member.relevantTypes.forEach((type, j) => {
        requireIri(type, `${at}.relevantTypes[${j}]`);
      });
    }
  });
}

function checkAttachments(value: unknown, where: string): void {
  if (!Array.isArray(value)) throw badRequest(`${where} must be a list`);
  value.forEach((item, i) => {
    const at = `${where}[${i}]`;
    const attachment = requireObject(item, at);
    onlyKeys(
      attachment,
      ['usageType', 'display', 'description', 'contentType', 'length', 'sha2', 'fileUrl'],
      at,
    );
    requireIri(attachment.usageType, `${at}.usageType`);
    if (attachment.display === undefined) throw badRequest(`${at}.display is required`);
    checkLanguageMap(attachment.display, `${at}.display`);
    if (attachment.description !== undefined) checkLanguageMap(attachment.description, `${at}.description`);
    if (typeof attachment.contentType !== 'string' || !INTERNET_MEDIA_TYPE.test(attachment.contentType)) {
      throw badRequest(`${at}.contentType must be an Internet Media Type`);
    }
    if (!Number.isInteger(attachment.length) || (attachment.length as number) < 0) {
      throw badRequest(`${at}.length must be a whole number of octets`);
    }
    if (typeof attachment.sha2 !== 'string' || !/^[0-9a-f]{56,128}$/i.test(attachment.sha2)) {
      throw badRequest(`${at}.sha2 must be a SHA-2 hash in hex`);
    }
    if (attachment.fileUrl !== undefined && !isIri(attachment.fileUrl))
      throw badRequest(`${at}.fileUrl must be an IRL`);
  });
}

function checkAuthority(value: unknown): void {
  const authority = requireObject(value, 'statement.authority');
  if (authority.objectType === 'Group') {
    const group = checkGroup(authority, 'statement.authority');
    // Only an OAuth authority is a group: anonymous, of exactly two agents (client and user).
    const anonymous = !['mbox', 'mbox_sha1sum', 'openid', 'account'].some((ifi) => group[ifi] !== undefined);
    if (!anonymous || !Array.isArray(group.member) || group.member.length !== 2) {
      throw badRequest('statement.authority as a group must be an anonymous group of two agents (OAuth)');
    }
    return;
  }
  checkAgent(authority, 'statement.authority');
}
