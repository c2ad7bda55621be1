import { toWireFormat } from './wire-format';

const PUBLIC = 'https://www.w3.org/ns/activitystreams#Public';

describe('toWireFormat', () => {
  it('writes the public collection by its URI in audiences, nested objects included', () => {
    expect(
      toWireFormat({
        '@context': ['https://www.w3.org/ns/activitystreams', { Public: 'as:Public' }],
        type: 'Create',
        to: 'as:Public',
        cc: ['https://a.example/followers', 'Public'],
        object: { type: 'Note', to: ['as:Public'], content: 'as:Public' },
      }),
    ).toEqual({
      '@context': ['https://www.w3.org/ns/activitystreams', { Public: 'as:Public' }],
      type: 'Create',
      to: PUBLIC,
      cc: ['https://a.example/followers', PUBLIC],
      object: { type: 'Note', to: [PUBLIC], content: 'as:Public' },
    });
  });

  it('makes a single attachment a list', () => {
    const document = { type: 'Document', url: 'https://a.example/1.png' };
    expect(toWireFormat({ object: { attachment: document } })).toEqual({
      object: { attachment: [document] },
    });
    expect(toWireFormat({ attachment: [document] })).toEqual({ attachment: [document] });
  });
});
