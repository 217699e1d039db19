/** Every migration, in order. Append new ones; never edit one that has landed. */
import * as initial from './2026-11-22T0000-initial';

export const migrations = {
  '2026-11-22T0000-initial': initial,
};
