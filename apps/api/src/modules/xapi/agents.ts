import { badRequest } from './errors';
import {
  isIri,
  isMailto,
  isObject,
  isSha1,
  type Json,
  type JsonObject,
  onlyKeys,
  requireObject,
  requireString,
} from './values';

/** The properties that identify an agent or group (its inverse functional identifier). */
const IFIS = ['mbox', 'mbox_sha1sum', 'openid', 'account'] as const;

function checkIfi(agent: JsonObject, where: string): number {
  const present = IFIS.filter((ifi) => agent[ifi] !== undefined);
  if (present.length > 1) throw badRequest(`${where} has more than one identifier (${present.join(', ')})`);
  if (agent.mbox !== undefined && !isMailto(agent.mbox))
    throw badRequest(`${where}.mbox must be "mailto:" and an email`);
  if (agent.mbox_sha1sum !== undefined && !isSha1(agent.mbox_sha1sum)) {
    throw badRequest(`${where}.mbox_sha1sum must be a SHA-1 in hex`);
  }
  if (agent.openid !== undefined && !isIri(agent.openid)) throw badRequest(`${where}.openid must be a URI`);
  if (agent.account !== undefined) {
    const account = requireObject(agent.account, `${where}.account`);
    onlyKeys(account, ['homePage', 'name'], `${where}.account`);
    if (!isIri(account.homePage)) throw badRequest(`${where}.account.homePage must be an IRL`);
    requireString(account.name, `${where}.account.name`);
  }
  return present.length;
}

/** An Agent (objectType "Agent" or none where allowed): exactly one identifier. */
export function checkAgent(value: unknown, where: string, objectTypeRequired = false): JsonObject {
  const agent = requireObject(value, where);
  onlyKeys(agent, ['objectType', 'name', ...IFIS], where);
  if (
    objectTypeRequired
      ? agent.objectType !== 'Agent'
      : agent.objectType !== undefined && agent.objectType !== 'Agent'
  ) {
    throw badRequest(`${where}.objectType must be "Agent"`);
  }
  if (agent.name !== undefined) requireString(agent.name, `${where}.name`);
  if (checkIfi(agent, where) !== 1) throw badRequest(`${where} needs exactly one identifier`);
  return agent;
}

/** A Group: identified (one identifier, members optional) or anonymous (members required). */
export function checkGroup(value: unknown, where: string): JsonObject {
  const group = requireObject(value, where);
  onlyKeys(group, ['objectType', 'name', 'member', ...IFIS], where);
  if (group.objectType !== 'Group') throw badRequest(`${where}.objectType must be "Group"`);
  if (group.name !== undefined) requireString(group.name, `${where}.name`);
  const identified = checkIfi(group, where) === 1;
  if (group.member !== undefined || !identified) {
    if (!Array.isArray(group.member)) throw badRequest(`${where}.member must be a list of agents`);
    if (!identified && group.member.length === 0)
      throw badRequest(`${where} without an identifier needs members`);
    group.member.forEach((member, i) => {
      checkAgent(member, `${where}.member[${i}]`);
    });
  }
  return group;
}

/** An actor: an Agent or a Group, told apart by objectType. */
export function checkActor(value: unknown, where: string): JsonObject {
  if (isObject(value) && value.objectType === 'Group') return checkGroup(value, where);
  return checkAgent(value, where);
}

/** A stable text key of an agent's identifier, e.g. "mbox:mailto:a@b.c"; null for an anonymous group. */
export function agentKey(agent: JsonObject): string | null {
  if (typeof agent.mbox === 'string') return `mbox:${agent.mbox.toLowerCase()}`;
  if (typeof agent.mbox_sha1sum === 'string') return `mbox_sha1sum:${agent.mbox_sha1sum.toLowerCase()}`;
  if (typeof agent.openid === 'string') return `openid:${agent.openid}`;
  if (isObject(agent.account))
    return `account:${String(agent.account.homePage)}|${String(agent.account.name)}`;
  return null;
}

/** The agent a query parameter names (JSON text); 400 when it is not one. */
export function parseAgentParam(text: string, name = 'agent'): JsonObject {
  let value: Json;
  try {
    value = JSON.parse(text) as Json;
  } catch {
    throw badRequest(`${name} must be an Agent as JSON`);
  }
  const agent = checkActor(value, name);
  if (agentKey(agent) === null) throw badRequest(`${name} must have an identifier`);
  return agent;
}

/** The agent reduced to its identifier (format=ids). */
export function agentIds(agent: JsonObject): JsonObject {
  const out: JsonObject = {};
  if (agent.objectType !== undefined) out.objectType = agent.objectType;
  for (const ifi of IFIS) if (agent[ifi] !== undefined) out[ifi] = agent[ifi];
  if (Array.isArray(agent.member) && agentKey(agent) === null) {
    out.member = agent.member.map((m) => (isObject(m) ? agentIds(m) : m));
  }
  return out;
}

/** The Person object of the agents resource: every known identifier of the agent, as lists. */
export function person(agent: JsonObject): JsonObject {
  const out: JsonObject = { objectType: 'Person' };
  if (typeof agent.name === 'string') out.name = [agent.name];
  for (const ifi of IFIS) if (agent[ifi] !== undefined) out[ifi] = [agent[ifi] as Json];
  return out;
}
