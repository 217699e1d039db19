// Lucide 1.75.0 (https://lucide.dev, ISC licence), written by scripts/icons.mjs: run it rather than editing.
import { icon } from './icon';

export const LifeBuoy = icon('life-buoy', [
  ['circle', { cx: '12', cy: '12', r: '10' }],
  ['path', { d: 'm4.93 4.93 4.24 4.24' }],
  ['path', { d: 'm14.83 9.17 4.24-4.24' }],
  ['path', { d: 'm14.83 14.83 4.24 4.24' }],
  ['path', { d: 'm9.17 14.83-4.24 4.24' }],
  ['circle', { cx: '12', cy: '12', r: '4' }],
]);
