/** Paying a pledge online, in Hausa. */
import type { paymentMessages } from '../en/payments';

export const paymentMessagesHa: Record<keyof typeof paymentMessages, string> = {
  'pay.notConfigured':
    'Ba za a iya biya ta intanet a wannan shafin ba: da fatan ka bayar ta hanyar tura kuɗi a banki da lambar shaidar biyanka',
  'pay.unavailable':
    "Ba mu iya isa ga sabis ɗin biyan kuɗi yanzu ba. Alƙawarinka yana nan daram: za ka iya tura kuɗi da lambar shaidarsa, ko ka sake gwadawa nan da 'yan mintoci",
  'pay.closed': 'Ba za a iya biyan wannan alƙawari ta intanet ba: an riga an karɓa, an soke shi ko lokacinsa ya ƙare',
  'pay.emailRequired': 'Shigar da adireshin imel ɗinka: Paystack yana buƙatarsa, kuma can yake aika rasitinka',
  'pay.tooManyTries':
    'An gwada biyan wannan alƙawari ta intanet sau da yawa fiye da kima: da fatan ka biya ta hanyar tura kuɗi a banki da lambar shaidarsa',
  'pay.badSignature': 'Sa hannun saƙon webhook bai dace ba',
  'settings.feeInvalid': "Shigar da ƙa'idar kuɗin caji da lambobi: kashi daga 0 zuwa 10, naira kuma ba tare da kobo ba",
  // The give panel's two ways, and the pledge page's online payment.
  'pay.intro': 'Zaɓi adadi, sannan ka biya ta intanet yanzu ko ka karɓi lambar shaidar biya don tura kuɗi a banki.',
  'pay.way': 'Ta wace hanya kake so ka bayar?',
  'pay.wayOnline': 'Biya ta intanet yanzu',
  'pay.wayOnlineHint': 'Da kati, tura kuɗi a banki ko USSD, ta hannun Paystack',
  'pay.wayTransfer': 'Zan tura kuɗi daga bankina',
  'pay.wayTransferHint': 'Karɓi lambar shaidar biya da za ka sa a bayanin (narration) tura kuɗinka',
  'pay.contactLegend': 'Don rasitinka da tambayoyi game da gudummawarka',
  'pay.email': 'Imel',
  'pay.emailWhy': 'Paystack yana buƙatar imel kuma yana aika rasitinsa can.',
  'pay.coverFees': 'Ƙara {fee} domin gidauniyar ta karɓi cikakken {amount}',
  'pay.coverFeesAny': 'Ƙara kuɗin cajin Paystack domin gidauniyar ta karɓi cikakken adadin',
  'pay.continue': 'Ci gaba',
  'pay.submit': 'Ci gaba zuwa biya',
  'pay.creating': 'Ana yin alƙawarinka…',
  'pay.opening': 'Ana buɗe shafin biya na Paystack…',
  'pay.startFailed': 'Ba mu iya fara biyan ta intanet ba. Da fatan ka sake gwadawa.',
  'pay.confirming': 'Muna tabbatar da biyanka',
  'pay.confirmingText': "Wannan shafi zai sabunta kansa nan da 'yan daƙiƙoƙi. Da fatan kada ka sake biya kafin nan.",
  'pay.didNotGoThrough': 'Biyanka ta intanet bai yi nasara ba',
  'pay.didNotGoThroughText':
    'Ba a rubuta wata gudummawa don wannan alƙawari ba. Za ka iya sake gwadawa, ko ka biya ta hanyar tura kuɗi a banki da lambar shaidarka.',
  'pay.tryAgain': 'Sake gwadawa',
  'pay.transferInstead': 'Ko ka tura kuɗi a banki',
  'pay.onlineTitle': 'Biya ta intanet yanzu',
  'pay.onlineText': 'Da kati, tura kuɗi a banki ko USSD, ta hannun Paystack.',
  'pay.payNow': 'Biya ta intanet yanzu',
  'pay.paidNote': 'An biya ta intanet ta hannun Paystack, wanda ya aika rasitinsa zuwa imel ɗinka.',
  'pay.donateLead': 'Za ka iya bayarwa ta intanet a shafin kowane gangami: da kati, tura kuɗi a banki ko USSD.',
  'pay.donateText':
    'Zaɓi gangami ka biya ta intanet, ko ka bayar ta hanyar tura kuɗi a banki: kowane gangami yana da bayanan asusunsa a shafinsa, don haka gudummawarka za ta tafi ga aikin da ka zaɓa.',
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
    "Ƙa'idar kuɗin cajin Paystack: ana nuna wa masu bayarwa da suka zaɓi ɗaukar cajin abin da zai ƙara. Ka canza ta idan Paystack ya canza farashinsa.",
  'admin.settings.feePercent': 'Kashi na adadin',
  'admin.settings.feeFlat': 'Tsayayyen kuɗi (₦)',
  'admin.settings.feeWaivedBelow': 'Babu tsayayyen kuɗi ƙasa da (₦)',
  'admin.settings.feeCap': 'Mafi yawan caji (₦)',
  'admin.settings.feeExample': 'A kan {amount} cajin shi ne {fee}',
};
