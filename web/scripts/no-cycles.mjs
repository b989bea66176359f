// Fails when the app's modules import each other in a circle (issue 49, the lint's `import/no-cycle`). A circle
// makes the order in which modules run depend on which is imported first, and hides which layer owns what.
// Reads every import and export-from of src/ (tests left out: they sit on top of what they test), resolves '@/'
// and relative paths to files, and looks for a circle by depth-first search. Type-only imports count too: they
// tie the modules' meaning together even where the bundle drops them.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const SRC = resolve(dirname(new URL(import.meta.url).pathname), '../src');
const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];
const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g;

function sources(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    const isSource = /\.(ts|tsx)$/.test(name) && !/\.(test|d)\.tsx?$/.test(name);
    return isSource && !path.startsWith(join(SRC, 'test')) ? [path] : [];
  });
}

function resolveImport(from, specifier) {
  let base;
  if (specifier.startsWith('@/')) base = join(SRC, specifier.slice(2));
  else if (specifier.startsWith('.')) base = resolve(dirname(from), specifier);
  else return null; // a package
  if (existsSync(base) && statSync(base).isFile()) return base;
  for (const extension of EXTENSIONS) if (existsSync(base + extension)) return base + extension;
  return null;
}

const graph = new Map();
for (const file of sources(SRC)) {
  const text = readFileSync(file, 'utf8');
  const targets = new Set();
  for (const match of text.matchAll(IMPORT)) {
    const target = resolveImport(file, match[1] ?? match[2]);
    if (target) targets.add(target);
  }
  graph.set(file, [...targets]);
}

// Depth-first search with the path on a stack: an edge back into the stack is a circle.
const done = new Set();
const onPath = new Map();
const circles = [];
function visit(file, path) {
  if (done.has(file)) return;
  if (onPath.has(file)) {
    circles.push(path.slice(onPath.get(file)).concat(file));
    return;
  }
  onPath.set(file, path.length);
  path.push(file);
  for (const next of graph.get(file) ?? []) visit(next, path);
  path.pop();
  onPath.delete(file);
  done.add(file);
}
for (const file of graph.keys()) visit(file, []);

if (circles.length > 0) {
  console.error(`Import circles in web/src (${circles.length}):`);
  for (const circle of circles) console.error('  ' + circle.map((file) => relative(SRC, file)).join(' -> '));
  process.exit(1);
}
