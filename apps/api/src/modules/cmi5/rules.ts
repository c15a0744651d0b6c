import type { Cmi5MoveOn } from '@academy/contract';
import { isDuration, isObject, type JsonObject } from '../xapi';

/**
 * The cmi5 rules (Quartz, section 9) for the statements an AU sends with its launch credential,
 * free of I/O: which statements are "cmi5 defined", what each defined verb must carry, the order
 * within a session and a registration, and when an AU's moveOn criteria are met. docs/xapi.md
 * lists them.
 */

export const VERBS = {
  launched: 'http://adlnet.gov/expapi/verbs/launched',
  initialized: 'http://adlnet.gov/expapi/verbs/initialized',
  completed: 'http://adlnet.gov/expapi/verbs/completed',
  passed: 'http://adlnet.gov/expapi/verbs/passed',
  failed: 'http://adlnet.gov/expapi/verbs/failed',
  abandoned: 'https://w3id.org/xapi/adl/verbs/abandoned',
  waived: 'https://w3id.org/xapi/adl/verbs/waived',
  terminated: 'http://adlnet.gov/expapi/verbs/terminated',
  satisfied: 'https://w3id.org/xapi/adl/verbs/satisfied',
} as const;
export type Cmi5Verb = keyof typeof VERBS;

export const CATEGORY = {
  cmi5: 'https://w3id.org/xapi/cmi5/context/categories/cmi5',
  moveOn: 'https://w3id.org/xapi/cmi5/context/categories/moveon',
} as const;

export const EXTENSION = {
  sessionId: 'https://w3id.org/xapi/cmi5/context/extensions/sessionid',
  masteryScore: 'https://w3id.org/xapi/cmi5/context/extensions/masteryscore',
  launchMode: 'https://w3id.org/xapi/cmi5/context/extensions/launchmode',
  launchUrl: 'https://w3id.org/xapi/cmi5/context/extensions/launchurl',
  moveOn: 'https://w3id.org/xapi/cmi5/context/extensions/moveon',
  launchParameters: 'https://w3id.org/xapi/cmi5/context/extensions/launchparameters',
  progress: 'https://w3id.org/xapi/cmi5/result/extensions/progress',
  reason: 'https://w3id.org/xapi/cmi5/result/extensions/reason',
} as const;

export const ACTIVITY_TYPE = {
  course: 'https://w3id.org/xapi/cmi5/activitytype/course',
  block: 'https://w3id.org/xapi/cmi5/activitytype/block',
} as const;

/** Verbs the AU sends; the others (launched, abandoned, waived, satisfied) are the LMS's alone. */
const AU_VERBS: readonly Cmi5Verb[] = ['initialized', 'completed', 'passed', 'failed', 'terminated'];

export type LaunchMode = 'Normal' | 'Browse' | 'Review';

/** What the rules need to know about the session a statement arrives in. */
export type SessionState = {
  id: string;
  activityId: string;
  publisherId: string;
  launchMode: LaunchMode;
  masteryScore: number | null;
  /** cmi5 defined verbs used in this session so far. */
  verbs: Set<Cmi5Verb>;
  /** A statement (of any kind) arrived: the first had to be initialized. */
  initialized: boolean;
  terminated: boolean;
};

/** The AU's standing in the registration (all sessions). */
export type AuStanding = { completed: boolean; passed: boolean; failed: boolean; waived: boolean };

/** A statement that breaks a cmi5 rule: refused with 400 and this message. */
export class RuleBroken extends Error {}

const broken = (message: string): never => {
  throw new RuleBroken(message);
};

function activityIds(list: unknown): string[] {
  const items = Array.isArray(list) ? list : list === undefined ? [] : [list];
  return items.flatMap((item) => (isObject(item) && typeof item.id === 'string' ? [item.id] : []));
}

const verbName = (id: string): Cmi5Verb | undefined =>
  (Object.keys(VERBS) as Cmi5Verb[]).find((name) => VERBS[name] === id);

/**
 * Checks one statement of the session against the cmi5 rules and answers the cmi5 defined verb
 * it uses (null for a "cmi5 allowed" statement). The caller applies `apply` afterwards.
 */
