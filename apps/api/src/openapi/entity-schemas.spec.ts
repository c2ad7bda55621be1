import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

describe('entity-schemas.generated.ts', () => {
  it('is what the serializers’ and controllers’ `…Json` types generate now (npm run openapi:schemas)', () => {
    const script = join(__dirname, '../../../../scripts/openapi-schemas.js');
    const run = spawnSync(process.execPath, [script, '--check'], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  }, 120_000);
});
