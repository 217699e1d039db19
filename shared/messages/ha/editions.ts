/** Newsletter editions in the dashboard, in Hausa. */
import type { editionMessages } from '../en/editions';

export const editionMessagesHa: Record<keyof typeof editionMessages, string> = {
  'editions.nav': 'Wasiƙar labarai',
  'editions.notFound': 'Ba a sami wannan fitowa ba',
  'editions.created': 'An ajiye fitowar a matsayin daftari',
  'editions.saved': 'An ajiye fitowar',
  'editions.deleted': 'An share daftarin',
  'editions.tooLong': 'Rubutun ya yi tsayi da yawa: iyaka {max}',
  'editions.badTime': 'Da fatan za a ba da ingantacciyar rana da lokaci',
  'editions.pastTime': 'Da fatan za a zaɓi lokaci mai zuwa',
  'editions.tooFar': 'Da fatan za a zaɓi lokaci cikin shekara guda',
  'editions.campaignNotFound': 'Ba a sami kamfen ɗin da aka zaɓa ba',
  'editions.notDraft': 'An riga an aika ko an tsara aika wannan fitowa, ba za a iya canza ta ba',
  'editions.onlyDrafts': 'Daftari kaɗai ake iya sharewa',
  'editions.alreadySent': 'An riga an aika ko an tsara aika wannan fitowa',
  'editions.tested': 'An aika gwaji zuwa {email}',
  'editions.scheduledFor': 'Za a aika fitowar a ranar {when} (lokacin Legas)',
  'editions.sendingNow': 'Ana aika fitowar',
  'editions.paused': 'An dakatar da aikawa',
  'editions.resumed': 'Aikawa ta ci gaba',
  'editions.cannotPause': 'Fitowar da ake aikawa kaɗai ake iya dakatarwa',
  'editions.cannotResume': 'Fitowar da aka dakatar kaɗai ake iya ci gaba da ita',
  'editions.noRecipients': 'Babu wanda ya tabbatar da biyan kuɗin shiga tukuna: babu wanda za a aika wa',
  'editions.testSubject': '[Gwaji] {subject}',
};
