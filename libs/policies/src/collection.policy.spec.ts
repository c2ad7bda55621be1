import { canFeature, canViewCollection } from './collection.policy';
import { anonymousRelations, ViewerRelations } from './status.policy';

const OWNER = '1';
const ownerRelations = (sets: Partial<ViewerRelations> = {}): ViewerRelations => ({
  ...anonymousRelations(),
  viewerId: OWNER,
  ...sets,
});
const account = (attributes: Partial<Parameters<typeof canFeature>[0]> = {}) => ({
  id: '2',
  domain: null,
  discoverable: true,
  suspendedAt: null,
  ...attributes,
});

describe('canFeature', () => {
  it('features discoverable local accounts and asks remote ones', () => {
    expect(canFeature(account(), ownerRelations())).toBe(true);
    expect(canFeature(account({ discoverable: false }), ownerRelations())).toBe(false);
    expect(canFeature(account({ discoverable: null }), ownerRelations())).toBe(false);
    expect(
      canFeature(account({ domain: 'far.example', discoverable: null }), ownerRelations()),
    ).toBe(true);
  });

  it('never features suspended accounts or across a block', () => {
    expect(canFeature(account({ suspendedAt: new Date() }), ownerRelations())).toBe(false);
    expect(canFeature(account(), ownerRelations({ blocking: new Set(['2']) }))).toBe(false);
    expect(canFeature(account(), ownerRelations({ blockedBy: new Set(['2']) }))).toBe(false);
  });
});

describe('canViewCollection', () => {
  const owner = { id: OWNER, suspendedAt: null };
  const viewer = (sets: Partial<ViewerRelations> = {}) => ({
    ...anonymousRelations(),
    viewerId: '3',
    ...sets,
  });

  it('shows collections to anyone but across a block, and never of suspended owners', () => {
    expect(canViewCollection(owner, anonymousRelations())).toBe(true);
    expect(canViewCollection(owner, viewer())).toBe(true);
    expect(canViewCollection(owner, viewer({ blockedBy: new Set([OWNER]) }))).toBe(false);
    expect(canViewCollection(owner, viewer({ blocking: new Set([OWNER]) }))).toBe(false);
    expect(canViewCollection({ id: OWNER, suspendedAt: new Date() }, ownerRelations())).toBe(false);
    expect(canViewCollection(owner, ownerRelations())).toBe(true);
  });
});
