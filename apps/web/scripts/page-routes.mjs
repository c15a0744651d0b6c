// The web app's page paths, read from its route table (src/app/routes.tsx) without running it: the
// server answers a path that none of them matches with status 404 (apps/api/src/platform/http/web.ts).
// The build writes them to dist/.vite/page-routes.json (the Vite plugin below), so the table stays the one
// place a page's path is written.
//
// Routes are object literals in react-router's form: `path`, `index`, `children`; a list of routes
// (spread or as children) and a path may be a constant of this file or of a module it imports
// (paths: string literals and template strings of other constants). A route whose `handle` is
// `lazyChildren(() => import('./x'))` (src/app/lazy-children.ts) has the `routes` of that module as
// its children.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseAst } from 'vite';

/** A file's syntax tree (ESTree, from the parser Vite builds with) and its text, for messages. */
function parse(file) {
  const text = readFileSync(file, 'utf8');
  return { program: parseAst(text, { lang: file.endsWith('.tsx') ? 'tsx' : 'ts' }, file), text };
}

/** Top-level `const` initializers (exported or not) and the imported names (name → module file) of one file. */
function scopeOf(file) {
  const { program, text } = parse(file);
  const consts = new Map();
  const imports = new Map();
  for (const node of program.body) {
    const statement = node.type === 'ExportNamedDeclaration' && node.declaration ? node.declaration : node;
    if (statement.type === 'VariableDeclaration') {
      for (const d of statement.declarations) {
        if (d.id.type === 'Identifier' && d.init) consts.set(d.id.name, d.init);
      }
    } else if (statement.type === 'ImportDeclaration') {
      const from = statement.source.value;
      if (!from.startsWith('.')) continue;
      for (const specifier of statement.specifiers) {
        if (specifier.type !== 'ImportSpecifier') continue;
        const target = path.resolve(path.dirname(file), from);
        const candidates = ['.ts', '.tsx', '/index.ts'].map((ext) => `${target}${ext}`);
        imports.set(specifier.local.name, { candidates, name: nameOf(specifier.imported) });
      }
    }
  }
  return { file, text, consts, imports };
}

/** An identifier's name or a string literal's value (import names and property keys). */
function nameOf(node) {
  return node.type === 'Identifier' ? node.name : node.value;
}

function sourceOf(node, scope) {
  return scope.text.slice(node.start, node.end);
}

function existing(candidates) {
  return candidates.find((candidate) => existsSync(candidate));
}

const WRAPPERS = new Set(['TSAsExpression', 'TSSatisfiesExpression', 'ParenthesizedExpression']);

function unwrap(node) {
  let current = node;
  while (WRAPPERS.has(current.type)) current = current.expression;
  return current;
}

const isString = (node) => node.type === 'Literal' && typeof node.value === 'string';
const isTrue = (node) => node?.type === 'Literal' && node.value === true;

/** A constant expression's value: literals, template strings, and names of constants. */
function resolveNode(node, scope, seen = new Set()) {
  const value = unwrap(node);
  if (isString(value)) return value.value;
  if (value.type === 'TemplateLiteral') {
    return value.quasis
      .map((quasi, i) =>
        i < value.expressions.length
          ? quasi.value.cooked + resolveNode(value.expressions[i], scope, seen)
          : quasi.value.cooked,
      )
      .join('');
  }
  if (value.type === 'Identifier') return resolveName(value.name, scope, seen);
  return undefined;
}

function resolveName(name, scope, seen) {
  const key = `${scope.file}#${name}`;
  if (seen.has(key)) throw new Error(`page-routes: ${name} refers to itself in ${scope.file}`);
  seen.add(key);
  const local = scope.consts.get(name);
  if (local) return resolveNode(local, scope, seen);
  const imported = scope.imports.get(name);
  if (imported) {
    const file = existing(imported.candidates);
    if (file) return resolveName(imported.name, scopeOf(file), seen);
  }
  throw new Error(`page-routes: cannot read the value of ${name} in ${scope.file}`);
}

