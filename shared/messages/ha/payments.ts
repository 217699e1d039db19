/** Paying a pledge online, in Hausa. */
import type { paymentMessages } from '../en/payments';

export const paymentMessagesHa: Record<keyof typeof paymentMessages, string> = {
  'pay.notConfigured':
    'Ba a iya biya ta intanet a wannan shafin ba: da fatan za a bayar ta hanyar tura kuɗi a banki da lambar shaidar biyanku',
  'pay.unavailable':
    'Ba mu iya isa ga sabis na biyan kuɗi yanzu ba. Alƙawarinku yana nan daram: kuna iya tura kuɗi da lambarsa, ko ku sake gwadawa nan da ’yan mintoci',
  'pay.closed': 'Ba za a iya biyan wannan alƙawari ta intanet ba: an riga an karɓa, an soke shi ko lokacinsa ya ƙare',
  'pay.emailRequired': 'Shigar da adireshin imel ɗinku: Paystack yana buƙatar ɗaya kuma yana aika rasitinku can',
  'pay.tooManyTries':
    'An gwada biyan wannan alƙawari ta intanet sau da yawa: da fatan za a biya ta hanyar tura kuɗi a banki da lambarsa',
  'pay.badSignature': 'Sa hannun saƙon webhook bai dace ba',
  'settings.feeInvalid': 'Shigar da ƙa’idar kuɗin caji da lambobi: kashi daga 0 zuwa 10, naira kuma cikakkun lambobi',
  // The give panel's two ways, and the pledge page's online payment.
  'pay.intro': 'Ku zaɓi adadi, sannan ku biya ta intanet yanzu ko ku karɓi lambar shaidar biya don tura kuɗi a banki.',
  'pay.way': 'Ta wace hanya kuke so ku bayar?',
  'pay.wayOnline': 'Ku biya ta intanet yanzu',
  'pay.wayOnlineHint': 'Da kati, tura kuɗi a banki ko USSD, ta hannun Paystack',
  'pay.wayTransfer': 'Zan tura kuɗi daga bankina',
  'pay.wayTransferHint': 'Ku karɓi lambar shaidar biya da za ku sa a bayanin (narration) tura kuɗinku',
  'pay.contactLegend': 'Don rasitinku da tambayoyi game da gudummawarku',
  'pay.email': 'Imel',
  'pay.emailWhy': 'Paystack yana buƙatar imel kuma yana aika rasitinsa can.',
  'pay.coverFees': 'Ku ƙara {fee} domin gidauniyar ta karɓi {amount} cikakke',
  'pay.coverFeesAny': 'Ku ƙara kuɗin cajin Paystack domin gidauniyar ta karɓi adadin cikakke',
  'pay.continue': 'Ci gaba',
  'pay.submit': 'Ci gaba zuwa biya',
  'pay.creating': 'Ana yin alƙawarinku…',
  'pay.opening': 'Ana buɗe shafin biya na Paystack…',
  'pay.startFailed': 'Ba mu iya fara biyan ta intanet ba. Da fatan za ku sake gwadawa.',
  'pay.confirming': 'Muna tabbatar da biyanku',
  'pay.confirmingText': 'Wannan shafi zai sabunta kansa nan da ’yan daƙiƙoƙi. Da fatan kada ku sake biya kafin nan.',
  'pay.didNotGoThrough': 'Biyanku ta intanet bai yi nasara ba',
  'pay.didNotGoThroughText':
    'Ba a rubuta wata gudummawa don wannan alƙawari ba. Kuna iya sake gwadawa, ko ku biya ta hanyar tura kuɗi a banki da lambar shaidarku.',
  'pay.tryAgain': 'Sake gwadawa',
  'pay.transferInstead': 'Ku biya ta hanyar tura kuɗi a banki maimakon haka',
  'pay.onlineTitle': 'Ku biya ta intanet yanzu',
  'pay.onlineText': 'Da kati, tura kuɗi a banki ko USSD, ta hannun Paystack.',
  'pay.payNow': 'Ku biya ta intanet yanzu',
  'pay.paidNote': 'An biya ta intanet ta hannun Paystack, wanda ya aika rasitinsa zuwa imel ɗinku.',
  'pay.donateLead': 'Kuna iya bayarwa ta intanet a shafin kowane gangami: da kati, tura kuɗi a banki ko USSD.',
  'pay.donateText':
    'Ku zaɓi gangami ku biya ta intanet, ko ku bayar ta hanyar tura kuɗi a banki: kowane gangami yana da bayanan asusunsa a shafinsa, don haka gudummawarku za ta tafi ga aikin da kuka zaɓa.',
  // The dashboard's Settings.
  'admin.settings.onlineTitle': 'Biya ta intanet',
  'admin.settings.onlineStatus': 'Biya ta intanet',
  'admin.settings.onlineTest': 'A kunne (yanayin gwaji)',
  'admin.settings.onlineLive': 'A kunne (yanayin gaske)',
  'admin.settings.onlineOff': 'A kashe',
  'admin.settings.onlineHint':
    'Ana kunna shi da kashe shi a saitin sabar (maɓallin sirri na Paystack), ba a wannan fom ba.',
  'admin.settings.feesTitle': 'Kuɗin cajin biya',
  'admin.settings.feesHint':
    'Ƙa’idar kuɗin cajin Paystack: ana nuna wa masu bayarwa da suka zaɓi ɗaukar cajin abin da zai ƙara. Ku canza ta idan Paystack ya canza farashinsa.',
  'admin.settings.feePercent': 'Kashi na adadin',
  'admin.settings.feeFlat': 'Tsayayyen kuɗi (₦)',
  'admin.settings.feeWaivedBelow': 'Babu tsayayyen kuɗi ƙasa da (₦)',
  'admin.settings.feeCap': 'Mafi yawan caji (₦)',
  'admin.settings.feeExample': 'A kan {amount} cajin shi ne {fee}',
};
