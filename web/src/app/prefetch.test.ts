import { describe, expect, it } from 'vitest';
import { contract, paramsOf } from '../lib/contract';
import { pageData } from './prefetch';

describe('page data started at boot', () => {
  it('reads the params of a pattern from a path', () => {
    expect(paramsOf('/services/:serviceSlug', '/services/bots-ia')).toEqual({ serviceSlug: 'bots-ia' });
    expect(paramsOf('/projects/:projectId', '/projects/caf%C3%A9')).toEqual({ projectId: 'café' });
    expect(paramsOf('/services', '/services')).toEqual({});
    expect(paramsOf('/services/:serviceSlug', '/services')).toBeNull();
    expect(paramsOf('/services/:serviceSlug', '/projects/x')).toBeNull();
  });

  it('names only prerendered routes of the site', () => {
    const patterns = contract.routes.filter((r) => r.page).map((r) => r.pattern);
    for (const pattern of Object.keys(pageData)) expect(patterns).toContain(pattern);
  });
});
