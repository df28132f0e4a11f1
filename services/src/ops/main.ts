import { ConfigError } from '../config/config.js';
import { runOps, UsageError } from './ops.js';

// Exports and rebuilt stores hold players' data: the operator's alone, like the server's files.
process.umask(0o077);

// `npm run ops -- <command>`: exit 0 done, 1 failed, 2 a usage or configuration error.
try {
  const status = process.stderr.isTTY ? (text: string) => process.stderr.write(`\r\x1b[2K${text}`) : undefined;
  process.exitCode = await runOps(process.argv.slice(2), process.env, (text) => console.log(text), status);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = error instanceof ConfigError || error instanceof UsageError ? 2 : 1;
}
