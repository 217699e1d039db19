// Lucide 1.75.0 (https://lucide.dev, ISC licence), written by scripts/icons.mjs: run it rather than editing.
import { icon } from './icon';

export const Check = icon('check', [['path', { d: 'M20 6 9 17l-5-5' }]]);
