/**
 * npm run check:totals: verifies on the configured database that every campaign's amount raised
 * and supporters equal its opening figures plus its counting gifts plus its adjustments. Exits 1
 * and lists the campaigns that differ, so it can run from cron or before a report.
 */
import { openDatabase } from '../bootstrap';
import { ConfigError, loadConfig } from '../config';
import { checkTotals } from '../giving/totals';

try {
  const config = loadConfig(process.env);
  const handle = await openDatabase(config);
  try {
    const mismatches = await checkTotals(handle.db);
    if (mismatches.length === 0) {
      console.log('Every campaign total matches its gifts and adjustments.');
    } else {
      for (const m of mismatches) {
        console.error(
          `${m.title} (${m.campaignId}): raised ₦${m.amountRaised}, expected ₦${m.expectedAmount}; supporters ${m.supporters}, expected ${m.expectedSupporters}`,
        );
      }
      process.exitCode = 1;
    }
  } finally {
    await handle.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `The check failed: ${(error as Error).message}`);
  process.exit(1);
}