function property(object, name) {
  return object.properties.find((p) => p.type === 'Property' && !p.computed && nameOf(p.key) === name)?.value;
}

function join(base, segment) {
  if (segment.startsWith('/')) return segment;
  return `${base.replace(/\/$/, '')}/${segment}`;
}

/** An array of routes written in place, or a constant of this file or of a module it imports. */
function routeList(node, scope, what, seen = new Set()) {
  const value = unwrap(node);
  if (value.type === 'ArrayExpression') return [value, scope];
  if (value.type === 'Identifier') {
    const key = `${scope.file}#${value.name}`;
    if (!seen.has(key)) {
      seen.add(key);
      const local = scope.consts.get(value.name);
      if (local) return routeList(local, scope, what, seen);
      const imported = scope.imports.get(value.name);
      const file = imported && existing(imported.candidates);
      if (file) {
        const other = scopeOf(file);
        const target = other.consts.get(imported.name);
        if (target) return routeList(target, other, what, seen);
      }
    }
  }
  throw new Error(`page-routes: cannot follow ${what} in ${scope.file}`);
}

/** Visits `node` and every node under it, depth first, until `visit` returns true. */
function walk(node, visit) {
  if (visit(node)) return true;
  for (const value of Object.values(node)) {
    const children = Array.isArray(value) ? value : [value];
    for (const child of children) {
      if (child && typeof child.type === 'string' && walk(child, visit)) return true;
    }
  }
  return false;
}

/** The first `import('…')` inside a node, as an absolute module path. */
function importedModule(node, scope) {
  let found;
  walk(node, (child) => {
    if (child.type !== 'ImportExpression' || !isString(child.source)) return false;
    const target = path.resolve(path.dirname(scope.file), child.source.value);
    found = existing(['.tsx', '.ts', '/index.ts'].map((ext) => `${target}${ext}`));
    return true;
  });
  return found;
}

/** Whether a route's `lazy` says its page is drawn with the frame's strings alone (lazy-page.ts). */
function usesFrameStrings(node) {
  return walk(
    node,
    (child) => child.type === 'Property' && nameOf(child.key) === 'frameStrings' && isTrue(child.value),
  );
}

/** `lazyChildren(…)`: the route's children are the `routes` of the module it imports. */
function isLazyChildren(node) {
  const value = unwrap(node);
  return (
    value.type === 'CallExpression' &&
    value.callee.type === 'Identifier' &&
    value.callee.name === 'lazyChildren'
  );
}

const ROUTES = { type: 'Identifier', name: 'routes' };

/**
 * The full path patterns of the routes in an array literal (spreads of constants followed); with
 * `pages`, each pattern's lazy page module and whether it needs the whole string catalogue.
 */
function collect(array, scope, base, out, pages = new Map(), via = []) {
  for (const element of array.elements) {
    if (element.type === 'SpreadElement') {
      const [list, listScope] = routeList(element.argument, scope, sourceOf(element, scope));
      collect(list, listScope, base, out, pages, via);
      continue;
    }
    const route = unwrap(element);
    if (route.type !== 'ObjectExpression')
      throw new Error(
        `page-routes: a route that is not an object literal in ${scope.file}: ${sourceOf(element, scope)}`,
      );
    const pathNode = property(route, 'path');
    const isIndex = isTrue(property(route, 'index'));
    const segment = pathNode ? resolveNode(pathNode, scope) : undefined;
    if (pathNode && segment === undefined)
      throw new Error(`page-routes: cannot read the path ${sourceOf(pathNode, scope)} in ${scope.file}`);
    const full = segment === undefined ? base : join(base, segment);
    // `*` alone is the not-found page of its layout: what it matches is no page.
    if (isIndex || (segment !== undefined && segment !== '*')) out.add(full === '' ? '/' : full);
    const lazy = property(route, 'lazy');
    const module = lazy && importedModule(lazy, scope);
    if (module && (isIndex || segment !== undefined))
      pages.set(full === '' ? '/' : full, { module, frameStrings: usesFrameStrings(lazy), via });
    const children = property(route, 'children');
    if (children) {
      const [list, listScope] = routeList(children, scope, `the children of ${full || '/'}`);
      collect(list, listScope, full, out, pages, via);
    }
    const handle = property(route, 'handle');
    const childrenModule = handle && isLazyChildren(handle) && importedModule(handle, scope);
    if (childrenModule) {
      const childScope = scopeOf(childrenModule);
      const [list, listScope] = routeList(ROUTES, childScope, 'routes');
      collect(list, listScope, full, out, pages, [...via, childrenModule]);
    }
  }
  return out;
}

