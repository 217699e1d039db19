/** Every migration, in order. Append new ones; never edit one that has landed. */
import * as initial from './2026-11-22T0000-initial';
import * as campaignVersion from './2026-11-22T0100-campaign-version';

export const migrations = {
  '2026-11-22T0000-initial': initial,
  '2026-11-22T0100-campaign-version': campaignVersion,
};
