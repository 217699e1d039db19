/**
 * Field names of forms are typed from the shared schemas: the compiler itself refuses a misspelt
 * name or a control pointed at a field of another kind. Proved by compiling two fixtures, which
 * the project's own typecheck leaves out because one of them must fail.
 */
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const fixture = (name: string) => path.join(root, 'tests/fixtures/form-typing', name);

function diagnosticsByFile(): Map<string, string[]> {
  const configFile = ts.readConfigFile(path.join(root, 'tsconfig.json'), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(configFile.config, ts.sys, root);
  const files = [fixture('valid.tsx'), fixture('misspelt.tsx')];
  const program = ts.createProgram(files, { ...options, noEmit: true });
  const out = new Map<string, string[]>(files.map((f) => [f, []]));
  for (const d of ts.getPreEmitDiagnostics(program)) {
    const file = d.file?.fileName;
    if (file && out.has(file)) {
      const line = d.file!.getLineAndCharacterOfPosition(d.start ?? 0).line + 1;
      out.get(file)!.push(`${line}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
    }
  }
  return out;
}

describe('form field names', () => {
  const diagnostics = diagnosticsByFile();

  it('compile when they name fields of the schema', () => {
    expect(diagnostics.get(fixture('valid.tsx'))).toEqual([]);
  });

  it('fail the typecheck when misspelt or of another kind', () => {
    const errors = diagnostics.get(fixture('misspelt.tsx')) ?? [];
    const lines = errors.map((e) => Number(e.split(':')[0]));
    expect(new Set(lines)).toEqual(new Set([13, 14, 15, 22]));
    expect(errors.find((e) => e.startsWith('13:'))).toContain('"ocupation"');
    expect(errors.find((e) => e.startsWith('22:'))).toContain('"overview.maintext"');
  });
});
