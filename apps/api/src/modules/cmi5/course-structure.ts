import {
  CMI5_LAUNCH_METHODS,
  CMI5_LIMITS,
  CMI5_MESSAGES,
  CMI5_MOVE_ON,
  type Cmi5LaunchMethod,
  type Cmi5MoveOn,
  type TCmi5Au,
} from '@academy/contract';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { resolveHref } from '../scorm';

/** A block or an AU of the course's tree, in the order cmi5.xml lists them. */
export type StoredNode =
  | { kind: 'block'; id: string; title: string; children: StoredNode[] }
  | { kind: 'au'; id: string };

/** What cmi5.xml says, once checked. */
export type CourseStructure = {
  courseId: string;
  title: string;
  description: string;
  aus: TCmi5Au[];
  tree: StoredNode[];
  /** Package files the AUs' relative URLs launch (decoded, without their query). */
  launchFiles: string[];
};

/** Why cmi5.xml was refused: the message is the user's (CMI5_MESSAGES). */
export class StructureRefused extends Error {}

/** fast-xml-parser's ordered output: one key (the tag) with its children, attributes under ':@'. */
type OrderedNode = Record<string, unknown>;

const parser = new XMLParser({
  // Blocks and AUs interleave, and their order is the course's order: keep it.
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  // Entities are never expanded: a course structure has no business declaring any.
  processEntities: false,
});

const tagOf = (node: OrderedNode): string => Object.keys(node).find((key) => key !== ':@') ?? '';
const childrenOf = (node: OrderedNode): OrderedNode[] =>
  (node[tagOf(node)] as OrderedNode[] | undefined) ?? [];
const attrOf = (node: OrderedNode, name: string): string | undefined => {
  const value = (node[':@'] as Record<string, unknown> | undefined)?.[`@${name}`];
  return typeof value === 'string' ? value.trim() : undefined;
};
const childrenNamed = (node: OrderedNode, tag: string) => childrenOf(node).filter((c) => tagOf(c) === tag);

/** The text of an element (its text children joined), trimmed. */
function textOf(node: OrderedNode | undefined): string {
  if (!node) return '';
  return childrenOf(node)
    .map((child) => (tagOf(child) === '#text' ? String(child['#text'] ?? '') : ''))
    .join('')
    .trim();
}

/** A langstring element's text: the first non-empty language (cmi5 allows several). */
function langText(node: OrderedNode | undefined): string {
  if (!node) return '';
  for (const langstring of childrenNamed(node, 'langstring')) {
    const text = textOf(langstring);
    if (text) return text;
  }
  return textOf(node);
}

const IRI = /^[a-z][a-z0-9+.-]*:\S+$/i;

function requireIri(value: string | undefined, what: string): string {
  if (!value) throw new StructureRefused(CMI5_MESSAGES.missing(what));
  if (!IRI.test(value)) throw new StructureRefused(CMI5_MESSAGES.notIri(what, value));
  return value;
}

/** masteryScore: xs:decimal between 0 and 1, up to 4 decimals. */
function masteryScoreOf(value: string | undefined): number | null {
  if (value === undefined || value === '') return null;
  if (!/^[+]?(\d+(\.\d*)?|\.\d+)$/.test(value))
    throw new StructureRefused(CMI5_MESSAGES.badMasteryScore(value));
  const score = Number(value);
  if (!(score >= 0 && score <= 1)) throw new StructureRefused(CMI5_MESSAGES.badMasteryScore(value));
  return Math.round(score * 10_000) / 10_000;
}

const isAbsolute = (url: string) => /^[a-z][a-z0-9+.-]*:/i.test(url);

/**
 * Reads and checks cmi5.xml (cmi5 Quartz, sections 13–14): well-formed XML without a DOCTYPE, a
 * courseStructure with a course (id, title), at least one AU, each with an IRI id unique in the
 * course, a url, and valid launchMethod, moveOn and masteryScore; blocks nest AUs and blocks. An
 * AU's url is a path inside the package (then the zip must hold it) or an http(s) URL; `alone`
 * (cmi5.xml uploaded without a zip) wants every url absolute.
 */
