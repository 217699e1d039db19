/**
 * Keyset pages of the admin lists: newest first, each page continuing after the last row of the
 * one before, so a page costs the same at row 100 or row 100,000. A cursor is opaque to clients:
 * the row's time in microseconds since 1970 and its id.
 */
import { z } from 'zod';
import { t } from '../messages';
import { queryInt } from './fields';

export const PAGE_SIZE = { default: 50, max: 500 } as const;

export const pageCursor = z
  .string()
  .regex(/^\d{1,17}_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, {
    error: () => t('request.invalidCursor'),
  })
  .describe('The `next` cursor of the page before');

/** Where a list goes on: the cursor to send as `before`, or null on the last page. */
export const pageNext = z.string().nullable().describe('The cursor for `before`, or null at the end');

export const pageLimit = queryInt(1, PAGE_SIZE.max, 'limit').describe(`Rows per page, 1 to ${PAGE_SIZE.max}`);

/** A page of rows and where the next one starts (null on the last page). */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}
