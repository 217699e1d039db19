/**
 * Staff alerts (GET/PUT /api/auth/notifications): for each kind, every new one as it comes, a
 * daily digest at 07:00 Lagos time, or nothing. The default is the digest.
 */
import { z } from 'zod';

export const ALERT_CHOICES = ['each', 'daily', 'none'] as const;
export type AlertChoice = (typeof ALERT_CHOICES)[number];
export const DEFAULT_ALERT: AlertChoice = 'daily';

const choice = z.enum(ALERT_CHOICES);

/** New submissions (for staff who review them); new pledges and unmatched credits (finance). */
export const alertSettings = z.strictObject({ submissions: choice, giving: choice });
export type AlertSettings = z.infer<typeof alertSettings>;
