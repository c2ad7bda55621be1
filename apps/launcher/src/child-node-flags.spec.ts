import { CHILD_HEAP_FLAGS, childExecArgv } from './child-node-flags';

describe('childExecArgv', () => {
  it("gives each child the heap flags before the launcher's own", () => {
    expect(childExecArgv(['--enable-source-maps'], undefined)).toEqual([
      ...CHILD_HEAP_FLAGS,
      '--enable-source-maps',
    ]);
  });

  it('leaves out a heap flag the operator chose, on the command line or in NODE_OPTIONS', () => {
    expect(childExecArgv(['--max_semi_space_size=32'], undefined)).toEqual([
      '--max_semi_space_size=32',
    ]);
    expect(childExecArgv([], '--require ./x.js  --max-semi-space-size=8')).toEqual([]);
  });
});
