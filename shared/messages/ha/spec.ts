/** Hausa versions of the spec's texts (see en/spec.ts). Awaiting review by a native speaker. */
import type { specMessages } from '../en/spec';

export const specMessagesHa: Record<keyof typeof specMessages, string> = {
  // Forms
  'form.requiredFields': 'Da fatan za a cike dukkan wuraren da suke wajibi',
  'form.registrationFailed': 'Rajista ba ta yi nasara ba',
  'form.registrationFallback': 'Ba a iya aika fom ɗin ba. Da fatan za a sake gwadawa.',
  'form.applicationSuccess': 'An aika da buƙatarka cikin nasara! Za mu tuntuɓe ka ba da jimawa ba.',
  'contact.failed': 'Ba a iya aika saƙon ba',
  'contact.fallback': 'Ba a iya aika saƙon ba. Da fatan za a sake gwadawa.',
  'contact.success': 'An aika saƙonka cikin nasara! Za mu amsa maka ba da jimawa ba.',
  'newsletter.fallback': 'Ba a iya yin rajista ba. Da fatan za a sake gwadawa.',
  'newsletter.thanks': 'Mun gode da yin rajista don wasiƙar labaranmu!',
  'newsletter.success': 'An yi rajista cikin nasara!',

  // Login
  'login.invalid': 'Bayanan shiga ba daidai ba ne. Da fatan za a sake gwadawa.',
  'login.networkError': 'An sami kuskure. Da fatan za a sake gwadawa.',

  // Submissions admin
  'submissions.loadFailed': 'Ba a iya loda bayanan da aka aiko ba',
  'submissions.statusFailed': 'Ba a iya sabunta matsayi ba',
  'submissions.statusUpdated': 'An sabunta matsayi cikin nasara',
  'submissions.empty.volunteer': 'Babu wanda ya nemi aikin sa-kai tukuna',
  'submissions.empty.partner': 'Babu wanda ya nemi haɗin gwiwa tukuna',
  'submissions.empty.advocate': 'Babu wanda ya nemi zama mai fafutuka tukuna',
  'submissions.empty.newsletter': 'Babu masu rajistar wasiƙar labarai tukuna',
  'submissions.empty.contact': 'Babu saƙonnin tuntuɓa tukuna',
  'date.notAvailable': 'Babu kwanan wata',
  'date.invalid': 'Kwanan wata ba daidai ba ne',

  // Campaigns
  'campaigns.httpError': 'Kuskuren HTTP! lamba: {code}',
  'campaigns.fetchFailed': 'Ba a iya samo gangamai ba. Da fatan za a sake gwadawa anjima.',
  'campaigns.listFailed': 'Ba a iya samo gangamai ba',
  'campaigns.createFailed': 'Ba a iya ƙirƙirar gangami ba...',
  'campaigns.updateFailed': 'Ba a iya sabunta gangami ba...',
  'campaigns.deleteFailed': 'Ba a iya goge gangami ba...',
  'campaigns.notFound': 'Ba a sami gangamin ba',
  'campaigns.requiredFields': 'Da fatan za a cike dukkan wuraren da suke wajibi: {fields}',
  'campaigns.deleteConfirm': 'Ka tabbata kana son goge wannan gangami?',
  'campaigns.donateNow': 'Tallafa yanzu',

  // Uploads
  'upload.singleFailed': 'Ba a iya ɗora hoton ba. Da fatan za a sake gwadawa.',
  'upload.multipleFailed': 'Ba a iya ɗora hotunan ba. Da fatan za a sake gwadawa.',

  // Admin dashboard
  'dashboard.comingSoon': 'Yana nan tafe',
};