export function checkStatement(
  statement: JsonObject,
  session: SessionState,
  au: AuStanding,
): Cmi5Verb | null {
  if (session.terminated) broken('the session is terminated: no statement may follow "terminated"');
  const context = isObject(statement.context) ? statement.context : {};
  const extensions = isObject(context.extensions) ? context.extensions : {};
  const contextActivities = isObject(context.contextActivities) ? context.contextActivities : {};
  const categories = activityIds(contextActivities.category);
  const verbId = isObject(statement.verb) && typeof statement.verb.id === 'string' ? statement.verb.id : '';
  const defined = categories.includes(CATEGORY.cmi5);

  // The context template (LMS.LaunchData) goes into every statement of the session.
  if (extensions[EXTENSION.sessionId] !== session.id) {
    broken('the context must carry the session id of LMS.LaunchData (extension …/sessionid)');
  }
  if (!activityIds(contextActivities.grouping).includes(session.publisherId)) {
    broken("the context must carry the contextTemplate's grouping (the AU's publisher id)");
  }
  const verb = defined ? verbName(verbId) : undefined;
  if (!session.initialized && verb !== 'initialized') {
    broken('the first statement of a session must be a cmi5 "initialized" statement');
  }
  if (!defined) {
    if (categories.includes(CATEGORY.moveOn))
      broken('only cmi5 defined statements carry the moveOn category');
    return null;
  }

  if (!verb) broken(`${verbId || 'this verb'} is not a cmi5 defined verb`);
  const name = verb as Cmi5Verb;
  if (!AU_VERBS.includes(name)) broken(`only the LMS sends "${name}" statements`);
  const object = isObject(statement.object) ? statement.object : {};
  if ((object.objectType ?? 'Activity') !== 'Activity' || object.id !== session.activityId) {
    broken('the object of a cmi5 defined statement must be the AU (the launch activityId)');
  }
  if (isObject(statement.actor) && statement.actor.objectType !== 'Agent') {
    broken('the actor of a cmi5 defined statement must be an Agent (objectType "Agent")');
  }
  if (session.verbs.has(name)) broken(`"${name}" was already sent in this session`);
  if (session.launchMode !== 'Normal' && name !== 'initialized' && name !== 'terminated') {
    broken(`in ${session.launchMode} mode the AU sends only "initialized" and "terminated"`);
  }

  const result = isObject(statement.result) ? statement.result : {};
  const has = (key: string) => result[key] !== undefined;
  const score = isObject(result.score) ? result.score : undefined;
  const judged = name === 'passed' || name === 'failed';
  if (score && !judged) broken(`a "${name}" statement carries no score`);
  if (name === 'completed') {
    if (result.completion !== true) broken('"completed" needs result.completion true');
  } else if (has('completion')) broken(`a "${name}" statement carries no result.completion`);
  if (judged) {
    if (result.success !== (name === 'passed')) broken(`"${name}" needs result.success ${name === 'passed'}`);
  } else if (has('success')) broken(`a "${name}" statement carries no result.success`);
  if (name !== 'initialized' && !isDuration(result.duration)) {
    broken(`"${name}" needs result.duration (ISO 8601)`);
  }
  const moveOnCategory = categories.includes(CATEGORY.moveOn);
  const needsMoveOn = name === 'completed' || judged;
  if (needsMoveOn !== moveOnCategory) {
    broken(
      needsMoveOn
        ? `"${name}" needs the moveOn category (…/categories/moveon)`
        : `a "${name}" statement does not carry the moveOn category`,
    );
  }
  if (judged && session.masteryScore !== null) {
    if (extensions[EXTENSION.masteryScore] !== session.masteryScore) {
      broken(`"${name}" must carry the masteryScore of LMS.LaunchData (${session.masteryScore})`);
    }
    const scaled = score?.scaled;
    if (typeof scaled === 'number') {
      if (name === 'passed' && scaled < session.masteryScore) {
        broken(`"passed" with a scaled score under the masteryScore ${session.masteryScore}`);
      }
      if (name === 'failed' && scaled >= session.masteryScore) {
        broken(`"failed" with a scaled score at or above the masteryScore ${session.masteryScore}`);
      }
    }
  }
  if (judged && (session.verbs.has('passed') || session.verbs.has('failed'))) {
    broken('a session has one "passed" or "failed" statement, not both');
  }
  if (name === 'completed' && au.completed) broken('"completed" was already sent in this registration');
  if (name === 'passed' && au.passed) broken('"passed" was already sent in this registration');
  if (name === 'failed' && au.passed) broken('"failed" cannot follow "passed" in a registration');
  return name;
}

/** The session and AU after an accepted statement. */
export function apply(verb: Cmi5Verb | null, session: SessionState, au: AuStanding): void {
  session.initialized = true;
  if (!verb) return;
  session.verbs.add(verb);
  if (verb === 'terminated') session.terminated = true;
  if (verb === 'completed') au.completed = true;
  if (verb === 'passed') au.passed = true;
  if (verb === 'failed') au.failed = true;
}

/** Whether an AU's moveOn criteria are met (cmi5 13.1.4); a waived AU is satisfied. */
export function moveOnMet(moveOn: Cmi5MoveOn, au: AuStanding): boolean {
  if (au.waived) return true;
  switch (moveOn) {
    case 'Passed':
      return au.passed;
    case 'Completed':
      return au.completed;
    case 'CompletedAndPassed':
      return au.completed && au.passed;
    case 'CompletedOrPassed':
      return au.completed || au.passed;
    case 'NotApplicable':
      return true;
  }
}
