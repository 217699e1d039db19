/** Hausa versions of en/outbox.ts. Awaiting review by a native speaker. */
import type { outboxMessages } from '../en/outbox';

export const outboxMessagesHa: Record<keyof typeof outboxMessages, string> = {
  'outbox.nav': 'Saƙonni masu fita',
  'outbox.title': 'Saƙonni masu fita',
  'outbox.intro':
    'Duk imel ɗin da shafin ke aikawa, sababbi a farko. Saƙon da bai isa ba ana sake gwada shi har kwana ɗaya; idan sabar imel ta ƙi shi, an gama da shi nan take.',
  'outbox.stateFilter': 'Matsayi',
  'outbox.anyState': 'Kowane matsayi',
  'outbox.status.queued': 'Yana jira',
  'outbox.status.sending': 'Ana aikawa',
  'outbox.status.sent': 'An aika',
  'outbox.status.failed': 'Ya kasa',
  'outbox.to': 'Zuwa ga',
  'outbox.kind': 'Iri',
  'outbox.subject': "Maudu'i",
  'outbox.attempts': 'Yunƙuri',
  'outbox.lastError': 'Kuskuren ƙarshe',
  'outbox.times': 'Lokuta',
  'outbox.queuedAt': 'An saka a jerin jira {when}',
  'outbox.sentAt': 'An aika {when}',
  'outbox.actions': 'Ayyuka',
  'outbox.empty': 'Babu saƙo a nan.',
  'outbox.loadFailed': 'Ba a iya loda saƙonni masu fita ba',
  'outbox.retry': 'Sake aikawa yanzu',
  'outbox.retryLabel': 'Sake aika saƙon zuwa ga {to} yanzu',
  'outbox.retryFailed': 'Ba a iya sake saka saƙon a jerin jira ba',
  'outbox.view': 'Duba',
  'outbox.viewLabel': 'Duba saƙon zuwa ga {to}',
  'outbox.messageTitle': 'Saƙo zuwa ga {to}',
  'outbox.textBody': 'Rubutun saƙon',
  'outbox.messageLoadFailed': 'Ba a iya loda saƙon ba',
  'outbox.close': 'Rufe',
  'outbox.notFound': 'Ba a sami saƙon ba',
  'outbox.retried': 'Za a aika saƙon yanzu',
  'outbox.alreadySent': 'An riga an aika wannan saƙo: ba a aika shi sau biyu',
  'outbox.beingSent': 'Ana aika wannan saƙo a yanzu: ka jira sakamakon',
  'outbox.composedLater': 'Za a rubuta shi lokacin da za a aika shi',
  'outbox.notSendable':
    'Ba a iya rubuta wannan saƙo a matsayin imel ba, don haka ba za a iya aika shi ba: Kuskuren ƙarshe ya faɗi dalili',
  'outbox.notSetUp': 'Ba a saita imel ba: {count, plural, one {saƙo # yana} other {saƙonni # suna}} jira a {directory}',
  'outbox.notSetUpHint':
    'Ka saita SMTP_URL domin a aika su (duba docs/email.md); saƙonnin da aka riga aka ajiye a matsayin fayil ba za a aika su ba.',
  'outbox.waiting':
    '{count, plural, one {imel # bai isa ba tukuna} other {imel # ba su isa ba tukuna}} (an kasa aika {failed})',
  'outbox.open': 'Buɗe saƙonni masu fita',
  'activity.outboxRetried': '{who} — an sake aika saƙo ({what})',
};
