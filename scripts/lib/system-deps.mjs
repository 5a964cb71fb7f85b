// The system programs the product needs besides Node: Chromium (PDFs of the billing worker) and
// poppler (pdfinfo/pdftoppm/pdftotext: PDF checks). `npm start` and `npm test` check them before
// starting anything: as root with apt-get available they are installed (as .ci/run does), otherwise
// the run stops with one line naming the missing piece and the command that installs it.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import path from 'node:path';

const DEFAULT_CHROMIUM = '/usr/bin/chromium';

function executable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(program, env = process.env) {
  return (env.PATH ?? '').split(path.delimiter).some((dir) => dir && executable(path.join(dir, program)));
}

/** What is missing, each with its Debian package; `CHROMIUM_PATH` set by the user is taken as is. */
export function missingSystemDeps(env = process.env) {
  const missing = [];
  const chromium = env.CHROMIUM_PATH || DEFAULT_CHROMIUM;
  if (!executable(chromium)) {
    missing.push({
      name: `Chromium (${chromium})`,
      apt: 'chromium',
      // A path the user chose explicitly is not fixed by installing the package.
      installable: !env.CHROMIUM_PATH || env.CHROMIUM_PATH === DEFAULT_CHROMIUM,
    });
  }
  for (const program of ['pdfinfo', 'pdftoppm', 'pdftotext']) {
    if (!onPath(program, env)) {
      missing.push({ name: `poppler (${program})`, apt: 'poppler-utils', installable: true });
      break;
    }
  }
  return missing;
}

/** The one line that names the missing pieces and how to get them. */
export function missingDepsMessage(missing) {
  const packages = [...new Set(missing.filter((m) => m.installable).map((m) => m.apt))];
  const explicit = missing.find((m) => !m.installable);
  const how = [
    packages.length > 0 ? `installieren mit: sudo apt-get install -y ${packages.join(' ')}` : null,
    explicit ? 'CHROMIUM_PATH zeigt auf kein ausführbares Programm: Pfad korrigieren oder Variable entfernen' : null,
  ]
    .filter(Boolean)
    .join('; ');
  return `✖ Es fehlt: ${missing.map((m) => m.name).join(', ')}. ${how}.`;
}

/**
 * Checks the system programs; installs what it can when running as root with apt-get; otherwise
 * prints the one line and exits with status 1 (nothing has been started yet).
 */
export function ensureSystemDeps({ env = process.env, exit = (code) => process.exit(code), log = console } = {}) {
  let missing = missingSystemDeps(env);
  if (missing.length === 0) return;
  const installable = [...new Set(missing.filter((m) => m.installable).map((m) => m.apt))];
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && installable.length > 0 && existsSync('/usr/bin/apt-get') && env.ZUNFT_NO_APT !== '1') {
    log.log(`› Systempakete werden installiert: ${installable.join(' ')} …`);
    const aptEnv = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env: aptEnv });
    if (update.status === 0) {
      spawnSync('apt-get', ['install', '-y', '-qq', ...installable], { stdio: 'inherit', env: aptEnv });
    }
    missing = missingSystemDeps(env);
    if (missing.length === 0) return;
  }
  log.error(missingDepsMessage(missing));
  exit(1);
}
