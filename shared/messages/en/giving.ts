/**
 * Texts of giving: pledges, payment references, receipts, bank statements and reconciliation.
 * Public texts (the pledge form and page) and the staff side's (statements, matches, online gifts
 * and Paystack's settlements) live together because the server answers with both.
 */
export const givingMessages = {
  // Statement files: what staff upload from the bank's internet banking.
  'statements.tooLarge': 'The statement file is larger than 5 MB',
  'statements.notATable':
    'This file is not a statement we can read: please send a CSV, an Excel (.xlsx) file or a GTBank .xls export',
  'statements.oldExcel': 'This is an old Excel (.xls) workbook: please save it as .xlsx or CSV and upload that',
  'statements.empty': 'The statement has no transaction lines',
  'statements.needsMapping':
    'We could not recognise the columns of this statement: please choose which column holds each field',
  'statements.noCreditColumn': 'The statement has no credit column: choose the column that holds money received',
  'statements.mappingInvalid': 'The chosen columns are not in this file’s header',
  'statements.rowDate': 'Row {row}: the date “{value}” cannot be read',
  'statements.rowAmount': 'Row {row}: the amount “{value}” cannot be read',
  'statements.fileRequired': 'Please choose a statement file',
  'statements.notFound': 'Statement not found',
  'statements.lineNotFound': 'Statement line not found',
  'statements.lineDecided': 'This line has already been decided by someone else',
  'statements.lineSaved': 'Line saved',
  'statements.tooSmall': 'This credit is less than ₦1',
  'statements.noLines': 'Choose at least one line',
  'statements.confirmed': 'Matches confirmed: {count}',
  'statements.mappingBadField': 'Unknown field in the column mapping',
  // A file past what a statement needs, refused before it is read further.
  'statements.notUtf8': 'The statement is not UTF-8 text: please export it again as CSV (UTF-8) or as Excel (.xlsx)',
  'statements.tooManyColumns': 'The statement has more than {max} columns',
  'statements.tooManyRows': 'The statement has more than {max} rows',
  'statements.tooManyCells': 'The statement has more than {max} cells',
  'statements.unpacksTooLarge': 'The workbook unpacks to more than {max} MB',
  'statements.nestedTooDeeply': 'The statement file is nested too deeply: more than {max} tags inside one another',
  'statements.readTooSlow': 'Reading the statement took longer than {seconds} seconds: please export a shorter period',
  'statements.readTooBig': 'Reading the statement needed too much memory: please export a shorter period',
  // Pledges, as staff handle them.
  'pledge.updated': 'Pledge updated',
  'pledge.receivedRange': 'Enter the amount received: a whole number of naira',
  'pledge.cancelledCannotConfirm': 'This pledge was cancelled: reopen it before confirming a payment',
  'pledge.paidCannotCancel': 'This pledge has payments: reopen it first to take them back',
  'pledge.nothingOutstanding': 'Nothing is outstanding on this pledge: enter the amount received',
  'pledge.receivedInFuture': 'The date received cannot be in the future',
  'pledge.campaignGone': 'The campaign of this pledge was deleted',
  'gifts.exportFailed': 'The export could not be made',
  // The Donations page and the dashboard: online gifts, and Paystack paying them out.
  'admin.giving.settlementsCount': 'Paystack settlements: {count}',
  'admin.giving.settlementsTitle': 'Paystack settlements ({count})',
  'admin.giving.settlementsHelp':
    'Paystack paying out online gifts that already count: a settlement records no gift. Take one back if it is not Paystack’s.',
  'admin.giving.settledGifts': 'Online gifts paid out: {count}',
  'admin.giving.settledNone': 'No run of online gifts adds up to this amount',
  'admin.giving.markSettlement': 'Paystack settlement',
  'admin.giving.markSettlementLabel': 'Mark {amount} as a Paystack settlement',
  'admin.giving.notSettlement': 'Not a settlement',
  'admin.giving.notSettlementLabel': 'Reopen {amount}: not a Paystack settlement',
  'admin.giving.feesThisMonth': 'Online fees this month',
  'admin.giving.channel.card': 'Card',
  'admin.giving.channel.bankTransfer': 'Bank transfer',
  'admin.giving.channel.ussd': 'USSD',
  'admin.giving.channel.bank': 'Bank',
  'admin.giving.channel.other': 'Online',
  'admin.giving.onlineFacts': '{channel}: fee {fee}, net {net}',
  'admin.giving.review': 'Check: {why}',
  // The general fund: gifts to the foundation's own account, for no campaign.
  'giving.generalFund': 'General fund',
  'admin.giving.otherChoices': 'Other choices',
  'admin.giving.generalFund': 'Record to the general fund',
  'admin.giving.generalFundLabel': 'Record {amount} as a gift to the general fund',
  'admin.giving.generalFundHelp':
    'Given to the foundation with no campaign, as the donate page asks? Record it to the general fund: it counts in no campaign’s total.',
  'admin.giving.pledgeReference': 'Another pledge’s reference',
  'admin.giving.assignPledge': 'Record for this pledge',
  'admin.giving.assignPledgeLabel': 'Record {amount} as a payment of the pledge entered',
  'admin.giving.generalFundThisMonth': 'General fund this month',
  'admin.giving.generalFundInAll': '{amount} in all',
} as const;
