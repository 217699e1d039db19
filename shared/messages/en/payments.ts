/** Paying a pledge online: the give panel's online way, the pledge page's payment states, the refusals. */
export const paymentMessages = {
  'pay.notConfigured':
    'Online payment is not available on this site: please give by bank transfer with your payment reference',
  'pay.unavailable':
    'We could not reach the payment service just now. Your pledge is still valid: you can transfer with its reference, or try again in a few minutes',
  'pay.closed': 'This pledge cannot be paid online: it is already received, cancelled or expired',
  'pay.emailRequired': 'Enter your email address: Paystack requires one and sends your receipt there',
  'pay.tooManyTries':
    'This pledge has been tried online too many times: please pay by bank transfer with its reference',
  'pay.badSignature': 'The webhook signature does not match',
  'settings.feeInvalid': 'Enter the fee rule as numbers: a percent from 0 to 10, naira as whole numbers',
  // The give panel's two ways, and the pledge page's online payment.
  'pay.intro': 'Choose an amount, then pay online now or get a payment reference for a bank transfer.',
  'pay.way': 'How would you like to give?',
  'pay.wayOnline': 'Pay online now',
  'pay.wayOnlineHint': 'By card, bank transfer or USSD, through Paystack',
  'pay.wayTransfer': 'I will transfer from my bank',
  'pay.wayTransferHint': 'Get a payment reference to put in your transfer’s narration',
  'pay.contactLegend': 'For your receipt and questions about your gift',
  'pay.email': 'Email',
  'pay.emailWhy': 'Paystack needs an email and sends its own receipt there.',
  'pay.coverFees': 'Add {fee} so the foundation receives the full {amount}',
  'pay.coverFeesAny': 'Add Paystack’s fee so the foundation receives the full amount',
  'pay.continue': 'Continue',
  'pay.submit': 'Continue to payment',
  'pay.creating': 'Making your pledge…',
  'pay.opening': 'Opening Paystack’s payment page…',
  'pay.startFailed': 'We could not start the online payment. Please try again.',
  'pay.confirming': 'We are confirming your payment',
  'pay.confirmingText': 'This page updates itself in a few seconds. Please do not pay again in the meantime.',
  'pay.didNotGoThrough': 'Your online payment did not go through',
  'pay.didNotGoThroughText':
    'No gift has been recorded for this pledge. You can try again, or pay by bank transfer with your reference.',
  'pay.tryAgain': 'Try again',
  'pay.transferInstead': 'Pay by bank transfer instead',
  'pay.onlineTitle': 'Pay online now',
  'pay.onlineText': 'By card, bank transfer or USSD, through Paystack.',
  'pay.payNow': 'Pay online now',
  'pay.paidNote': 'Paid online through Paystack, which has sent its own receipt to your email.',
  'pay.donateLead': 'You can give online on each campaign’s page: by card, bank transfer or USSD.',
  'pay.donateText':
    'Choose a campaign and pay online, or give by bank transfer: each campaign has its own account details on its page, so your gift goes to the project you choose.',
  // The dashboard's Settings.
  'admin.settings.onlineTitle': 'Online payment',
  'admin.settings.onlineStatus': 'Online payment',
  'admin.settings.onlineTest': 'On (test mode)',
  'admin.settings.onlineLive': 'On (live mode)',
  'admin.settings.onlineOff': 'Off',
  'admin.settings.onlineHint':
    'Switched on and off in the server’s configuration (the Paystack secret key), not in this form.',
  'admin.settings.feesTitle': 'Payment fees',
  'admin.settings.feesHint':
    'Paystack’s fee rule: donors who choose to cover the fee are shown what it adds. Change it when Paystack changes its pricing.',
  'admin.settings.feePercent': 'Percent of the amount',
  'admin.settings.feeFlat': 'Flat part (₦)',
  'admin.settings.feeWaivedBelow': 'No flat part below (₦)',
  'admin.settings.feeCap': 'Highest fee (₦)',
  'admin.settings.feeExample': 'On {amount} the fee is {fee}',
};
