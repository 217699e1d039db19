import fs from 'node:fs';
import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import { REACT_DOM_CLIENT, reactDomClientAsModule } from '../../scripts/react-dom-as-module';

const original = fs.readFileSync(REACT_DOM_CLIENT, 'utf8');

describe("React DOM's client build as a module", () => {
  it('turns the installed release into a module that imports and exports what the CommonJS file required and exported', () => {
    const module = reactDomClientAsModule(original);
    const body = parseAst(module).body;
    const imports = body.filter((node) => node.type === 'ImportDeclaration').map((node) => node.source.value);
    expect(imports).toEqual(['scheduler', 'react', 'react-dom']);
    const exported = body.flatMap((node) =>
      node.type === 'ExportNamedDeclaration' && node.declaration?.type === 'VariableDeclaration'
        ? node.declaration.declarations.map((declaration) => (declaration.id as { name: string }).name)
        : [],
    );
    expect(exported).toEqual(['createRoot', 'hydrateRoot', 'version']);
    expect(module).not.toMatch(/\brequire\(|\bexports\./);
    // Only those lines changed.
    const lines = original.split('\n');
    const changed = module.split('\n').filter((line, i) => line !== lines[i]);
    expect(changed).toHaveLength(6);
  });

  it('fails the build, saying why, when a release changes the shape it relies on', () => {
    const withAnotherRequire = original.replace('"use strict";', '"use strict";\nvar Extra = require("extra");');
    expect(() => reactDomClientAsModule(withAnotherRequire)).toThrow(/requires other than those three/);
    const withAnotherExport = `${original}\nexports.preconnect = function () {};`;
    expect(() => reactDomClientAsModule(withAnotherExport)).toThrow(
      /exports other than createRoot, hydrateRoot, version/,
    );
    const reordered = original.replace('React = require("react"),\n  ReactDOM', 'ReactDOM');
    expect(() => reactDomClientAsModule(reordered)).toThrow(/three requires are not where expected/);
  });
});
