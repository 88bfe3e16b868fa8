/**
 * No module writes JSON text by hand: JSON is made by serializers compiled from schemas (and put
 * together from their pieces only by `src/service/json-pieces.ts`, which names no member), or by
 * JSON.stringify. Every string and template literal of every module under src/ and web/ is read
 * with the TypeScript parser, and none may hold a JSON member name (`"version":`) or open an
 * object or an array of them (`{"`, `["`, `,"`). No module is exempt.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import t from 'tap';
import ts from 'typescript';

const root = new URL('../', import.meta.url).pathname;

/** A quoted member name followed by a colon, or a quote right after `{`, `[` or `,` (as a serializer writes them). */
const HAND_JSON = /"[\w$-]+"\s*:|[{[,]"/;

function* modules(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') yield* modules(path);
    } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) yield path;
  }
}

/** The literal texts of a module's strings and templates that look like JSON written by hand. */
function handJson(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      if (HAND_JSON.test(node.text)) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
        found.push(`${relative(root, file)}:${line + 1}: ${JSON.stringify(node.text)}`);
      }
    }
    // An import's module name is not text the module writes.
    if (!ts.isImportDeclaration(node) && !ts.isExportDeclaration(node)) ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

t.test('the check finds JSON written by hand', async (t) => {
  const written = [
    'const a = `{"version":${v},"events":${events}}`;',
    'const b = head + \',"state":\' + state;',
    'const c = `[${items}]`; const d = \'{"created":\' + created;',
  ];
  t.same(
    written.map((code) => handJson('example.ts', code).length),
    [2, 1, 1],
  );
  t.same(handJson('example.ts', 'const ok = JSON.stringify({ version }); const sse = `data: ${json}\\n\\n`;'), []);
});

t.test('no module under src/ or web/ writes JSON by hand', async (t) => {
  let scanned = 0;
  const found: string[] = [];
  for (const dir of ['src', 'web']) {
    for (const file of modules(join(root, dir))) {
      scanned++;
      found.push(...handJson(file, readFileSync(file, 'utf8')));
    }
  }
  t.ok(scanned > 100, `scanned ${scanned} modules`);
  t.same(found, [], 'no string or template literal holds JSON members');
});
