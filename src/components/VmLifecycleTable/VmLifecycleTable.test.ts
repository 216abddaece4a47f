import {createElement as h} from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import {describe, expect, it} from 'vitest';
import VmLifecycleTable from '.';
import {settledStates, vmActions} from '../../data/virtual-machines';

const rows = (html: string) => html.match(/<tr>/g)!.length - 1;

describe('VmLifecycleTable', () => {
  it('lists every settled status with what it keeps and bills', () => {
    const html = renderToStaticMarkup(h(VmLifecycleTable, {show: 'resources'}));
    expect(rows(html)).toBe(settledStates.length);
    expect(html).toContain('<code>HIBERNATED</code>');
    expect(html).toContain('Counts against GPU quota');
    expect(html).not.toContain('flavor price');
    expect(html).toContain('Deleted');
  });

  it('lists every action with its operation and statuses', () => {
    const html = renderToStaticMarkup(h(VmLifecycleTable, {show: 'actions'}));
    expect(rows(html)).toBe(vmActions.length);
    expect(html).toContain('<code>hibernateVirtualMachine</code>');
    expect(html).toContain('a new VM');
  });
});
