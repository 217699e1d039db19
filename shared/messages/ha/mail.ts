/** Hausa versions of en/mail.ts. Awaiting review by a native speaker. */
import type { mailMessages } from '../en/mail';

export const mailMessagesHa: Record<keyof typeof mailMessages, string> = {
  'mail.greeting': 'Sannu {name},',
  'mail.greetingNoName': 'Sannu,',
  'mail.signature': 'Da godiya,\nƘungiyar {name}',
  'mail.footerAddress': '{name} · {address}',
  'mail.footerWhy': 'Kana karɓar wannan saƙo ne saboda wani abu da ka yi a {site}.',
  'mail.footerContact': 'Kana da tambaya? Ka amsa wannan saƙo ko ka rubuta zuwa {email}.',
  'mail.fact.amount': 'Adadin kuɗi',
  'mail.fact.campaign': 'Kamfen',
  'mail.fact.accountName': 'Sunan asusu',
  'mail.fact.accountNumber': 'Lambar asusu',
  'mail.fact.bank': 'Banki',
  'mail.fact.reference': 'Lambar biyan kuɗi',
  'mail.fact.receiptNumber': 'Lambar rasiti',
  'mail.fact.receivedOn': 'Ranar karɓa',
  'mail.dateTime': '{date} da ƙarfe {time} (agogon Legas)',
  'mail.pledge.subject': 'Alkawarinka {reference}: yadda za ka tura {amount}',
  'mail.pledge.preview': 'Ka tura {amount} tare da lambar {reference} a bayanin tura kuɗin.',
  'mail.pledge.intro':
    'Mun gode da alkawarin ba da {amount} ga “{campaign}”. Don bayarwa, ka tura kuɗi ta banki zuwa asusun da ke ƙasa.',
  'mail.pledge.referenceTitle': 'Ka rubuta wannan lamba a bayanin tura kuɗinka',
  'mail.pledge.referenceHint': 'Da ita ne muke gane cewa kuɗin da ka tura na wannan kamfen ne.',
  'mail.pledge.expires': 'Lambar tana aiki har zuwa {when}.',
  'mail.pledge.pageHint': 'Shafin alkawarinka yana nuna waɗannan bayanai, da rasitinka da zarar kuɗin sun iso.',
  'mail.pledge.pageLink': 'Buɗe shafin alkawarinka',
  'mail.reminder.subject': 'Tunatarwa: alkawarinka {reference} zai ƙare ranar {date}',
  'mail.reminder.preview': 'Har yanzu ba mu karɓi {amount} da ka yi alkawari ba.',
  'mail.reminder.intro':
    'Har yanzu ba mu karɓi kuɗin {amount} da ka yi alkawarin turawa ga “{campaign}” ba. Lambarka tana aiki har zuwa {when}.',
  'mail.reminder.already':
    'Idan ka riga ka tura kuɗin, mun gode: yana iya ɗaukar kwana ɗaya ko biyu kafin ya iso mana, sannan za ka karɓi rasiti.',
  'mail.receipt.subject': 'Rasiti {number}: mun gode da gudummawarka',
  'mail.receipt.preview': 'Mun karɓi {amount} domin “{campaign}”.',
  'mail.receipt.intro': 'Mun karɓi gudummawarka ta {amount} ga “{campaign}”. Mun gode ƙwarai!',
  'mail.receipt.pageLink': 'Duba ka buga rasitinka',
  'mail.application.subject': 'Mun karɓi takardar neman shigarka',
  'mail.application.preview': 'Mun gode da nema. Ga abin da zai biyo baya.',
  'mail.application.intro.volunteer':
    'Mun gode da niyyarka ta yin aikin sa-kai tare da mu. Mun karɓi takardar neman shigarka.',
  'mail.application.intro.partner':
    'Mun gode da shawarar haɗin gwiwa a madadin {organization}. Mun karɓi takardar neman shigarka.',
  'mail.application.intro.advocate':
    'Mun gode da niyyarka ta yin magana domin manufofinmu. Mun karɓi takardar neman shigarka.',
  'mail.application.nextTitle': 'Abin da zai biyo baya',
  'mail.application.step1': 'Ƙungiyarmu tana karanta kowace takarda, kuma tana iya rubuto maka da tambaya.',
  'mail.application.step2': 'Idan ta dace da buƙatarmu, za mu tuntuɓe ka domin mu tattauna yadda za mu yi aiki tare.',
  'mail.application.step3':
    'Ba sai ka ƙara yin komai ba yanzu; idan wani abu ya canza a ɓangarenka, ka amsa wannan saƙo.',
  'mail.application.campaigns': 'Kafin nan, ka duba abin da kamfen ɗinmu suke yi',
  'mail.contact.subject': 'Mun karɓi saƙonka: {subject}',
  'mail.contact.preview': 'Mun gode da rubuto mana.',
  'mail.contact.intro': 'Mun gode da rubuto mana. Mun karɓi saƙonka mai taken “{subject}”.',
  'mail.contact.next': 'Muna karanta kowane saƙo kuma muna amsawa da wuri, yawanci cikin ‘yan kwanakin aiki.',
  'mail.welcome.subject': 'Barka da zuwa {name}',
  'mail.welcome.preview': 'An amince da takardar neman shigarka.',
  'mail.welcome.intro.volunteer': 'Albishir: an amince da takardarka ta aikin sa-kai. Barka da shigowa cikin ƙungiyar!',
  'mail.welcome.intro.partner': 'Albishir: an amince da haɗin gwiwar da ka nema domin {organization}. Barka da zuwa!',
  'mail.welcome.intro.advocate': 'Albishir: an amince da takardarka ta zama mai fafutuka. Barka da zuwa!',
  'mail.welcome.next':
    'Ɗaya daga cikin ƙungiyarmu zai tuntuɓe ka nan ba da daɗewa ba domin mu tsara matakan farko tare.',
  'mail.welcome.campaigns': 'Duba kamfen ɗinmu',
};
