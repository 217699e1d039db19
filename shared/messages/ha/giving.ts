/** Hausa versions of the giving texts (see en/giving.ts). Awaiting review by a native speaker. */
import type { givingMessages } from '../en/giving';

export const givingMessagesHa: Record<keyof typeof givingMessages, string> = {
  // Statement files: what staff upload from the bank's internet banking.
  'statements.tooLarge': 'Fayil ɗin bayanan banki ya fi 5 MB girma',
  'statements.notATable':
    'Ba za mu iya karanta wannan fayil a matsayin bayanan banki ba: da fatan za a aiko da CSV, fayil ɗin Excel (.xlsx) ko fitarwar GTBank .xls',
  'statements.oldExcel':
    'Wannan tsohon littafin Excel (.xls) ne: da fatan za a ajiye shi a matsayin .xlsx ko CSV sannan a ɗora shi',
  'statements.empty': 'Bayanan bankin ba su da layukan hada-hada',
  'statements.needsMapping':
    'Ba mu gane ginshiƙan wannan bayanan banki ba: da fatan za a zaɓi ginshiƙin da ke ɗauke da kowane bayani',
  'statements.noCreditColumn':
    'Bayanan bankin ba su da ginshiƙin kuɗin shiga: zaɓi ginshiƙin da ke ɗauke da kuɗin da aka karɓa',
  'statements.mappingInvalid': 'Ginshiƙan da aka zaɓa ba sa cikin kan wannan fayil',
  'statements.rowDate': 'Layi na {row}: ba a iya karanta kwanan wata “{value}” ba',
  'statements.rowAmount': 'Layi na {row}: ba a iya karanta adadi “{value}” ba',
  'statements.fileRequired': 'Da fatan za a zaɓi fayil ɗin bayanan banki',
  'statements.notFound': 'Ba a sami bayanan bankin ba',
  'statements.lineNotFound': 'Ba a sami layin bayanan bankin ba',
  'statements.lineDecided': 'Wani ya riga ya yanke hukunci kan wannan layi',
  'statements.lineSaved': 'An ajiye layin',
  'statements.tooSmall': 'Wannan kuɗin shiga bai kai ₦1 ba',
  'statements.noLines': 'Zaɓi aƙalla layi ɗaya',
  'statements.confirmed': 'An tabbatar da daidaito: {count}',
  'statements.mappingBadField': 'Akwai bayanin da ba a sani ba a cikin daidaita ginshiƙai',
  // A file past what a statement needs, refused before it is read further.
  'statements.notUtf8':
    'Bayanan bankin ba rubutun UTF-8 ba ne: da fatan za a sake fitar da su a matsayin CSV (UTF-8) ko Excel (.xlsx)',
  'statements.tooManyColumns': 'Bayanan bankin suna da ginshiƙai fiye da {max}',
  'statements.tooManyRows': 'Bayanan bankin suna da layuka fiye da {max}',
  'statements.tooManyCells': 'Bayanan bankin suna da akwatuna fiye da {max}',
  'statements.unpacksTooLarge': 'Littafin Excel ɗin ya fi {max} MB girma idan an buɗe shi',
  'statements.nestedTooDeeply': 'Alamomin fayil ɗin bayanan banki sun yi zurfi da yawa: fiye da {max} a cikin juna',
  'statements.readTooSlow':
    'Karanta bayanan bankin ya ɗauki fiye da daƙiƙa {seconds}: da fatan za a fitar da gajeren lokaci',
  'statements.readTooBig': 'Karanta bayanan bankin ya buƙaci ƙwaƙwalwa da yawa: da fatan za a fitar da gajeren lokaci',
  // Pledges, as staff handle them.
  'pledge.updated': 'An sabunta alƙawari',
  'pledge.receivedRange': 'Shigar da adadin da aka karɓa: adadin naira kawai, ba tare da kobo ba',
  'pledge.cancelledCannotConfirm': 'An soke wannan alƙawari: a sake buɗe shi kafin a tabbatar da biya',
  'pledge.paidCannotCancel': 'Akwai biya a kan wannan alƙawari: a fara sake buɗe shi don a janye su',
  'pledge.nothingOutstanding': 'Babu sauran kuɗin da ake jira a kan wannan alƙawari: shigar da adadin da aka karɓa',
  'pledge.receivedInFuture': 'Ranar karɓa ba za ta kasance a nan gaba ba',
  'pledge.campaignGone': 'An goge gangamin wannan alƙawari',
  'gifts.exportFailed': 'Ba a iya fitar da bayanan ba',
  // The Donations page and the dashboard: online gifts, and Paystack paying them out.
  'admin.giving.settlementsCount': 'Kuɗin da Paystack ya tura: {count}',
  'admin.giving.settlementsTitle': 'Kuɗin da Paystack ya tura ({count})',
  'admin.giving.settlementsHelp':
    'Paystack yana tura kuɗin gudummawar intanet da aka riga aka ƙidaya: ba sa ƙara wata gudummawa. A mayar da shi idan ba na Paystack ba ne.',
  'admin.giving.settledGifts': 'Gudummawar intanet da aka tura: {count}',
  'admin.giving.settledNone': 'Babu jerin gudummawar intanet da jimlarsu ta kai wannan adadin',
  'admin.giving.markSettlement': 'Kuɗin Paystack ne',
  'admin.giving.markSettlementLabel': 'Sa alama cewa {amount} kuɗin da Paystack ya tura ne',
  'admin.giving.notSettlement': 'Ba na Paystack ba ne',
  'admin.giving.notSettlementLabel': 'Sake buɗe {amount}: ba kuɗin da Paystack ya tura ba ne',
  'admin.giving.feesThisMonth': 'Kuɗin cajin intanet na wannan wata',
  'admin.giving.channel.card': 'Kati',
  'admin.giving.channel.bankTransfer': 'Tura kuɗi a banki',
  'admin.giving.channel.ussd': 'USSD',
  'admin.giving.channel.bank': 'Banki',
  'admin.giving.channel.other': 'Ta intanet',
  'admin.giving.onlineFacts': '{channel}: caji {fee}, saura {net}',
  'admin.giving.review': 'A duba: {why}',
  // The general fund: gifts to the foundation's own account, for no campaign.
  'giving.generalFund': 'Asusun gama-gari',
  'admin.giving.otherChoices': 'Sauran zaɓuɓɓuka',
  'admin.giving.generalFund': 'Saka a asusun gama-gari',
  'admin.giving.generalFundLabel': 'Rubuta {amount} a matsayin gudummawa ga asusun gama-gari',
  'admin.giving.generalFundHelp':
    'An ba gidauniya ba tare da wani gangami ba, kamar yadda shafin bayarwa ya roƙa? A saka shi a asusun gama-gari: ba ya shiga jimlar kowane gangami.',
  'admin.giving.pledgeReference': 'Lambar shaidar wani alƙawari',
  'admin.giving.assignPledge': 'Rubuta wa wannan alƙawari',
  'admin.giving.assignPledgeLabel': 'Rubuta {amount} a matsayin biyan alƙawarin da aka shigar',
  'admin.giving.generalFundThisMonth': 'Asusun gama-gari a wannan wata',
  'admin.giving.generalFundInAll': '{amount} gaba ɗaya',
};
