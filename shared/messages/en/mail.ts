/** Texts of the mails the site sends: the layout, donors' and applicants' mails. Server only. */
export const mailMessages = {
  'mail.greeting': 'Hello {name},',
  'mail.greetingNoName': 'Hello,',
  'mail.signature': 'With thanks,\nThe {name} team',
  'mail.footerAddress': '{name} · {address}',
  'mail.footerWhy': 'You receive this mail because of something you did on {site}.',
  'mail.footerContact': 'Questions? Reply to this mail or write to {email}.',
} as const;
