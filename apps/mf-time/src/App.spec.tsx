import { describe, expect, it } from '@jest/globals';
import { pagesOf } from '@zunft/web-common';
import { TIME_APP_PAGES } from './App';

describe('time/App renders every page of the one page list', () => {
  it('has a page for each entry of REMOTE_PAGES.time.App, and no other', () => {
    expect(Object.keys(TIME_APP_PAGES).sort()).toEqual([...pagesOf('time', 'App')].sort());
  });
});
