/** Every migration, in order. Append new ones; never edit one that has landed. */
import * as initial from './2026-11-22T0000-initial';
import * as campaignVersion from './2026-11-22T0100-campaign-version';
import * as security from './2026-11-22T0200-security';
import * as hotPaths from './2026-11-23T0000-hot-paths';
import * as staff from './2026-11-24T0000-staff';
import * as giving from './2026-11-25T0000-giving';
import * as hausa from './2026-11-26T0000-hausa';
import * as mailOutbox from './2026-11-27T0000-mail-outbox';
import * as mailMessages from './2026-11-28T0000-mail-messages';
import * as outboxRetry from './2026-11-28T0100-outbox-retry';
import * as newsletterEditions from './2026-11-29T0000-newsletter-editions';
import * as onlinePayments from './2026-11-30T0000-online-payments';
import * as donorAndStaffWay from './2026-12-01T0000-donor-and-staff-way';
import * as mailAttachment from './2026-12-01T0100-mail-attachment';
import * as textOverrides from './2026-12-02T0000-text-overrides';
import * as requestIds from './2026-12-03T0000-request-ids';
import * as imageAvif from './2026-12-04T0000-image-avif';
import * as formClientIds from './2026-12-04T0100-form-client-ids';
import * as pledgePaymentChecks from './2026-12-05T0100-pledge-payment-checks';
import * as editionRenderings from './2026-12-05T0200-edition-renderings';
import * as receiptPdfs from './2026-12-05T0300-receipt-pdfs';
import * as mailFloods from './2026-12-05T0400-mail-floods';

export const migrations = {
  '2026-11-22T0000-initial': initial,
  '2026-11-22T0100-campaign-version': campaignVersion,
  '2026-11-22T0200-security': security,
  '2026-11-23T0000-hot-paths': hotPaths,
  '2026-11-24T0000-staff': staff,
  '2026-11-25T0000-giving': giving,
  '2026-11-26T0000-hausa': hausa,
  '2026-11-27T0000-mail-outbox': mailOutbox,
  '2026-11-28T0000-mail-messages': mailMessages,
  '2026-11-28T0100-outbox-retry': outboxRetry,
  '2026-11-29T0000-newsletter-editions': newsletterEditions,
  '2026-11-30T0000-online-payments': onlinePayments,
  '2026-12-01T0000-donor-and-staff-way': donorAndStaffWay,
  '2026-12-01T0100-mail-attachment': mailAttachment,
  '2026-12-02T0000-text-overrides': textOverrides,
  '2026-12-03T0000-request-ids': requestIds,
  '2026-12-04T0000-image-avif': imageAvif,
  '2026-12-04T0100-form-client-ids': formClientIds,
  '2026-12-05T0100-pledge-payment-checks': pledgePaymentChecks,
  '2026-12-05T0200-edition-renderings': editionRenderings,
  '2026-12-05T0300-receipt-pdfs': receiptPdfs,
  '2026-12-05T0400-mail-floods': mailFloods,
};