/** Each page pattern's lazy module (absolute path) and whether it waits for the whole catalogue. */
export function pageModules(routesFile) {
  const scope = scopeOf(routesFile);
  const [routes, routesScope] = routeList(ROUTES, scope, 'routes');
  const pages = new Map();
  collect(routes, routesScope, '', new Set(), pages);
  return pages;
}

/**
 * What a page fetches beyond the first load, by pattern: its chunk and the chunks it imports that
 * the entry does not, their stylesheets, and the string catalogue unless the page is drawn with the
 * frame's strings. The server names them in a `Link` header of the page's HTML so the browser
 * fetches them beside the entry instead of after it has run (decision 133).
 */
function pagePreloads(pages, bundle) {
  const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const byModule = new Map(chunks.filter((c) => c.facadeModuleId).map((c) => [c.facadeModuleId, c]));
  const firstLoad = new Set();
  const addStatic = (fileName, into) => {
    if (into.has(fileName)) return;
    into.add(fileName);
    for (const imported of byFile.get(fileName)?.imports ?? []) addStatic(imported, into);
  };
  for (const chunk of chunks) if (chunk.isEntry) addStatic(chunk.fileName, firstLoad);
  const catalogue = Object.values(bundle).find(
    (item) =>
      item.type === 'asset' &&
      (item.originalFileNames ?? []).some((name) => name.endsWith('src/locales/en.json')),
  );
  const out = {};
  for (const [pattern, page] of pages) {
    const chunk = byModule.get(page.module);
    if (!chunk) continue;
    const files = new Set();
    // The chunks of the route tables the page is discovered through come first (lazy-children.ts).
    for (const table of page.via) {
      const tableChunk = byModule.get(table);
      if (tableChunk) addStatic(tableChunk.fileName, files);
    }
    addStatic(chunk.fileName, files);
    const scripts = [...files].filter((file) => !firstLoad.has(file));
    const styles = scripts.flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]);
    out[pattern] = {
      scripts: scripts.map((file) => `/${file}`),
      styles: [...new Set(styles)].map((file) => `/${file}`),
      fetches: catalogue && !page.frameStrings ? [`/${catalogue.fileName}`] : [],
    };
  }
  return out;
}

/** The page path patterns (react-router syntax, from the root) of the route table's `routes`. */
export function pageRoutes(routesFile) {
  const scope = scopeOf(routesFile);
  if (!scope.consts.has('routes')) throw new Error(`page-routes: ${routesFile} has no \`const routes\``);
  const [routes, routesScope] = routeList(ROUTES, scope, 'routes');
  return [...collect(routes, routesScope, '', new Set())].sort();
}

/** Vite plugin: dist/.vite/page-routes.json and page-preloads.json from src/app/routes.tsx. */
export function pageRoutesPlugin() {
  let routesFile;
  return {
    name: 'academy-page-routes',
    apply: 'build',
    configResolved(config) {
      routesFile = path.join(config.root, 'src/app/routes.tsx');
    },
    generateBundle(_options, bundle) {
      this.emitFile({
        type: 'asset',
        fileName: '.vite/page-routes.json',
        source: `${JSON.stringify(pageRoutes(routesFile), null, 1)}\n`,
      });
      this.emitFile({
        type: 'asset',
        fileName: '.vite/page-preloads.json',
        source: `${JSON.stringify(pagePreloads(pageModules(routesFile), bundle), null, 1)}\n`,
      });
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(pageRoutes(path.resolve(import.meta.dirname, '../src/app/routes.tsx')).join('\n'));
}
