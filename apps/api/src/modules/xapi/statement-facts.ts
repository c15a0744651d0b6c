import { agentKey } from './agents';
import { VOIDED_VERB } from './statement-check';
import { isObject, type JsonObject } from './values';

/** The columns a stored statement is found by, read off the statement. */
export type StatementFacts = {
  actorKey: string;
  verbId: string;
  objectActivityId: string | null;
  objectAgentKey: string | null;
  objectStatementId: string | null;
  registration: string | null;
  relatedAgents: string[];
  relatedActivities: string[];
  voiding: boolean;
};

const keyOf = (value: unknown): string | null => (isObject(value) ? agentKey(value) : null);

function contextActivityIds(context: unknown): string[] {
  if (!isObject(context) || !isObject(context.contextActivities)) return [];
  const ids: string[] = [];
  for (const list of Object.values(context.contextActivities)) {
    for (const activity of Array.isArray(list) ? list : [list]) {
      if (isObject(activity) && typeof activity.id === 'string') ids.push(activity.id);
    }
  }
  return ids;
}

/** Agents and activities a statement (or sub-statement) names: actor, object, context. */
function reach(statement: JsonObject, agents: Set<string>, activities: Set<string>): void {
  const add = (key: string | null) => key && agents.add(key);
  add(keyOf(statement.actor));
  const object = statement.object;
  if (isObject(object)) {
    const type = object.objectType ?? 'Activity';
    if (type === 'Activity' && typeof object.id === 'string') activities.add(object.id);
    if (type === 'Agent' || type === 'Group') add(keyOf(object));
    if (type === 'SubStatement') reach(object, agents, activities);
  }
  if (isObject(statement.context)) {
    add(keyOf(statement.context.instructor));
    add(keyOf(statement.context.team));
    // xAPI 2.0's context agents and groups are reached by related_agents too.
    for (const [list, kind] of [
      [statement.context.contextAgents, 'agent'],
      [statement.context.contextGroups, 'group'],
    ] as const) {
      if (Array.isArray(list)) for (const member of list) if (isObject(member)) add(keyOf(member[kind]));
    }
  }
  for (const id of contextActivityIds(statement.context)) activities.add(id);
}

export function statementFacts(statement: JsonObject): StatementFacts {
  const object = isObject(statement.object) ? statement.object : {};
  const type = object.objectType ?? 'Activity';
  const agents = new Set<string>();
  const activities = new Set<string>();
  reach(statement, agents, activities);
  const authority = keyOf(statement.authority);
  if (authority) agents.add(authority);
  const verbId = isObject(statement.verb) ? String(statement.verb.id) : '';
  const registration = isObject(statement.context) ? statement.context.registration : undefined;
  return {
    actorKey: keyOf(statement.actor) ?? '',
    verbId,
    objectActivityId: type === 'Activity' ? String(object.id) : null,
    objectAgentKey: type === 'Agent' || type === 'Group' ? keyOf(object) : null,
    objectStatementId: type === 'StatementRef' ? String(object.id).toLowerCase() : null,
    registration: typeof registration === 'string' ? registration.toLowerCase() : null,
    relatedAgents: [...agents],
    relatedActivities: [...activities],
    voiding: verbId === VOIDED_VERB && type === 'StatementRef',
  };
}
