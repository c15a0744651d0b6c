// The script inline in index.html that starts a page's first API reads before the app's scripts
// have loaded (src/app/early-script.ts, decision 171): bundled on its own (an IIFE, minified, no
// request of its own) and put in the page's head. The server allows it by its hash in the
// Content-Security-Policy (apps/api/src/platform/http/web.ts reads it from the built index.html).
import path from 'node:path';
import { build } from 'vite';

const ENTRY = 'src/app/early-script.ts';
/** The script is in every page's HTML: it must stay a few KB. */
const MAX_BYTES = 4096;

async function bundle(root) {
  const result = await build({
    configFile: false,
    root,
    logLevel: 'silent',
    build: {
      write: false,
      minify: true,
      sourcemap: false,
      lib: { entry: path.join(root, ENTRY), formats: ['iife'], name: 'academyEarly' },
    },
  });
  const outputs = Array.isArray(result) ? result : [result];
  const chunk = outputs.flatMap((output) => output.output).find((item) => item.type === 'chunk');
  if (!chunk) throw new Error(`early-script: no code built from ${ENTRY}`);
  const code = chunk.code.trim();
  if (code.length > MAX_BYTES)
    throw new Error(`early-script: ${ENTRY} bundles to ${code.length} bytes (at most ${MAX_BYTES})`);
  // Inline, the text must not close its own element.
  if (code.includes('</script')) throw new Error('early-script: the code contains </script');
  return code;
}

const PLACEHOLDER = '<!--early-script-->';

/**
 * Vite plugin: the early script replaces the placeholder in index.html's head (built once per
 * build). It stands before the stylesheet: an inline script waits for the stylesheets above it.
 */
export function earlyScriptPlugin() {
  let root;
  let cached;
  let isBuild = false;
  return {
    name: 'academy-early-script',
    configResolved(config) {
      root = config.root;
      isBuild = config.command === 'build';
    },
    async transformIndexHtml(html) {
      if (!html.includes(PLACEHOLDER)) throw new Error(`early-script: index.html has no ${PLACEHOLDER}`);
      const code = isBuild && cached ? cached : await bundle(root);
      if (isBuild) cached = code;
      return html.replace(PLACEHOLDER, () => `<script>${code}</script>`);
    },
  };
}
