// Lucide 1.75.0 (https://lucide.dev, ISC licence), written by scripts/icons.mjs: run it rather than editing.
import { icon } from './icon';

export const CircleSlash = icon('circle-slash', [
  ['circle', { cx: '12', cy: '12', r: '10' }],
  ['line', { x1: '9', x2: '15', y1: '15', y2: '9' }],
]);
