import { SCORM_MESSAGES, type ScormVersion } from '@academy/contract';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { StoredItem, StoredSco } from './tables';

/** What imsmanifest.xml says, once checked: the package's title, version, SCOs and menu tree. */
export type ParsedManifest = {
  title: string;
  version: ScormVersion;
  scos: StoredSco[];
  items: StoredItem[];
  warnings: string[];
  /** Files the launch paths need (package-relative, decoded), checked against the zip. */
  launchFiles: string[];
};

export class ManifestRefused extends Error {}

type Node = Record<string, unknown>;

const LIST_TAGS = new Set(['organization', 'item', 'resource', 'file', 'dependency', 'manifest']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  // Entities are never expanded: a manifest has no business declaring any.
  processEntities: false,
  isArray: (name) => LIST_TAGS.has(name),
});

const asList = (value: unknown): Node[] =>
  Array.isArray(value) ? (value as Node[]) : value && typeof value === 'object' ? [value as Node] : [];

function text(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return String(value);
  if (value && typeof value === 'object') {
    const node = value as Node;
    if ('#text' in node) return text(node['#text']);
    // 2004 metadata-style titles: <title><langstring>…</langstring></title>
    for (const child of Object.values(node)) {
      const found = text(child);
      if (found) return found;
    }
  }
  return '';
}

const attr = (node: Node, name: string): string => text(node[`@${name}`]);

/** SCORM 1.2, or which edition of 2004, from the schema version (and the namespaces when it is missing). */
function detectVersion(manifest: Node, xml: string): ScormVersion {
  const metadata = (manifest.metadata ?? {}) as Node;
  const schemaVersion = text(metadata.schemaversion).toLowerCase();
  if (schemaVersion === '1.2') return '1.2';
  if (schemaVersion.includes('4th')) return '2004 4th edition';
  if (schemaVersion.includes('3rd')) return '2004 3rd edition';
  if (schemaVersion === 'cam 1.3' || schemaVersion.includes('2nd') || schemaVersion === '2004') {
    return '2004 2nd edition';
  }
  if (/adlcp_rootv1p2/i.test(xml)) return '1.2';
  if (/adlcp_v1p3/i.test(xml)) return '2004 3rd edition';
  throw new ManifestRefused(SCORM_MESSAGES.notScorm);
}

/** A package-relative path from xml:base parts and an href; null when it leaves the package. */
export function resolveHref(parts: string[], href: string): string | null {
  const withoutQuery = href.split(/[?#]/)[0] ?? '';
  let decoded: string;
  try {
    decoded = decodeURIComponent(withoutQuery);
  } catch {
    decoded = withoutQuery;
  }
  const joined = [...parts, decoded].join('/').replace(/\\/g, '/');
  if (/^[a-z][a-z0-9+.-]*:/i.test(joined) || joined.startsWith('/')) return null;
  const out: string[] = [];
  for (const segment of joined.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (out.length === 0) return null;
      out.pop();
    } else out.push(segment);
  }
  return out.join('/');
}

/** Sequencing that goes beyond flow and choice navigation (which is all the player does). */
const ADVANCED_SEQUENCING = [
  'sequencingRules',
  'rollupRules',
  'limitConditions',
  'objectives',
  'randomizationControls',
  'deliveryControls',
  'adlseqobjectives',
];

function findsAdvancedSequencing(node: unknown, found: Set<string>): void {
  if (!node || typeof node !== 'object') return;
  for (const [key, value] of Object.entries(node as Node)) {
    if (key.startsWith('@')) continue;
    if (ADVANCED_SEQUENCING.includes(key)) found.add(key);
    if (Array.isArray(value)) for (const v of value) findsAdvancedSequencing(v, found);
    else findsAdvancedSequencing(value, found);
  }
}

/**
 * Reads and checks imsmanifest.xml: well-formed XML, a SCORM version, the default organization
 * with at least one launchable item, each item's resource with a launch file inside the package.
 */
export function parseManifest(xml: string): ParsedManifest {
  if (/<!DOCTYPE/i.test(xml) || XMLValidator.validate(xml) !== true) {
    throw new ManifestRefused(SCORM_MESSAGES.badManifest);
  }
  const doc = parser.parse(xml) as Node;
  const manifest = asList(doc.manifest)[0];
  if (!manifest) throw new ManifestRefused(SCORM_MESSAGES.notScorm);
  const version = detectVersion(manifest, xml);
  const warnings: string[] = [];

  const rootBase = attr(manifest, 'base');
  const resourcesNode = (manifest.resources ?? {}) as Node;
  const resourcesBase = attr(resourcesNode, 'base');
  const resources = new Map<string, Node>();
  for (const resource of asList(resourcesNode.resource))
    resources.set(attr(resource, 'identifier'), resource);

  const organizationsNode = (manifest.organizations ?? {}) as Node;
  const organizations = asList(organizationsNode.organization);
  const defaultId = attr(organizationsNode, 'default');
  const organization = organizations.find((o) => attr(o, 'identifier') === defaultId) ?? organizations[0];
  if (!organization) throw new ManifestRefused(SCORM_MESSAGES.noOrganization);
  if (asList(manifest.manifest).length > 0) {
    warnings.push('The package holds sub-manifests; only its own organization is played.');
  }

  const scos: StoredSco[] = [];
  const launchFiles: string[] = [];
  const toItem = (node: Node): StoredItem | null => {
    if (attr(node, 'isvisible') === 'false' && asList(node.item).length === 0) return null;
    const identifier = attr(node, 'identifier');
    const title = text(node.title) || identifier;
    const children = asList(node.item)
      .map(toItem)
      .filter((i): i is StoredItem => i !== null);
    const resource = resources.get(attr(node, 'identifierref'));
    const href = resource ? attr(resource, 'href') : '';
    if (!resource || !href) return { identifier, title, sco: null, children };
    const file = resolveHref([rootBase, resourcesBase, attr(resource, 'base')].filter(Boolean), href);
    if (file === null) throw new ManifestRefused(SCORM_MESSAGES.unsafePath(href));
    const query = href.includes('?') ? href.slice(href.indexOf('?')) : '';
    const parameters = attr(node, 'parameters');
    const joinedParameters = parameters
      ? `${query ? `${query}&` : '?'}${parameters.replace(/^[?&]/, '')}`
      : query;
    const mastery = text(node.masteryscore);
    scos.push({
      identifier,
      title,
      launch: `${file}${joinedParameters}`,
      launchData: text(node.datafromlms ?? node.dataFromLMS) || null,
      masteryScore: mastery && Number.isFinite(Number(mastery)) ? Number(mastery) : null,
    });
    launchFiles.push(file);
    return { identifier, title, sco: identifier, children };
  };
  const items = asList(organization.item)
    .map(toItem)
    .filter((i): i is StoredItem => i !== null);
  if (scos.length === 0) throw new ManifestRefused(SCORM_MESSAGES.noOrganization);

  if (version !== '1.2') {
    const found = new Set<string>();
    findsAdvancedSequencing(organization, found);
    findsAdvancedSequencing(manifest.sequencingCollection, found);
    if (found.size > 0) {
      warnings.push(
        `The package's sequencing (${[...found].sort().join(', ')}) goes beyond flow and choice navigation: it plays with choice navigation from the menu.`,
      );
    }
  }
  const title = text(organization.title) || scos[0]?.title || 'SCORM package';
  return { title: title.slice(0, 255), version, scos, items, warnings, launchFiles };
}
