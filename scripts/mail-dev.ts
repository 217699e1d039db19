/**
 * A local mail catcher for development: an SMTP server that prints each message it receives (its
 * headers and text part) and keeps nothing. Point the site at it with
 *   SMTP_URL=smtp://localhost:1025 MAIL_FROM='Foundation <no-reply@example.org>' PUBLIC_URL=http://localhost:3000
 * Usage: npm run mail:dev [-- --port 1025]   (or MAIL_DEV_PORT=1025)
 */
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const flag = process.argv.indexOf('--port');
const port = Number(flag >= 0 ? process.argv[flag + 1] : (process.env.MAIL_DEV_PORT ?? 1025));
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error('mail:dev: the port must be a number from 1 to 65535');
  process.exit(1);
}

let count = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  allowInsecureAuth: true,
  // Any user name and password are accepted, as a provider's would be.
  onAuth: (auth, _session, callback) => callback(null, { user: auth.username ?? 'dev' }),
  logger: false,
  size: 25 * 1024 * 1024,
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((mail) => {
        count += 1;
        const rule = '─'.repeat(72);
        const headers = mail.headerLines.map((h) => h.line).join('\n');
        const to = session.envelope.rcptTo.map((r) => r.address).join(', ');
        console.log(`${rule}\n#${count} to ${to}\n${rule}\n${headers}\n\n${mail.text ?? '(no text part)'}\n`);
        callback();
      })
      .catch((error: Error) => callback(error));
  },
});
server.on('error', (error) => console.error(`mail:dev: ${error.message}`));
server.listen(port, () => console.log(`mail:dev: listening on smtp://localhost:${port} (Ctrl+C to stop)`));
const stop = () => server.close(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
