import {createElement as h} from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import {describe, expect, it} from 'vitest';
import VmLifecycleTable from '.';
import {settledStates, vmActions} from '../../data/virtual-machines';

const rows = (html: string) => html.match(/<tr>/g)!.length - 1;

describe('VmLifecycleTable', () => {
  it('lists every settled status with what it keeps and bills', () => {
    const html = renderToStaticMarkup(h(VmLifecycleTable, {show: 'resources'}));
    // A column per status, after the column naming the part of the VM.
    expect(html.match(/<th>/g)!.length).toBe(settledStates.length + 1);
    expect(rows(html)).toBe(8);
    expect(html).toContain('<code>HIBERNATED</code>');
    expect(html).toContain('Counts against GPU quota');
    expect(html).not.toContain('flavor price');
    expect(html).toContain('Deleted');
  });

  it('keeps only the statuses asked for', () => {
    const html = renderToStaticMarkup(h(VmLifecycleTable, {show: 'resources', states: ['HIBERNATED']}));
    expect(html.match(/<th>/g)!.length).toBe(2);
    expect(html).toContain('<code>HIBERNATED</code>');
    expect(html).not.toContain('<code>ACTIVE</code>');
  });

  it('lists every action with its operation and statuses', () => {
    const html = renderToStaticMarkup(h(VmLifecycleTable, {show: 'actions'}));
    expect(rows(html)).toBe(vmActions.length);
    expect(html).toContain('<code>hibernateVirtualMachine</code>');
    expect(html).toContain('a new VM');
  });
});
