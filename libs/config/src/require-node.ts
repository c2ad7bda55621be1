// Imported first by every entry point: later imports use APIs that older Node lacks.
const REQUIRED_MAJOR = 24;

export function assertNodeVersion(version: string = process.versions.node): void {
  const major = Number(version.split('.')[0]);
  if (!(major >= REQUIRED_MAJOR)) {
    process.stderr.write(
      `Nestodon needs Node.js ${REQUIRED_MAJOR} or newer; this is Node.js ${version}.\n` +
        'Run it through npm (npm start, npm run start:api, ...), which uses the Node.js that npm install brought.\n',
    );
    process.exit(1);
  }
}

assertNodeVersion();
