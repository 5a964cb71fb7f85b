import { describe, expect, it } from '@jest/globals';
import { pagesOf } from '@zunft/web-common';
import { ADMIN_APP_PAGES } from './App';

describe('admin/App renders every page of the one page list', () => {
  it('has a page for each entry of REMOTE_PAGES.admin.App, and no other', () => {
    expect(Object.keys(ADMIN_APP_PAGES).sort()).toEqual([...pagesOf('admin', 'App')].sort());
  });
});
