/** Hausa versions of en/password-reset.ts. Awaiting review by a native speaker. */
import type { passwordResetMessages } from '../en/password-reset';

export const passwordResetMessagesHa: Record<keyof typeof passwordResetMessages, string> = {
  'passwordReset.requested':
    "Idan wani asusun ma'aikaci yana amfani da wannan imel, mahaɗin zaɓar sabuwar kalmar sirri yana kan hanya. Yana aiki sau ɗaya, na minti 30.",
  'passwordReset.tooMany': 'Buƙatu sun yi yawa. Da fatan za a sake gwadawa bayan {wait}.',
  'passwordReset.done': 'An saita kalmar sirrinka. Yanzu za ka iya shiga da ita.',
  'passwordReset.linkInvalid': 'Wannan mahaɗin ba shi da inganci. Da fatan ka nemi wani sabo.',
  'passwordReset.linkExpired': "Wa'adin wannan mahaɗin ya ƙare. Da fatan ka nemi wani sabo.",
  'passwordReset.linkUsed': 'An riga an yi amfani da wannan mahaɗin. Da fatan ka nemi wani sabo.',
  'passwordReset.forgot.link': 'Ka manta kalmar sirrinka?',
  'passwordReset.forgot.title': 'Ka manta kalmar sirrinka',
  'passwordReset.forgot.intro':
    "Rubuta imel ɗin asusunka na ma'aikaci, za mu aiko maka da mahaɗin zaɓar sabuwar kalmar sirri.",
  'passwordReset.forgot.submit': 'Aika mahaɗin',
  'passwordReset.forgot.submitting': 'Ana aikawa…',
  'passwordReset.backToSignIn': 'Koma wurin shiga',
  'passwordReset.page.title': 'Zaɓi sabuwar kalmar sirri',
  'passwordReset.page.inviteTitle': 'Zaɓi kalmar sirrinka',
  'passwordReset.page.intro': 'Rubuta sabuwar kalmar sirrinka sau biyu. Za a fitar da duk zaman asusunka.',
  'passwordReset.page.inviteIntro': 'Zaɓi kalmar sirrin da za ka riƙa shiga da ita, ka rubuta ta sau biyu.',
  'passwordReset.page.rules':
    "Aƙalla haruffa {min}, ba sarari kaɗai ba, kuma ba kalmar sirri da aka saba ba. 'Yan kalmomi da ba su da alaƙa da juna suna sa ta yi ƙarfi.",
  'passwordReset.page.submit': 'Saita kalmar sirri',
  'passwordReset.page.submitting': 'Ana ajiyewa…',
  'passwordReset.page.failed': 'Ba a iya saita kalmar sirri ba. Da fatan za a sake gwadawa.',
  'passwordReset.page.signIn': 'Shiga',
  'passwordReset.page.askAgain': 'Nemi sabon mahaɗi',
  'passwordReset.mail.subject': 'Zaɓi sabuwar kalmar sirri',
  'passwordReset.mail.preview': "Mahaɗin zaɓar sabuwar kalmar sirri don asusunka na ma'aikaci",
  'passwordReset.mail.intro': "Wani ya nemi a sake saita kalmar sirrin asusun ma'aikaci {email} a {site}.",
  'passwordReset.mail.button': 'Zaɓi sabuwar kalmar sirri',
  'passwordReset.mail.expires':
    'Mahaɗin yana aiki sau ɗaya, na minti 30. Idan maɓallin bai yi aiki ba, buɗe wannan adireshi:',
  'passwordReset.mail.ignore':
    'Idan ba kai ne ka nema ba, ka yi watsi da wannan saƙo: kalmar sirrinka za ta kasance yadda take.',
  'passwordReset.invite.subject': "Asusunka na ma'aikaci a {site}",
  'passwordReset.invite.preview': 'Zaɓi kalmar sirrinka domin farawa',
  'passwordReset.invite.intro': "An buɗe maka asusun ma'aikaci a {site}, da imel ɗin {email}.",
  'passwordReset.invite.button': 'Zaɓi kalmar sirrinka',
  'passwordReset.invite.expires':
    'Mahaɗin yana aiki sau ɗaya, na kwanaki 7. Idan maɓallin bai yi aiki ba, buɗe wannan adireshi:',
  'passwordReset.invite.later': 'Bayan kwanaki 7, ka tambayi mai gudanarwa kalmar sirri ta amfani sau ɗaya.',
  'passwordReset.users.invited':
    'An aika wa {email} gayyatar zaɓar kalmar sirri ta imel. Kafin a zaɓi sabuwar kalmar sirri, wannan kalmar sirri ta amfani sau ɗaya ma tana aiki.',
  'passwordReset.users.notMailed':
    'Wannan shafi ba ya aika imel tukuna, don haka gayyata ba ta isa ga {email} ba: ga kalmar sirri ta amfani sau ɗaya, ka miƙa ta ga mai asusun.',
  'passwordReset.activity.requested': 'An aika mahaɗin sake saita kalmar sirrin {target} ta imel',
  'passwordReset.activity.reset': '{target} — an saita sabuwar kalmar sirri daga mahaɗin da aka aika ta imel',
};
