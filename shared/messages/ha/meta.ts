/** Hausa titles and descriptions of the pages (see en/meta.ts). Awaiting review by a native speaker. */
import type { metaMessages } from '../en/meta';

export const metaMessagesHa: Record<keyof typeof metaMessages, string> = {
  'meta.home.title': "{site} — Ci gaban al'umma a Arewacin Najeriya",
  'meta.home.description':
    "Muna tallafa wa ayyukan ruwa, lafiya, ilimi, ciyarwa da ababen more rayuwa tare da al'ummomi a faɗin Arewacin Najeriya. Ba da gudummawa ta hanyar tura kuɗi a banki, yi aikin sa-kai ko ka zama abokin hulɗarmu.",
  'meta.about.title': 'Game da mu — {site}',
  'meta.about.description':
    "Yadda gidauniyar ta fara, abin da take yi da yadda take aiki tare da al'ummomi a Arewacin Najeriya.",
  'meta.get_involved.title': 'Shiga a dama da kai — {site}',
  'meta.get_involved.description': "Yi aikin sa-kai, zama abokin hulɗa, yi fafutuka ko ka shiga al'ummarmu.",
  'meta.volunteer.title': 'Aikin sa-kai — {site}',
  'meta.volunteer.description': "Ba da lokacinka da ƙwarewarka ga ayyukan al'umma a Arewacin Najeriya.",
  'meta.partner.title': 'Zama abokin hulɗarmu — {site}',
  'meta.partner.description': 'Ɗauki nauyin aiki, raba ƙwarewa ko ba da gudummawar kaya ga gidauniyar.',
  'meta.advocate.title': 'Zama mai fafutuka — {site}',
  'meta.advocate.description': "Ka yi magana don al'ummomin da muke yi wa hidima, a yanar gizo da ido da ido.",
  'meta.volunteer_form.title': 'Buƙatar aikin sa-kai — {site}',
  'meta.volunteer_form.description': 'Nemi yin aikin sa-kai tare da gidauniyar.',
  'meta.partner_form.title': 'Buƙatar haɗin gwiwa — {site}',
  'meta.partner_form.description': 'Faɗa mana yadda ƙungiyarka za ta so ta yi haɗin gwiwa da mu.',
  'meta.advocate_form.title': 'Rajistar mai fafutuka — {site}',
  'meta.advocate_form.description': "Yi rajista don yin fafutukar ci gaban al'umma a Arewacin Najeriya.",
  'meta.partner_success.title': 'Mun gode — {site}',
  'meta.partner_success.description': 'Mun karɓi buƙatarka ta haɗin gwiwa.',
  'meta.campaigns.title': 'Gangamai — {site}',
  'meta.campaigns.description':
    'Gangaman tara kuɗi don ruwa, lafiya, ilimi, ciyarwa, ababen more rayuwa da agajin gaggawa a Arewacin Najeriya.',
  'meta.contact.title': 'Tuntuɓe mu — {site}',
  'meta.contact.description': 'Aika wa gidauniyar saƙo.',
  'meta.donate.title': 'Ba da gudummawa — {site}',
  'meta.donate.description':
    'Ba da gudummawa ga gidauniyar ta hanyar tura kuɗi a banki. Gudummawa ta yanar gizo tana nan tafe.',
  'meta.donate.descriptionOnline':
    'Ba da gudummawa ga gidauniyar ta yanar gizo da kati, tura kuɗi ko USSD daga shafin gangami, ko ta hanyar tura kuɗi a banki.',
  'meta.faqs.title': 'Tambayoyin da aka fi yi — {site}',
  'meta.faqs.description': 'Amsoshi game da ba da gudummawa, aikin sa-kai da yadda muke amfani da gudummawa.',
  'meta.terms.title': 'Sharuɗɗan amfani — {site}',
  'meta.terms.description': 'Sharuɗɗan amfani da wannan shafin yanar gizo.',
  'meta.privacy.title': 'Manufar sirri — {site}',
  'meta.privacy.description':
    'Yadda muke tattarawa, amfani da kuma kare bayananka na sirri ƙarƙashin Dokar Kare Bayanai ta Najeriya ta 2023.',
  'meta.login.title': "Shigar ma'aikata — {site}",
  'meta.login.description': 'Shiga dashbod na gidauniyar.',
  'meta.notFound.title': 'Ba a sami shafin ba — {site}',
  'meta.notFound.description': 'Wannan shafi babu shi.',
  'meta.campaignNotFound.title': 'Ba a sami gangamin ba — {site}',
  'meta.campaignNotFound.description': 'Wannan shafi babu shi.',
  'meta.pledge.title': 'Alƙawarinka — {site}',
  'meta.pledge.description': 'Lambar shaidar biyanka, inda za ka tura kuɗi, da rasitinka.',
  'meta.pledge_lookup.title': 'Nemo alƙawarina — {site}',
  'meta.pledge_lookup.description': 'Lambar shaidar biyanka ta ɓace? Karɓi mahaɗan alƙawuranka ta imel.',
  'meta.dashboard.title': 'Dashbod — {site}',
  'meta.campaign.title': '{title} — {site}',
};
