// The resource-management tables render their data, server-side, as the build does.
import {createElement as h, type ComponentType} from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import {describe, expect, it} from 'vitest';
import CallbackEventTable from './CallbackEventTable';
import CallbackRetryTable from './CallbackRetryTable';
import ObjectStorageEndpointTable from './ObjectStorageEndpointTable';
import PolicyTable from './PolicyTable';
import RoleTable from './RoleTable';
import {callbackEvents, callbackMaxAttempts} from '../data/callbacks';
import {builtInRoles, permissions, rbacPolicies} from '../data/organization';
import {objectStorageEndpoints} from '../data/regions';
import {regions} from '../data/platform';

const render = <P extends object>(component: ComponentType<P>, props?: P) => renderToStaticMarkup(h(component as ComponentType<object>, props ?? {}));
const rows = (html: string) => html.match(/<tr>/g)!.length - 1;
const cells = (html: string) => [...html.matchAll(/<t[dh][^>]*>(.*?)<\/t[dh]>/g)].map((m) => m[1].replace(/<[^>]+>/g, ''));

describe('resource-management tables', () => {
  it('CallbackEventTable lists every event type, with backticked text as code', () => {
    const html = render(CallbackEventTable);
    expect(rows(html)).toBe(callbackEvents.length);
    expect(html).toContain('<code>data.previous_status</code>');
  });

  it('CallbackRetryTable lists every attempt with its delay and running time', () => {
    const html = render(CallbackRetryTable);
    expect(rows(html)).toBe(callbackMaxAttempts);
    expect(cells(html)).toContain('30 seconds');
  });

  it('RoleTable marks what each built-in role grants', () => {
    const html = render(RoleTable);
    expect(rows(html)).toBe(permissions.length);
    const c = cells(html);
    expect(c.slice(0, builtInRoles.length + 1)).toEqual(['Permission', ...builtInRoles.map((r) => r.name)]);
    // Owner holds every permission the organization-admin policy grants; Viewer writes nothing.
    const writeRows = permissions.filter((p) => p.name.endsWith(':write')).length;
    expect((html.match(/aria-label="granted"/g) ?? []).length).toBeGreaterThan(writeRows);
    const viewerColumn = builtInRoles.findIndex((r) => r.name === 'Viewer') + 1;
    for (let row = 1; row <= permissions.length; row += 1) {
      const [name, ...marks] = c.slice(row * (builtInRoles.length + 1), (row + 1) * (builtInRoles.length + 1));
      if (name.endsWith(':write')) expect(marks[viewerColumn - 1], name).toBe('–');
    }
  });

  it('PolicyTable lists the policies, or the permissions', () => {
    expect(rows(render(PolicyTable))).toBe(rbacPolicies.length);
    expect(rows(render(PolicyTable, {permissions: true}))).toBe(permissions.length);
  });

  it('ObjectStorageEndpointTable gives every region its endpoint', () => {
    const html = render(ObjectStorageEndpointTable);
    expect(rows(html)).toBe(regions.length);
    for (const endpoint of Object.values(objectStorageEndpoints)) expect(html).toContain(endpoint);
  });
});
