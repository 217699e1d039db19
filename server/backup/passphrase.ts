/** The passphrase of an encrypted backup: from `--passphrase-file <path>`, else BACKUP_PASSPHRASE. */
import fs from 'node:fs';
import { BackupError } from './format';

export function readPassphrase(args: string[], env: NodeJS.ProcessEnv): string | undefined {
  const at = args.indexOf('--passphrase-file');
  if (at !== -1) {
    const file = args[at + 1];
    if (!file) throw new BackupError('--passphrase-file needs a path');
    return fs.readFileSync(file, 'utf8').replace(/\r?\n$/, '');
  }
  return env.BACKUP_PASSPHRASE || undefined;
}

/** The command's first argument that is not an option (nor an option's value). */
export function fileArgument(args: string[]): string | undefined {
  return args.find((arg, i) => !arg.startsWith('--') && args[i - 1] !== '--passphrase-file');
}
