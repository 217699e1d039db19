/**
 * React DOM's browser build as an ES module, for the client build: `react-dom/client` resolves to
 * React's own production file, whose three `require` calls become imports and whose three
 * `exports.` assignments become exports. Nothing else in it changes.
 *
 * Why: as CommonJS the bundler puts all of React DOM (200 kB minified) inside one function that
 * runs when the app starts. A phone's JavaScript engine compiles that one function as a whole on
 * the page's main thread, in the task that starts the app; as a module's top level it is compiled
 * while the file downloads, off the main thread, and each inner function only when first called.
 *
 * The file's shape is checked: a React release that changes it fails the build here, saying so,
 * rather than shipping a half-converted React.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

const reactDomFolder = path.dirname(createRequire(import.meta.url).resolve('react-dom/package.json'));
export const REACT_DOM_CLIENT = path.join(reactDomFolder, 'cjs', 'react-dom-client.production.js');

const REQUIRES =
  'var Scheduler = require("scheduler"),\n  React = require("react"),\n  ReactDOM = require("react-dom");';
const IMPORTS = 'import Scheduler from "scheduler";\nimport React from "react";\nimport ReactDOM from "react-dom";';
const EXPORTS = ['createRoot', 'hydrateRoot', 'version'];

/** React DOM's client build rewritten as a module; throws where its shape is not the expected one. */
export function reactDomClientAsModule(code: string): string {
  const count = (text: string) => code.split(text).length - 1;
  const problems = [
    count(REQUIRES) !== 1 && 'its three requires are not where expected',
    count('require(') !== 3 && 'it has requires other than those three',
    count('exports.') !== EXPORTS.length && `it exports other than ${EXPORTS.join(', ')}`,
    ...EXPORTS.map((name) => count(`\nexports.${name} = `) !== 1 && `exports.${name} is not assigned once`),
  ].filter((problem): problem is string => typeof problem === 'string');
  if (problems.length)
    throw new Error(`react-dom-as-module: React DOM's client build changed shape (${problems.join('; ')})`);
  let converted = code.replace(REQUIRES, IMPORTS);
  for (const name of EXPORTS) converted = converted.replace(`\nexports.${name} = `, `\nexport var ${name} = `);
  return converted;
}

/** The client build's plugin: `react-dom/client` is React DOM's production file, as a module. */
export function reactDomAsModule(): Plugin {
  return {
    name: 'react-dom-as-module',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    enforce: 'pre',
    config: () => ({ resolve: { alias: [{ find: /^react-dom\/client$/, replacement: REACT_DOM_CLIENT }] } }),
    transform(code, id) {
      return id === REACT_DOM_CLIENT ? { code: reactDomClientAsModule(code), map: null } : null;
    },
  };
}