export function parseCourseStructure(xml: string, alone: boolean): CourseStructure {
  if (Buffer.byteLength(xml) > CMI5_LIMITS.maxStructureBytes) {
    throw new StructureRefused(CMI5_MESSAGES.structureTooLarge);
  }
  if (/<!DOCTYPE/i.test(xml) || XMLValidator.validate(xml) !== true) {
    throw new StructureRefused(CMI5_MESSAGES.badStructure);
  }
  const doc = parser.parse(xml) as OrderedNode[];
  const root = doc.find((node) => tagOf(node) === 'courseStructure');
  const course = root ? childrenNamed(root, 'course')[0] : undefined;
  if (!root || !course) throw new StructureRefused(CMI5_MESSAGES.notCmi5);

  const courseId = requireIri(attrOf(course, 'id'), 'the course id');
  const title = langText(childrenNamed(course, 'title')[0]);
  if (!title) throw new StructureRefused(CMI5_MESSAGES.missing('the course title'));
  const ids = new Set<string>([courseId]);
  const aus: TCmi5Au[] = [];
  const launchFiles = new Set<string>();

  const claim = (id: string) => {
    if (ids.has(id)) throw new StructureRefused(CMI5_MESSAGES.duplicateId(id));
    ids.add(id);
  };

  const readAu = (node: OrderedNode): TCmi5Au => {
    const id = requireIri(attrOf(node, 'id'), 'an AU id');
    claim(id);
    const auTitle = langText(childrenNamed(node, 'title')[0]);
    if (!auTitle) throw new StructureRefused(CMI5_MESSAGES.missing(`the title of AU ${id}`));
    const url = textOf(childrenNamed(node, 'url')[0]);
    if (!url) throw new StructureRefused(CMI5_MESSAGES.missing(`the url of AU ${id}`));
    if (isAbsolute(url)) {
      if (!/^https?:\/\/\S+$/i.test(url)) throw new StructureRefused(CMI5_MESSAGES.badUrl(url));
    } else {
      if (alone) throw new StructureRefused(CMI5_MESSAGES.relativeWithoutZip(url));
      const file = resolveHref([], url);
      if (!file) throw new StructureRefused(CMI5_MESSAGES.badUrl(url));
      launchFiles.add(file);
    }
    const launchMethod = attrOf(node, 'launchMethod') || 'AnyWindow';
    if (!(CMI5_LAUNCH_METHODS as readonly string[]).includes(launchMethod)) {
      throw new StructureRefused(CMI5_MESSAGES.badLaunchMethod(launchMethod));
    }
    const moveOn = attrOf(node, 'moveOn') || 'NotApplicable';
    if (!(CMI5_MOVE_ON as readonly string[]).includes(moveOn)) {
      throw new StructureRefused(CMI5_MESSAGES.badMoveOn(moveOn));
    }
    const activityType = attrOf(node, 'activityType') || null;
    const optionalText = (tag: string) => textOf(childrenNamed(node, tag)[0]) || null;
    return {
      id,
      title: auTitle,
      description: langText(childrenNamed(node, 'description')[0]),
      url,
      launchMethod: launchMethod as Cmi5LaunchMethod,
      moveOn: moveOn as Cmi5MoveOn,
      masteryScore: masteryScoreOf(attrOf(node, 'masteryScore')),
      launchParameters: optionalText('launchParameters'),
      entitlementKey: optionalText('entitlementKey'),
      activityType: activityType && IRI.test(activityType) ? activityType : null,
    };
  };

  const readChildren = (parent: OrderedNode): StoredNode[] => {
    const nodes: StoredNode[] = [];
    for (const child of childrenOf(parent)) {
      const tag = tagOf(child);
      if (tag === 'au') {
        const au = readAu(child);
        aus.push(au);
        if (aus.length > CMI5_LIMITS.maxAus) throw new StructureRefused(CMI5_MESSAGES.tooManyAus);
        nodes.push({ kind: 'au', id: au.id });
      } else if (tag === 'block') {
        const id = requireIri(attrOf(child, 'id'), 'a block id');
        claim(id);
        const blockTitle = langText(childrenNamed(child, 'title')[0]);
        if (!blockTitle) throw new StructureRefused(CMI5_MESSAGES.missing(`the title of block ${id}`));
        nodes.push({ kind: 'block', id, title: blockTitle, children: readChildren(child) });
      }
    }
    return nodes;
  };
  const tree = readChildren(root);
  if (aus.length === 0) throw new StructureRefused(CMI5_MESSAGES.noAu);
  return {
    courseId,
    title,
    description: langText(childrenNamed(course, 'description')[0]),
    aus,
    tree,
    launchFiles: [...launchFiles],
  };
}
